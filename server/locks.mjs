// @ts-check
// "Only one at a time for this name": what a no-cover upload needs between "is the name free?" and
// "make the file visible" on a store that cannot refuse an existing name by itself (an S3-compatible
// store without conditional writes). In one process a queue per name does it; across instances a
// Redis key with an owner and an expiry (SET NX PX), released only by its owner, so a lock whose
// holder died frees itself after LOCK_MS.
import { randomBytes } from 'node:crypto';
import { HttpError } from './storage.mjs';

/** @typedef {<T>(name: string, critical: () => Promise<T>) => Promise<T>} Lock */

/** Longest a lock is held; the critical step (a HEAD and one commit request) takes far less. */
export const LOCK_MS = 30_000;
/** Longest a caller waits for a lock before answering 503. */
const WAIT_MS = 60_000;

/** @returns {Lock} within this process only */
export function memoryLock() {
  /** @type {Map<string, Promise<unknown>>} the last holder's turn per name */
  const tails = new Map();
  return async (name, critical) => {
    const before = tails.get(name) ?? Promise.resolve();
    const turn = before.catch(() => undefined).then(critical);
    const settled = turn.catch(() => undefined);
    tails.set(name, settled);
    try {
      return await turn;
    } finally {
      // The map only holds names someone is waiting for.
      if (tails.get(name) === settled) tails.delete(name);
    }
  };
}

// Deletes the key only when it still holds our owner value: a lock that expired and was taken by
// another instance is not released by us.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * @param {import('./redis.mjs').Redis} redis @param {string} prefix
 * @returns {Lock} across every instance that shares this Redis
 */
export function redisLock(redis, prefix) {
  const local = memoryLock();
  return (name, critical) =>
    // Queued in-process first, so this instance's own callers do not poll Redis against each other.
    local(name, async () => {
      const key = `${prefix}lock:${name}`;
      const owner = randomBytes(16).toString('base64url');
      const deadline = Date.now() + WAIT_MS;
      for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
        const got = await redis.run((c) => c.set(key, owner, { condition: 'NX', expiration: { type: 'PX', value: LOCK_MS } }));
        if (got === 'OK') break;
        if (Date.now() > deadline) throw new HttpError(503, 'another upload of this name is still being stored: try again');
        await new Promise((r) => setTimeout(r, wait));
      }
      try {
        return await critical();
      } finally {
        await redis.run((c) => c.eval(RELEASE, { keys: [key], arguments: [owner] })).catch(() => undefined);
      }
    });
}
