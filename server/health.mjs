// @ts-check
// GET /api/health for a load balancer or an operator: 200 while this instance can reach its store
// and its session store, 503 naming which one it cannot. No token needed, and nothing in the
// answer is secret: kinds of store and counts, never URLs, bucket names or credentials.

/** Longest a health check waits for one store before calling it unreachable. */
const CHECK_MS = 5000;

/** @param {() => Promise<void>} check @returns {Promise<string | null>} why it failed, or null */
async function problemOf(check) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve('no answer within 5 s'), CHECK_MS)));
  try {
    return await Promise.race([check().then(() => null), late]);
  } catch (err) {
    return err instanceof Error ? err.name || 'error' : 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ store: import('./store.mjs').Store, shared: import('./shared-state.mjs').SharedState,
 *   sessionStore: string, activity: { uploading: number } }} o
 */
export function healthRoutes(app, { store, shared, sessionStore, activity }) {
  app.get('/api/health', async (_req, reply) => {
    const [storeProblem, sessionProblem] = await Promise.all([problemOf(store.check), problemOf(shared.check)]);
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
      });
  });
}
