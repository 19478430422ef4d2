// @ts-check
// The Redis connection behind shared sessions and locks (SESSION_STORE=redis://...). Requests
// must not hang while Redis is away: commands fail at once (no offline queue) and the routes
// answer 503 naming the session store, while the client reconnects in the background. The URL may
// hold a password: it is never printed; messages show it with the credentials masked.
import { createClient } from 'redis';
import { HttpError } from './storage.mjs';

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
 *   runs a command, or throws 503 when Redis cannot answer
 * @property {(err: unknown) => string} describeError
 * @property {() => Promise<void>} check throws when Redis does not answer PING
 * @property {() => Promise<void>} close
 */

/**
 * Connects, or throws a message naming SESSION_STORE when Redis cannot be reached.
 * @param {string} url
 * @returns {Promise<Redis>}
 */
export async function connectRedis(url) {
  const shown = maskedUrl(url);
  const state = { ready: false };
  const client = makeClient(url, state);
  /** @param {unknown} err */
  const describeError = (err) => `${shown}: ${err instanceof Error ? err.message || err.name : String(err)}`;
  let lastLogged = '';
  // Without a listener an 'error' event would end the process; each distinct failure is logged once.
  client.on('error', (err) => {
    const text = describeError(err);
    if (text !== lastLogged) console.error(`dash3d: session store ${text} (reconnecting)`);
    lastLogged = text;
  });
  client.on('ready', () => (lastLogged = ''));
  try {
    await client.connect();
    state.ready = true;
  } catch (err) {
    client.destroy();
    throw new Error(`the session store ${shown} cannot be reached (check SESSION_STORE): ${describeError(err).slice(shown.length + 2)}`, {
      cause: err,
    });
  }
  return {
    async run(command) {
      try {
        return await command(client);
      } catch {
        throw new HttpError(503, 'the session store is not available: try again in a moment');
      }
    },
    describeError,
    async check() {
      await client.ping();
    },
    async close() {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
