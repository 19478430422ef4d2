// @ts-check
// "Only one at a time for this name": what writes of one name need on an S3-compatible store without
// conditional writes, between "is the name free?" and "make the file visible", and between two
// covers on a store that may write an object in place. In one process a queue per name does it;
// across instances a Redis key with an owner and an expiry (SET NX PX), released only by its owner,
// so a lock whose holder died frees itself. Nobody waits unbounded: a holder holds at most
// `holdMs` (the caller's bound on its own work: the deadlines of its calls to the store), and a
// caller that has not got the lock within `holdMs` answers 503.
import { randomBytes } from 'node:crypto';
import { withDeadline } from './deadline.mjs';
import { HttpError } from './storage.mjs';

/** @typedef {<T>(name: string, holdMs: number, critical: () => Promise<T>) => Promise<T>} Lock */

const busy = () => new HttpError(503, 'another upload of this name is still being stored: try again');

/** @returns {Lock} within this process only */
export function memoryLock() {
  /** @type {Map<string, Promise<void>>} settles when the last caller in the queue for a name is done */
  const tails = new Map();
  return async (name, holdMs, critical) => {
    const before = tails.get(name) ?? Promise.resolve();
    /** @type {(v?: unknown) => void} */
    let release = () => {};
    const released = new Promise((resolve) => (release = resolve));
    // The next caller waits for everyone before this one, and for this one (released when done,
    // or at once when it gave up waiting: then the next still waits for those before).
    const tail = before.then(() => released).then(() => undefined);
    tails.set(name, tail);
    try {
      await withDeadline(() => before, holdMs, busy);
      return await critical();
    } finally {
      release();
      // The map only holds names someone is queued for.
      void tail.then(() => tails.get(name) === tail && tails.delete(name));
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
  return (name, holdMs, critical) =>
    // Queued in-process first, so this instance's own callers do not poll Redis against each other.
    local(name, holdMs, async () => {
      const key = `${prefix}lock:${name}`;
      const owner = randomBytes(16).toString('base64url');
      const deadline = Date.now() + holdMs;
      for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
        const got = await redis.run((c) => c.set(key, owner, { condition: 'NX', expiration: { type: 'PX', value: holdMs } }));
        if (got === 'OK') break;
        if (Date.now() > deadline) throw busy();
        await new Promise((r) => setTimeout(r, wait));
      }
      try {
        return await critical();
      } finally {
        await redis.run((c) => c.eval(RELEASE, { keys: [key], arguments: [owner] })).catch(() => undefined);
      }
    });
}
