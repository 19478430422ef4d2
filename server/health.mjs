// @ts-check
// GET /api/health for a load balancer or an operator: 200 while this instance can reach its store
// and its session store, 503 naming which one it cannot and why, in the words a failed request
// gets (`the media store did not answer within 5 s`). No token needed, and nothing in the answer is
// secret: kinds of store, counts and causes from a fixed vocabulary, never URLs, bucket names or
// credentials. It also says how the seed of the built-ins is getting on (seeding.mjs).
import { DependencyError, MEDIA_STORE, SESSION_STORE, causeOf, checkMs, seconds } from './dependency.mjs';

/**
 * Why a check failed, in words anyone may read, or null. A store without deadlines of its own (the
 * disk) still answers within `ms` plus a second: then it is called unreachable.
 * @param {(ms: number) => Promise<void>} check @param {string} name @param {number} ms
 * @returns {Promise<string | null>}
 */
async function problemOf(check, name, ms) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(`the ${name} did not answer within ${seconds(ms)}`), ms + 1000)));
  try {
    return await Promise.race([check(ms).then(() => null), late]);
  } catch (err) {
    return err instanceof DependencyError ? err.message : `the ${name} failed (${causeOf(err)})`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ store: import('./store.mjs').Store, shared: import('./shared-state.mjs').SharedState,
 *   sessionStore: string, activity: { uploading: number }, seeding: import('./seeding.mjs').Seeding,
 *   storeTimeoutMs: number }} o
 */
export function healthRoutes(app, { store, shared, sessionStore, activity, seeding, storeTimeoutMs }) {
  // A load balancer's own check gives up after a few seconds: answer within them.
  const ms = checkMs(storeTimeoutMs);
  app.get('/api/health', async (_req, reply) => {
    const [storeProblem, sessionProblem] = await Promise.all([
      problemOf((t) => store.check(t), MEDIA_STORE, ms),
      problemOf((t) => shared.check(t), SESSION_STORE, ms),
    ]);
    const ok = !storeProblem && !sessionProblem;
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ok' : 'unavailable',
        store: { kind: store.kind, ok: !storeProblem, ...(storeProblem ? { problem: storeProblem } : {}) },
        sessions: {
          kind: sessionStore === 'memory' ? 'memory' : 'redis',
          ok: !sessionProblem,
          ...(sessionProblem ? { problem: sessionProblem } : {}),
        },
        // Uploads this instance is receiving now: drain to 0 before taking it out of a pool.
        uploading: activity.uploading,
        // The built-in files: written in the background after a start; the rest serves meanwhile.
        seed: seeding.state(),
      });
  });
}
