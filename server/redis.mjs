// @ts-check
// The Redis connection behind shared sessions and locks (SESSION_STORE=redis://...). Requests
// must not hang while Redis is away: commands fail at once while it is disconnected (no offline
// queue), and a Redis that accepts connections but answers nothing (stopped, overloaded) costs a
// command at most the deadline. Either way the routes answer 503 naming the session store, while
// the client reconnects in the background; the outage is logged once, with its cause, and its end
// too (outages.mjs). The URL may hold a password: it is never printed; messages show it masked.
import { createClient } from 'redis';
import { SESSION_STORE, DependencyError, checkMs, lateError, seconds, unavailableError } from './dependency.mjs';
import { withDeadline } from './deadline.mjs';

/** The URL as it may be shown: no user name or password. */
export const maskedUrl = (/** @type {string} */ url) => url.replace(/^(rediss?:\/\/)[^@/]*@/i, '$1***@');

/**
 * @param {string} url
 * @param {{ ready: boolean }} state whether it was connected once: before, a failure is final
 */
const makeClient = (url, state) =>
  createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      // At start, two more tries and then the start fails with the reason; once running, retry
      // every half second up to 2 s apart, never giving up while the service runs.
      reconnectStrategy: (retries, cause) => (state.ready ? Math.min(500 * (retries + 1), 2000) : retries < 2 ? 200 : cause),
    },
  });

/**
 * @typedef {object} Redis
 * @property {<T>(command: (client: ReturnType<typeof makeClient>) => Promise<T>) => Promise<T>} run
 *   runs a command, or throws 503 (DependencyError) when Redis cannot answer within the deadline
 * @property {(err: unknown) => string} describeError
 * @property {(timeoutMs?: number) => Promise<void>} check throws when Redis does not answer PING
 * @property {() => Promise<void>} close
 */

/**
 * Connects, or throws a message naming SESSION_STORE when Redis cannot be reached or does not
 * answer in time (checkMs: within 5 s at most, so that a host's plugin timeout does not speak first).
 * @param {string} url
 * @param {{ timeoutMs: number, outages: import('./outages.mjs').Outages }} o
 *   `timeoutMs`: the deadline of one command (and of the connection at start)
 * @returns {Promise<Redis>}
 */
export async function connectRedis(url, { timeoutMs, outages }) {
  const shown = maskedUrl(url);
  const state = { ready: false };
  const client = makeClient(url, state);
  /** @param {unknown} err */
  const describeError = (err) => `${shown}: ${err instanceof Error ? err.message || err.name : String(err)}`;
  // Without a listener an 'error' event would end the process. Once running, the outage log says
  // it once per outage (the client reconnects on its own); at start the thrown error says it.
  client.on('error', (err) => state.ready && outages.failed(SESSION_STORE, shown, err));
  client.on('ready', () => state.ready && outages.answered(SESSION_STORE, shown));
  try {
    // A Redis that accepts the connection and answers nothing would keep connect() waiting for ever.
    const startMs = checkMs(timeoutMs);
    await withDeadline(
      () => client.connect(),
      startMs,
      () => new Error(`no answer within ${seconds(startMs)}`),
    );
    state.ready = true;
  } catch (err) {
    client.destroy();
    throw new Error(`the session store ${shown} cannot be reached (check SESSION_STORE): ${describeError(err).slice(shown.length + 2)}`, {
      cause: err,
    });
  }

  /**
   * @template T
   * @param {(client: ReturnType<typeof makeClient>) => Promise<T>} command @param {number} ms
   * @returns {Promise<T>}
   */
  const within = async (command, ms) => {
    try {
      const answer = await withDeadline(
        () => command(client),
        ms,
        () => lateError(SESSION_STORE, ms),
      );
      outages.answered(SESSION_STORE, shown);
      return answer;
    } catch (err) {
      const failure = err instanceof DependencyError ? err : unavailableError(SESSION_STORE, err);
      outages.failed(SESSION_STORE, shown, failure);
      throw failure;
    }
  };
  return {
    run: (command) => within(command, timeoutMs),
    describeError,
    async check(ms = timeoutMs) {
      await within((c) => c.ping(), ms);
    },
    async close() {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
