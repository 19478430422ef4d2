// @ts-check
// How the service answers a failed request: JSON `{ error }` with the right status, whether the
// routes live on our own stand-alone app or on a host's (the plugin sets this in its own context).
import { HttpError } from './storage.mjs';

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

/**
 * Reads and drops the rest of a request body that a parser (busboy) was reading, when the request
 * failed before its end: the answer then comes after its last byte, so a client still sending
 * gets it (not a reset), and its connection stays usable for its next request.
 * @param {import('node:http').IncomingMessage} stream
 */
export async function dropRest(stream) {
  if (stream.readableEnded || stream.destroyed) return;
  stream.unpipe();
  await drain(stream);
}

/** @type {import('fastify').FastifyInstance['errorHandler']} */
export async function answerError(err, req, reply) {
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
    // The plugin gives each of its routes maxDashboardBytes as its limit (plugin.mjs), so this is it.
    const limit = req.routeOptions.bodyLimit;
    return reply.code(413).send({ error: `request body larger than the limit of ${limit} bytes`, limit });
  }
  const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
  // Our own refusals say why (503: the session store is away); anything unexpected says nothing.
  const ours = err instanceof HttpError;
  if (status >= 500 && !ours) req.log.error({ err }, 'request failed');
  return reply.code(status).send({ ...e.details, error: status >= 500 && !ours ? 'internal error' : e.message });
}
