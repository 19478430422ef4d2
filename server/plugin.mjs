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
import { seedExampleDashboard } from './example.mjs';
import { mediaRoutes } from './media-routes.mjs';
import { resolveOptions } from './options.mjs';
import { seedMediaRoot } from './seed.mjs';
import { serveRoutes } from './serve.mjs';
import { createSessions, sessionRoutes } from './sessions.mjs';
import { removeStaleTempFiles } from './storage.mjs';

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
 * Registers list, upload, delete and config (/core/mediaLibrary…), /media/…, /api/session and,
 * with `dashboardsRoot`, /api/dashboards. Before the routes exist it removes what a crash left
 * (temporary files) and, with `seed` (the default), writes the built-in resources: a request can
 * never see a half-seeded root. A register prefix moves every route under it.
 * @type {import('fastify').FastifyPluginAsync<import('./options.mjs').MediaLibraryOptions>}
 */
export const mediaLibrary = async (app, options) => {
  const opts = resolveOptions(options, app.prefix);
  const { root, dashboardsRoot } = opts;
  const removedTempFiles = [...(await removeStaleTempFiles(root)), ...(dashboardsRoot ? await removeStaleTempFiles(dashboardsRoot) : [])];
  if (opts.seed) {
    await seedMediaRoot(root);
    if (dashboardsRoot) await seedExampleDashboard(dashboardsRoot);
  }

  await ensureMultipart(app);
  // One body limit for every route of the service, whatever the host's bodyLimit: a 413 names it.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= opts.maxDashboardBytes;
  });
  app.setErrorHandler(answerError);

  const matches = tokenMatcher(opts.token);
  const sessions = createSessions();
  /** @type {import('fastify').onRequestHookHandler} */
  const auth = async (req, reply) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const given = m?.[1] ?? '';
    if (!m || !(matches(given) || sessions.has(given))) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'missing or wrong Authorization: Bearer token' });
    }
  };

  mediaRoutes(app, opts, auth);
  serveRoutes(app, opts);
  sessionRoutes(app, sessions, matches, auth);
  if (dashboardsRoot) await dashboardRoutes(app, { dashboardsRoot, maxDashboardBytes: opts.maxDashboardBytes }, auth);
  options.onRegistered?.({ options: opts, sessions, removedTempFiles });
};
