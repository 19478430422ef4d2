// @ts-check
// What instances behind one address must share besides the files: sign-in codes, sessions and
// name locks. In this process's memory by default (`npm start`: one process, nothing to run), in
// Redis with a redis:// session store. The Redis client is loaded only then.
import { memoryLock } from './locks.mjs';
import { createSessions } from './sessions.mjs';
import { importOptional } from './optional.mjs';

/**
 * @typedef {object} SharedState
 * @property {import('./sessions.mjs').Sessions} sessions
 * @property {import('./locks.mjs').Lock} lock
 * @property {string} describe one line for the start banner (no credentials)
 * @property {(timeoutMs?: number) => Promise<void>} check throws when the session store does not answer (health endpoint)
 * @property {() => Promise<void>} close
 */

/**
 * @param {{ sessionStore: string, sessionPrefix: string, storeTimeoutMs: number }} opts
 * @param {import('./outages.mjs').Outages} outages
 * @returns {Promise<SharedState>}
 */
export async function openSharedState(opts, outages) {
  if (opts.sessionStore === 'memory') {
    return {
      sessions: createSessions(),
      lock: memoryLock(),
      describe: "memory (this process's only: a restart signs everyone out)",
      check: async () => {},
      close: async () => {},
    };
  }
  const [{ connectRedis, maskedUrl }, { redisSessions }, { redisLock }] = await Promise.all([
    importOptional(() => import('./redis.mjs'), 'redis', 'SESSION_STORE=redis://…'),
    import('./sessions-redis.mjs'),
    import('./locks.mjs'),
  ]);
  const redis = await connectRedis(opts.sessionStore, { timeoutMs: opts.storeTimeoutMs, outages });
  return {
    sessions: redisSessions(redis, opts.sessionPrefix),
    lock: redisLock(redis, opts.sessionPrefix),
    describe: `redis ${maskedUrl(opts.sessionStore)} (keys ${opts.sessionPrefix}*)`,
    check: (timeoutMs) => redis.check(timeoutMs),
    close: () => redis.close(),
  };
}
