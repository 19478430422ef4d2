// @ts-check
// The stand-alone service: a fastify app of our own with the media library registered on it, for
// the CLI (cli.mjs), `npm start` and the tests. With `staticRoot` it also serves the built
// playground, so `npm start` is one origin on one port. Everything the routes do is plugin.mjs's:
// a host registering the plugin on its own app gets the same service.
import Fastify, { LogController } from 'fastify';
import { answerError } from './errors.mjs';
import { mediaLibrary } from './plugin.mjs';
import { staticRoutes } from './static.mjs';

/**
 * @typedef {Omit<import('./options.mjs').MediaLibraryOptions, 'onRegistered'> & {
 *   staticRoot?: string,
 *   logger?: import('fastify').FastifyServerOptions['logger'],
 * }} AppOptions
 * `staticRoot`: a built playground (dist/) to serve at `/`; `logger`: fastify's logger option (default false).
 */

/** @typedef {import('./options.mjs').ResolvedOptions} ResolvedOptions */

/** @param {AppOptions} options */
export async function buildApp(options) {
  const { staticRoot, logger, ...libraryOptions } = options;
  const app = Fastify({
    logger: logger ?? false,
    // Closing (Ctrl-C, tests) must not wait for clients' keep-alive sockets.
    forceCloseConnections: true,
    // The log says what an operator acts on (outages, the seed, failed requests), not every request.
    logController: new LogController({ disableRequestLogging: true }),
    // Every wait of the registration has a deadline of its own (the stores' checks), whose failure
    // names what did not answer; fastify's 10 s for the whole would only cut it short naming nothing.
    pluginTimeout: 0,
  });
  // Our app, so the not-found answer (and the error answer of the static files) is ours too.
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'not found' }));

  /** @type {import('./options.mjs').MediaLibrary | undefined} */
  let library;
  await app.register(mediaLibrary, { ...libraryOptions, onRegistered: (registered) => (library = registered) });
  if (!library) throw new Error('the media library did not finish registering');
  if (staticRoot) staticRoutes(app, staticRoot);
  return { app, ...library };
}

/**
 * Builds and listens. Port 0 picks a free port; the answer has the real one.
 * @param {AppOptions & { host?: string, port?: number }} options
 */
export async function startMediaServer(options) {
  const { host = '127.0.0.1', port = 0, ...appOptions } = options;
  const built = await buildApp(appOptions);
  await built.app.listen({ host, port });
  const addr = /** @type {import('node:net').AddressInfo} */ (built.app.server.address());
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return { ...built, port: addr.port, url: `http://${shown}:${addr.port}` };
}
