import { createReadStream, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve, sep } from 'node:path';

/** The shared fixture files, read in place (never copied into the repository or the build). */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../shared/fixtures', import.meta.url));
export const FIXTURES_URL = '/fixtures/';

/**
 * A Vite preview plugin serving FIXTURES_DIR at /fixtures/ with a real Content-Length (the model
 * loaders report download progress from it) and no caching: every run downloads the file again.
 */
export function serveFixtures() {
  const middleware = (req, res, next) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0]);
    if (!path.startsWith(FIXTURES_URL)) return next();
    const file = resolve(FIXTURES_DIR, path.slice(FIXTURES_URL.length));
    if (!file.startsWith(FIXTURES_DIR + sep)) {
      res.statusCode = 403;
      return res.end('outside the fixtures folder');
    }
    let size;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw new Error('not a file');
      size = st.size;
    } catch {
      res.statusCode = 404;
      return res.end(`no fixture ${path}`);
    }
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Content-Length', String(size));
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  };
  return {
    name: 'dash3d:bench-fixtures',
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}
