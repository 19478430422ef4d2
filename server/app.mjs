// @ts-check
// Builds the media-library service from explicit options; server/index.mjs and scripts/start.mjs
// read the environment, tests pass a temporary root and a test token. With `staticRoot` it also
// serves the built playground, so `npm start` is one origin on one port.
import { createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { STANDARD_FORMATS, parseFormatList } from './formats.mjs';
import { mediaRoutes } from './media-routes.mjs';
import { serveRoutes } from './serve.mjs';
import { dashboardRoutes } from './dashboards.mjs';
import { seedMediaRoot } from './seed.mjs';
import { seedExampleDashboard } from './example.mjs';
import { createSessions, sessionRoutes } from './sessions.mjs';
import { staticRoutes } from './static.mjs';
import { removeStaleTempFiles } from './storage.mjs';

/**
 * @typedef {object} AppOptions
 * @property {string} root media root folder (created when missing)
 * @property {string} token the Bearer token that listing, uploading and dashboards need
 * @property {string} dashboardsRoot where dashboards are stored (created when missing)
 * @property {string | readonly string[]} [allowedFormats] extensions without dots; [] allows all; default STANDARD_FORMATS
 * @property {number} [maxUploadBytes] per uploaded file; default 100 MiB
 * @property {number} [maxDashboardBytes] per dashboard document; default 10 MiB
 * @property {string} [publicUrl] prepended to '/media/...' in upload answers' `url`; default '' (same origin)
 * @property {boolean} [seed] write the built-in resources and the example dashboard on first start; default true
 * @property {string} [staticRoot] a built playground (dist/) to serve at `/`; default none
 * @property {boolean | object} [logger] fastify logger option; default false
 */

/**
 * @typedef {object} ResolvedOptions
 * @property {string} root
 * @property {string} dashboardsRoot
 * @property {string} token
 * @property {string[]} allowedFormats
 * @property {number} maxUploadBytes
 * @property {number} maxDashboardBytes
 * @property {string} publicUrl
 */

export const MIB = 1024 * 1024;

/** @param {AppOptions} o @returns {ResolvedOptions} */
export function resolveOptions(o) {
  if (!o.root) throw new Error('media root is required');
  if (!o.dashboardsRoot) throw new Error('dashboards root is required');
  if (!o.token) throw new Error('a media token is required');
  const root = path.resolve(o.root);
  return {
    root,
    dashboardsRoot: path.resolve(o.dashboardsRoot),
    token: o.token,
    allowedFormats: parseFormatList(o.allowedFormats ?? STANDARD_FORMATS),
    maxUploadBytes: o.maxUploadBytes ?? 100 * MIB,
    maxDashboardBytes: o.maxDashboardBytes ?? 10 * MIB,
    publicUrl: (o.publicUrl ?? '').replace(/\/+$/, ''),
  };
}

/**
 * Reads and drops what is left of a request body, to its end.
 * @param {import('node:http').IncomingMessage} stream
 */
function drain(stream) {
  return new Promise((resolve) => {
    if (stream.readableEnded || stream.destroyed) return resolve(undefined);
    stream.once('end', resolve);
    stream.once('error', resolve);
    stream.once('close', resolve);
    stream.resume();
  });
}

/** Compares digests so neither the token's length nor its content leaks through timing. */
function tokenMatcher(/** @type {string} */ token) {
  const want = createHash('sha256').update(token).digest();
  return (/** @type {string} */ got) => timingSafeEqual(want, createHash('sha256').update(got).digest());
}

/** @param {AppOptions} options */
export async function buildApp(options) {
  const opts = resolveOptions(options);
  // A crash mid-upload or mid-save left hidden temporary files: nothing can still be writing them.
  const removed = [...(await removeStaleTempFiles(opts.root)), ...(await removeStaleTempFiles(opts.dashboardsRoot))];
  if (options.seed !== false) {
    await seedMediaRoot(opts.root);
    await seedExampleDashboard(opts.dashboardsRoot);
  }

  // forceCloseConnections: closing (Ctrl-C, tests) must not wait for clients' keep-alive sockets.
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: opts.maxDashboardBytes, forceCloseConnections: true });
  // A file over the limit arrives truncated (file.truncated), so the route can clean up and answer 413.
  await app.register(multipart, { throwFileSizeLimit: false });

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

  app.setErrorHandler(async (err, req, reply) => {
    const e = /** @type {{ statusCode?: number, message?: string, code?: string, details?: Record<string, unknown> }} */ (err);
    // A name the file system finds too long is the request's fault, not the service's.
    if (e.code === 'ENAMETOOLONG') return reply.code(400).send({ error: 'path too long for the file system' });
    // Fastify's own body limit (dashboards, JSON): say which limit, in bytes, so a client can show it.
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Fastify refuses by the declared length before reading (or at the limit of a chunked body)
      // and would close the connection at once: a client still sending then sees a reset, and a
      // proxy in front (Vite's under `npm run dev`, which asks for `connection: close`) a broken
      // pipe, which it answers with 502. So the whole rest is read and dropped first, whatever its
      // size: the answer comes after the last byte, on a connection still open. No bound: Node
      // reads any unread body to its end after a 401 or 404 anyway, so one here would guard
      // nothing and only cost large senders their answer.
      await drain(req.raw);
      reply.removeHeader('connection');
      return reply
        .code(413)
        .send({ error: `request body larger than the limit of ${opts.maxDashboardBytes} bytes`, limit: opts.maxDashboardBytes });
    }
    const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.code(status).send({ ...e.details, error: status >= 500 ? 'internal error' : e.message });
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'not found' }));

  mediaRoutes(app, opts, auth);
  serveRoutes(app, opts);
  sessionRoutes(app, sessions, matches, auth);
  await dashboardRoutes(app, opts, auth);
  if (options.staticRoot) staticRoutes(app, options.staticRoot);
  return { app, options: opts, sessions, removedTempFiles: removed };
}

/**
 * Builds and listens. Port 0 picks a free port; the answer has the real one.
 * @param {AppOptions & { host?: string, port?: number }} options
 */
export async function startMediaServer(options) {
  const { app, options: resolved, sessions, removedTempFiles } = await buildApp(options);
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const addr = /** @type {import('node:net').AddressInfo} */ (app.server.address());
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return { app, options: resolved, sessions, removedTempFiles, port: addr.port, url: `http://${host}:${addr.port}` };
}
