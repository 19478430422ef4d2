// @ts-check
// GET /media/<path>: stored files byte for byte, with validators so a client can ask "changed?".
import { open } from 'node:fs/promises';
import { contentTypeOf } from './formats.mjs';
import { HttpError, checkedSegments, resolveInside } from './storage.mjs';
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

/** A strong validator: an atomic replace makes a new inode, so any new content changes it. */
const etagOf = (/** @type {import('node:fs').Stats} */ st) =>
  `"${st.ino.toString(36)}-${st.size.toString(36)}-${Math.round(st.mtimeMs * 1000).toString(36)}"`;

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

/** @param {import('fastify').FastifyInstance} app @param {import('./options.mjs').ResolvedOptions} opts */
export function serveRoutes(app, opts) {
  const mediaPath = app.prefix + MEDIA_URL_PREFIX;
  app.get(`${MEDIA_URL_PREFIX}/*`, async (req, reply) => {
    const file = resolveInside(opts.root, requestedSegments(req.raw.url ?? '', mediaPath));
    // Open first, then stat the open file: a replace between the two cannot mix two versions.
    const fh = await open(file, 'r').catch((err) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') throw new HttpError(404, 'not found');
      throw err;
    });
    try {
      const st = await fh.stat();
      if (!st.isFile()) throw new HttpError(404, 'not found');
      const etag = etagOf(st);
      reply
        .header('etag', etag)
        .header('last-modified', st.mtime.toUTCString())
        // Always revalidate: a model may be replaced in place (upload with action=cover).
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        // A stored SVG opened directly must not run script on this origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (notModified(req, etag, st.mtime)) {
        await fh.close();
        return reply.code(304).send();
      }
      reply.type(contentTypeOf(file)).header('content-length', st.size);
      return reply.send(fh.createReadStream());
    } catch (err) {
      await fh.close();
      throw err;
    }
  });
}
