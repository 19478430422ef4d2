// @ts-check
// GET /media/<path>: stored files byte for byte, with validators so a client can ask "changed?",
// streamed from whichever store holds them (store.mjs). A Range header is not honoured (the whole
// file, 200), on either store, as before there was more than one.
import { contentTypeOf } from './formats.mjs';
import { HttpError, checkedSegments } from './storage.mjs';
import { MEDIA_URL_PREFIX } from './media-routes.mjs';

/**
 * Segments of the raw request path after '/media/', each percent-decoded exactly once and then
 * checked, so '%2e%2e', '%2F' and '..' all end as 400 rather than somewhere outside the root.
 * @param {string} rawUrl
 * @param {string} mediaPath '/media', or '<register prefix>/media' on a host's app
 */
function requestedSegments(rawUrl, mediaPath) {
  const pathname = rawUrl.split(/[?#]/)[0] ?? '';
  // A host's router options (case-insensitive, duplicate slashes) can route paths spelled otherwise.
  if (!pathname.startsWith(`${mediaPath}/`)) throw new HttpError(404, 'not found');
  const rest = pathname.slice(mediaPath.length + 1);
  let decoded;
  try {
    decoded = rest.split('/').map((s) => decodeURIComponent(s));
  } catch {
    throw new HttpError(400, 'malformed percent-encoding in path');
  }
  if (decoded.some((s) => s.includes('/'))) throw new HttpError(400, 'encoded slashes are not allowed');
  const segs = checkedSegments(decoded.join('/'));
  if (segs.length === 0) throw new HttpError(404, 'not found');
  return segs;
}

/**
 * RFC 9110 §13.1: If-None-Match wins over If-Modified-Since when both are present.
 * @param {import('fastify').FastifyRequest} req @param {string} etag @param {Date} mtime
 */
function notModified(req, etag, mtime) {
  const inm = req.headers['if-none-match'];
  if (inm) return inm.trim() === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
  const ims = req.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/** @param {import('fastify').FastifyInstance} app @param {import('./store.mjs').Store} store the media library's */
export function serveRoutes(app, store) {
  const mediaPath = app.prefix + MEDIA_URL_PREFIX;
  app.get(`${MEDIA_URL_PREFIX}/*`, async (req, reply) => {
    const segs = requestedSegments(req.raw.url ?? '', mediaPath);
    // One read gives the bytes and the validators of the same version, even while a cover replaces it.
    const file = await store.read(segs);
    if (!file) throw new HttpError(404, 'not found');
    reply
      .header('etag', file.etag)
      .header('last-modified', file.mtime.toUTCString())
      // Always revalidate: a model may be replaced in place (upload with action=cover).
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      // A stored SVG opened directly must not run script on this origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (notModified(req, file.etag, file.mtime)) {
      file.body.destroy();
      return reply.code(304).send();
    }
    reply.type(contentTypeOf(segs.at(-1) ?? '')).header('content-length', file.size);
    return reply.send(file.body);
  });
}
