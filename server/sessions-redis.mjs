// @ts-check
// Sign-in codes and sessions in Redis, so that every instance behind one address accepts a session
// any of them opened, a code works once across all of them, and a restart signs nobody out. Both
// are sorted sets of digests (never the values) scored by creation time: ZREM answers 1 to exactly
// one caller, which makes a code one-time without a transaction, and the oldest entries beyond the
// caps of sessions.mjs are dropped, as in memory.
import { MAX_CODES, MAX_SESSIONS, digest, random } from './sessions.mjs';

/**
 * @param {import('./redis.mjs').Redis} redis
 * @param {string} prefix the keys' prefix ('dash3d:')
 * @returns {import('./sessions.mjs').Sessions}
 */
export function redisSessions(redis, prefix) {
  const CODES = `${prefix}codes`;
  const SESSIONS = `${prefix}sessions`;

  /** Adds a digest and trims the set to its newest `max`. @param {string} key @param {string} d @param {number} max */
  const add = async (key, d, max) => {
    await redis.run((c) => c.zAdd(key, { score: Date.now(), value: d }));
    await redis.run((c) => c.zRemRangeByRank(key, 0, -(max + 1)));
  };

  /** Writes of codes this process handed out and has not seen stored yet. */
  const pending = new Set();

  const open = async () => {
    const token = random();
    await add(SESSIONS, digest(token), MAX_SESSIONS);
    return token;
  };

  return {
    newCode() {
      const code = random();
      // newCode stays synchronous for the launchers' banner; redeem waits for the write.
      const write = add(CODES, digest(code), MAX_CODES).catch((/** @type {unknown} */ err) => {
        console.error(`dash3d: a sign-in code could not be stored in the session store: ${redis.describeError(err)}`);
      });
      pending.add(write);
      void write.finally(() => pending.delete(write));
      return code;
    },
    async redeem(code) {
      await Promise.all(pending);
      const removed = await redis.run((c) => c.zRem(CODES, digest(code)));
      return removed === 1 ? open() : null;
    },
    open,
    has: async (token) => (await redis.run((c) => c.zScore(SESSIONS, digest(token)))) !== null,
    end: async (token) => (await redis.run((c) => c.zRem(SESSIONS, digest(token)))) === 1,
  };
}
