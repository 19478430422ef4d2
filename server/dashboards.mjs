// @ts-check
// Saved dashboards for the playground: stored as sent (any JSON), listed by id, name and date.
// The content is not validated here: the client parses it with the shared schema on load.
// Each dashboard is one file `<id>.json` in the dashboards' store (store.mjs), written whole.
import { DependencyError } from './dependency.mjs';
import { HttpError } from './storage.mjs';
import { EXAMPLE_DASHBOARD_ID } from './example.mjs';

export const DASHBOARD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** @param {unknown} params */
function idOf(params) {
  const id = /** @type {{ id?: unknown }} */ (params).id;
  if (typeof id !== 'string' || !DASHBOARD_ID.test(id)) throw new HttpError(400, 'dashboard id must be 1 to 64 of A-Z a-z 0-9 _ -');
  return id;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const fileOf = (/** @type {string} */ id) => [`${id}.json`];

/** The name a list shows: the document's string `name`, else its id. @param {string} id @param {string} text */
function nameOf(id, text) {
  try {
    const doc = JSON.parse(text);
    if (doc && typeof doc === 'object' && typeof doc.name === 'string' && doc.name) return doc.name;
  } catch {
    // Stored before it was broken by hand, perhaps: still listed, the client reports it on load.
  }
  return id;
}

/** @param {import('./store.mjs').Store} store @param {string} id */
async function summaryOf(store, id) {
  const [text, st] = await Promise.all([store.readText(fileOf(id)), store.stat(fileOf(id))]);
  if (text === null || !st) return null;
  return { id, name: nameOf(id, text), updatedAt: st.mtime.toISOString() };
}

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ maxDashboardBytes: number }} opts
 * @param {import('./store.mjs').Store} store the dashboards'
 * @param {import('fastify').onRequestHookHandler} auth
 */
export async function dashboardRoutes(app, opts, store, auth) {
  // This scope stores the body's bytes as they came; the check is only that they parse as JSON.
  // Nothing here waits, so the plugin is the callback kind: it says it is done at the end.
  await app.register((scope, _opts, registered) => {
    // Only JSON comes in here (text/plain or multipart would be stored unchecked otherwise).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: opts.maxDashboardBytes }, (_req, body, done) => {
      try {
        JSON.parse(/** @type {string} */ (body));
        done(null, body);
      } catch {
        done(new HttpError(400, 'body is not valid JSON'), undefined);
      }
    });

    scope.get('/api/dashboards', { onRequest: auth }, async () => {
      const names = ((await store.list([])) ?? []).filter((e) => !e.isDir).map((e) => e.name);
      const ids = names
        .filter((n) => n.endsWith('.json'))
        .map((n) => n.slice(0, -5))
        .filter((id) => DASHBOARD_ID.test(id));
      // A dashboard that cannot be read is left out; a store that fails is a 503, not a shorter list.
      const all = await Promise.all(
        ids.map((id) =>
          summaryOf(store, id).catch((err) => {
            if (err instanceof DependencyError) throw err;
            return null;
          }),
        ),
      );
      // The seeded example first (a new user's way in), then the most recently saved.
      const first = (/** @type {{ id: string }} */ d) => (d.id === EXAMPLE_DASHBOARD_ID ? 0 : 1);
      return all
        .filter((d) => d !== null)
        .sort((a, b) => first(a) - first(b) || b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
    });

    scope.get('/api/dashboards/:id', { onRequest: auth }, async (req, reply) => {
      const id = idOf(req.params);
      const text = await store.readText(fileOf(id));
      if (text === null) throw new HttpError(404, `no dashboard "${id}"`);
      return reply.type(JSON_TYPE).header('cache-control', 'no-store').send(text);
    });

    scope.put('/api/dashboards/:id', { onRequest: auth }, async (req) => {
      const id = idOf(req.params);
      if (typeof req.body !== 'string') throw new HttpError(415, 'send the dashboard as application/json');
      await store.put(fileOf(id), req.body, { contentType: JSON_TYPE });
      const st = await store.stat(fileOf(id));
      return { id, name: nameOf(id, req.body), updatedAt: (st?.mtime ?? new Date()).toISOString() };
    });
    registered();
  });
}
