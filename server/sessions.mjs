// @ts-check
// How a browser page signs in without a token in any served file: `npm start` prints a one-time
// sign-in link (a random code in the URL fragment, never sent to a server by the browser on its
// own); the page exchanges the code once for a random session token. Codes and sessions are held
// in this process's memory here, or in Redis (sessions-redis.mjs) where every instance sees them.
// MEDIA_TOKEN stays the credential for tools (curl, tests); it can also be exchanged for a session.
import { createHash, randomBytes } from 'node:crypto';

/** Sessions kept at most; the oldest is dropped beyond (memory stays bounded whatever clients do). */
export const MAX_SESSIONS = 1000;
/** Unused sign-in codes kept at most. */
export const MAX_CODES = 100;

// Stored as digests: a heap dump, a look into Redis or a timing difference in a lookup does not
// give the value away.
export const digest = (/** @type {string} */ s) => createHash('sha256').update(s).digest('base64url');
export const random = () => randomBytes(32).toString('base64url');

/**
 * One-time sign-in codes and revocable sessions, wherever they are kept.
 * @typedef {object} Sessions
 * @property {() => string} newCode a fresh one-time sign-in code (for the link `npm start` prints);
 *   it works once it is stored, which `redeem` waits for
 * @property {(code: string) => Promise<string | null>} redeem the code's new session token, or null
 *   when the code is unknown or was used already (on any instance)
 * @property {() => Promise<string>} open a session for a caller that proved itself some other way (MEDIA_TOKEN)
 * @property {(token: string) => Promise<boolean>} has
 * @property {(token: string) => Promise<boolean>} end ends a session: its token stops working everywhere
 */

/** @returns {Sessions} held in this process: a second instance does not know them, a restart ends them */
export function createSessions() {
  /** @type {Set<string>} digests of unused sign-in codes, oldest first */
  const codes = new Set();
  /** @type {Set<string>} digests of live session tokens, oldest first */
  const sessions = new Set();

  /** @param {Set<string>} set @param {number} max */
  const trim = (set, max) => {
    for (const oldest of set) {
      if (set.size <= max) break;
      set.delete(oldest);
    }
  };

  const open = () => {
    const token = random();
    sessions.add(digest(token));
    trim(sessions, MAX_SESSIONS);
    return token;
  };

  return {
    newCode() {
      const code = random();
      codes.add(digest(code));
      trim(codes, MAX_CODES);
      return code;
    },
    // Promises, as the Redis store answers: the routes cannot tell which one they have.
    redeem: (code) => Promise.resolve(codes.delete(digest(code)) ? open() : null),
    open: () => Promise.resolve(open()),
    has: (token) => Promise.resolve(sessions.has(digest(token))),
    end: (token) => Promise.resolve(sessions.delete(digest(token))),
  };
}

/** A sign-in link for a page origin ('http://127.0.0.1:5173'). */
export const signInLink = (/** @type {string} */ origin, /** @type {string} */ code) => `${origin}/#signin=${code}`;

/**
 * POST /api/session `{ code }`: the one-time code's session, `{ token }`; a second use is 401.
 * POST /api/session with `Authorization: Bearer <MEDIA_TOKEN>`: a session for tools and tests.
 * GET /api/session: 200 while the caller's session (or token) is valid, else 401.
 * DELETE /api/session: ends the caller's session.
 * @param {import('fastify').FastifyInstance} app
 * @param {Sessions} sessions
 * @param {(token: string) => boolean} isServiceToken
 * @param {import('fastify').onRequestHookHandler} auth
 */
export function sessionRoutes(app, sessions, isServiceToken, auth) {
  app.post('/api/session', async (req, reply) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer && isServiceToken(bearer)) return reply.code(200).send({ token: await sessions.open() });
    const body = /** @type {{ code?: unknown } | null | undefined} */ (req.body);
    const code = body && typeof body === 'object' ? body.code : undefined;
    if (typeof code !== 'string' || code.length === 0 || code.length > 200) {
      return reply.code(400).send({ error: 'send { "code": "<sign-in code>" } as application/json' });
    }
    const token = await sessions.redeem(code);
    if (!token)
      return reply
        .code(401)
        .send({ error: 'this sign-in link is unknown or was used already: ask the terminal running npm start for a new one' });
    return reply.code(200).header('cache-control', 'no-store').send({ token });
  });

  app.get('/api/session', { onRequest: auth }, () => ({ signedIn: true }));

  app.delete('/api/session', { onRequest: auth }, async (req) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return { ended: await sessions.end(bearer) };
  });
}
