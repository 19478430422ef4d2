// @ts-check
// How a browser page signs in without a token in any served file: `npm start` prints a one-time
// sign-in link (a random code in the URL fragment, never sent to a server by the browser on its
// own); the page exchanges the code once for a random session token held in server memory.
// MEDIA_TOKEN stays the credential for tools (curl, tests); it can also be exchanged for a session.
import { createHash, randomBytes } from 'node:crypto';

/** Sessions kept at most; the oldest is dropped beyond (memory stays bounded whatever clients do). */
const MAX_SESSIONS = 1000;
/** Unused sign-in codes kept at most. */
const MAX_CODES = 100;

// Stored as digests: a heap dump or a timing difference in Map lookup does not give the value away.
const digest = (/** @type {string} */ s) => createHash('sha256').update(s).digest('base64url');
const random = () => randomBytes(32).toString('base64url');

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
    /** A fresh one-time sign-in code (for the link `npm start` prints). */
    newCode() {
      const code = random();
      codes.add(digest(code));
      trim(codes, MAX_CODES);
      return code;
    },
    /** The code's session token, or null when the code is unknown or was used already. */
    redeem(/** @type {string} */ code) {
      const d = digest(code);
      if (!codes.delete(d)) return null;
      return open();
    },
    /** A session for a caller that proved itself some other way (MEDIA_TOKEN). */
    open,
    has: (/** @type {string} */ token) => sessions.has(digest(token)),
    end: (/** @type {string} */ token) => sessions.delete(digest(token)),
  };
}

/** @typedef {ReturnType<typeof createSessions>} Sessions */

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
    if (bearer && isServiceToken(bearer)) return reply.code(200).send({ token: sessions.open() });
    const body = /** @type {{ code?: unknown } | null | undefined} */ (req.body);
    const code = body && typeof body === 'object' ? body.code : undefined;
    if (typeof code !== 'string' || code.length === 0 || code.length > 200) {
      return reply.code(400).send({ error: 'send { "code": "<sign-in code>" } as application/json' });
    }
    const token = sessions.redeem(code);
    if (!token)
      return reply
        .code(401)
        .send({ error: 'this sign-in link is unknown or was used already: ask the terminal running npm start for a new one' });
    return reply.code(200).header('cache-control', 'no-store').send({ token });
  });

  app.get('/api/session', { onRequest: auth }, () => ({ signedIn: true }));

  app.delete('/api/session', { onRequest: auth }, (req) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return { ended: sessions.end(bearer) };
  });
}
