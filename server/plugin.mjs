// @ts-check
// The media-library service as a fastify plugin: `app.register(mediaLibrary, { root, token })` puts
// spec §7's routes on any fastify 5 app, ours (app.mjs) or a host's. It is deliberately not wrapped
// with fastify-plugin: its error handler, its body limit and (when it brings its own)
// @fastify/multipart stay inside its own encapsulation context, so the host's other routes keep the
// host's settings. It sets no not-found handler: that is the host's (fastify allows one per prefix).
import { createHash, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import { dashboardRoutes } from './dashboards.mjs';
import { answerError } from './errors.mjs';
import { mediaRoutes } from './media-routes.mjs';
import { resolveOptions } from './options.mjs';
import { outageLog } from './outages.mjs';
import { noSeeding, seedInBackground } from './seeding.mjs';
import { serveRoutes } from './serve.mjs';
import { healthRoutes } from './health.mjs';
import { sessionRoutes } from './sessions.mjs';
import { openSharedState } from './shared-state.mjs';
import { openStores } from './stores.mjs';

/** Compares digests so neither the token's length nor its content leaks through timing. */
function tokenMatcher(/** @type {string} */ token) {
  const want = createHash('sha256').update(token).digest();
  return (/** @type {string} */ got) => timingSafeEqual(want, createHash('sha256').update(got).digest());
}

/**
 * Uploads stream through @fastify/multipart's `req.parts()`. A host that registered it already
 * (on its root, as fastify-plugin makes it) lends us its decorators: registering it again below
 * would throw on the duplicate decorators. The upload route passes its own limits per request, so
 * the host's multipart options do not change ours.
 * @param {import('fastify').FastifyInstance} app
 */
async function ensureMultipart(app) {
  if (app.hasRequestDecorator('isMultipart')) return;
  // Some other multipart parser of the host's: ours replaces it, inside this context only.
  if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart);
}

/**
 * Registers list, upload, delete and config (/core/mediaLibrary…), /media/…, /api/session,
 * /api/health and, with `dashboardsRoot` (or `s3`), /api/dashboards. Before the routes exist it
 * connects to the stores (a wrong bucket, a store or a Redis that is unreachable or does not answer
 * within its deadline fails the registration with a message naming the setting) and removes what a
 * crash left on the disk. With `seed` (the default) the built-in resources are written afterwards,
 * in the background (seeding.mjs): the service serves while a slow store takes its time, and
 * `seeded` says when they are all there. A register prefix moves every route under it.
 * @type {import('fastify').FastifyPluginAsync<import('./options.mjs').MediaLibraryOptions>}
 */
export const mediaLibrary = async (app, options) => {
  const opts = resolveOptions(options, app.prefix);
  // Failures of the stores go to the app's logger, once per outage.
  const outages = outageLog(app.log);
  const shared = await openSharedState(opts, outages);
  /** @type {import('./stores.mjs').Stores} */
  let stores;
  try {
    stores = await openStores(opts, shared, { outages, log: app.log });
  } catch (err) {
    await shared.close();
    throw err;
  }
  const { media, dashboards } = stores;
  const removedTempFiles = [...(await media.removeStale()), ...(dashboards ? await dashboards.removeStale() : [])];
  const seeding = opts.seed ? seedInBackground({ media, dashboards, log: app.log }) : noSeeding();
  app.addHook('onClose', async () => {
    // No new seed file; the one being written fails fast once the stores are closed.
    seeding.stop();
    await Promise.all([stores.close(), shared.close()]);
    await seeding.done;
  });

  await ensureMultipart(app);
  // One body limit for every route of the service, whatever the host's bodyLimit: a 413 names it.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= opts.maxDashboardBytes;
  });
  app.setErrorHandler(answerError);

  const matches = tokenMatcher(opts.token);
  const { sessions } = shared;
  /** @type {import('fastify').onRequestHookHandler} */
  const auth = async (req, reply) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const given = m?.[1] ?? '';
    if (!m || !(matches(given) || (await sessions.has(given)))) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'missing or wrong Authorization: Bearer token' });
    }
  };

  const activity = { uploading: 0 };
  mediaRoutes(app, opts, media, auth, activity);
  serveRoutes(app, media);
  sessionRoutes(app, sessions, matches, auth);
  healthRoutes(app, { store: media, shared, sessionStore: opts.sessionStore, activity, seeding, storeTimeoutMs: opts.storeTimeoutMs });
  if (dashboards) await dashboardRoutes(app, { maxDashboardBytes: opts.maxDashboardBytes }, dashboards, auth);
  options.onRegistered?.({
    options: opts,
    sessions,
    removedTempFiles,
    store: stores.describe,
    sessionStore: shared.describe,
    seeded: seeding.done,
  });
};
