// @ts-check
// The built playground (dist/), served by the media service itself under `npm start`: one origin,
// no proxy, and nothing but the build's own files. `/` (with any query) is the playground page;
// any other path is a file of dist or 404: no directory listing, no hidden files (the build stamp),
// no source maps, nothing outside dist.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { checkedSegments, resolveInside } from './storage.mjs';

/** The page, relative to dist (vite.config.ts builds playground/index.html). */
export const INDEX_PAGE = 'playground/index.html';

export const WEB_TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ktx2': 'image/ktx2',
  // The environment presets (worker/features/environment-presets.ts name them as build assets).
  '.exr': 'image/x-exr',
  '.txt': 'text/plain; charset=utf-8',
});

/** dist-relative segments of a request path, or null for anything that is not a plain file name. */
function segmentsOf(/** @type {string} */ rawUrl) {
  const pathname = rawUrl.split(/[?#]/)[0] ?? '/';
  if (pathname === '/') return INDEX_PAGE.split('/');
  try {
    const decoded = pathname
      .slice(1)
      .split('/')
      .map((s) => decodeURIComponent(s));
    if (decoded.some((s) => s.includes('/'))) return null;
    return checkedSegments(decoded.join('/'));
  } catch {
    return null; // Malformed encoding, '..', hidden names, over-long names: not a file of the build.
  }
}

/**
 * GET (and HEAD) for every path no other route takes.
 * @param {import('fastify').FastifyInstance} app
 * @param {string} distRoot absolute path of the build
 */
export function staticRoutes(app, distRoot) {
  const root = path.resolve(distRoot);
  /** @type {import('fastify').RouteHandlerMethod} */
  const handler = async (req, reply) => {
    const notFound = () => reply.code(404).type('application/json; charset=utf-8').send({ error: 'not found' });
    const segs = segmentsOf(req.raw.url ?? '/');
    const ext = segs ? path.extname(segs[segs.length - 1] ?? '').toLowerCase() : '';
    if (!segs || segs.length === 0 || !(ext in WEB_TYPES)) return notFound();
    let file;
    try {
      file = resolveInside(root, segs);
    } catch {
      return notFound();
    }
    const fh = await open(file, 'r').catch(() => null);
    if (!fh) return notFound();
    try {
      const st = await fh.stat();
      if (!st.isFile()) {
        await fh.close();
        return notFound();
      }
      // Hashed build assets never change under their name; the page itself is always revalidated.
      const immutable = segs[0] === 'assets';
      reply
        .type(WEB_TYPES[ext] ?? 'application/octet-stream')
        .header('content-length', st.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.send(fh.createReadStream());
    } catch (err) {
      await fh.close();
      throw err;
    }
  };
  // Fastify answers HEAD for these GET routes by itself.
  app.get('/', handler);
  app.get('/*', handler);
}
