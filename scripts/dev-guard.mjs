// @ts-check
// `npm run dev` serves the playground's sources with Vite, whose root is the whole project. This
// guard answers 404 for everything that is not a source of the page (server/, data/, .env*,
// package.json, tests, anything else under the root) BEFORE Vite's own middlewares see the request:
// an unknown import path reaching Vite can make it re-optimise dependencies and reload every open
// editor.
import path from 'node:path';

/** Project folders the page is built from. */
const SOURCE_DIRS = ['playground', 'src', 'shared', 'worker', 'node_modules'];
/** Vite's own paths: its client, module ids, the React refresh runtime. */
const VITE_PREFIXES = ['/@vite/', '/@id/', '/@react-refresh', '/__vite'];

/**
 * Whether a request path may reach Vite. `proxied` are paths handed to the media service.
 * @param {string} rawUrl @param {string} projectRoot absolute @param {readonly string[]} proxied
 */
export function isServable(rawUrl, projectRoot, proxied) {
  let pathname;
  try {
    // The URL parser resolves '.', '..' and their %2e spellings; decoding then shows what Vite sees.
    pathname = decodeURIComponent(new URL(rawUrl, 'http://dev.invalid').pathname);
  } catch {
    return false;
  }
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) return false;
  if (pathname === '/' || pathname === '/index.html') return true;
  if (proxied.some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`))) return true;
  if (VITE_PREFIXES.some((p) => pathname.startsWith(p))) return true;
  // /@fs/<absolute path>: only inside the source folders, like any other path.
  const rel = pathname.startsWith('/@fs/') ? path.relative(projectRoot, pathname.slice('/@fs'.length)) : pathname.slice(1);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return false;
  const [top, ...rest] = rel.split('/');
  if (!top || !SOURCE_DIRS.includes(top)) return false;
  // Hidden files (an .env copied into a source folder, editor swap files) are never sources;
  // node_modules/.vite is Vite's optimised dependencies, which the page does need.
  return rest.every((seg, i) => !seg.startsWith('.') || (top === 'node_modules' && i === 0 && seg === '.vite'));
}

/**
 * A Vite plugin whose middleware runs first (added in configureServer itself, not in the returned
 * post hook).
 * @param {string} projectRoot @param {readonly string[]} proxied
 * @returns {import('vite').Plugin}
 */
export function denyNonSources(projectRoot, proxied) {
  return {
    name: 'dash3d:deny-non-sources',
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (isServable(req.url ?? '/', projectRoot, proxied)) return next();
        res.statusCode = 404;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end('{"error":"not found"}');
      });
    },
  };
}
