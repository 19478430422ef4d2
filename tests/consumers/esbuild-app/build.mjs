// A plain esbuild React app's build, two pages (the editor host and a dashboard viewer): esbuild's
// `--bundle --splitting --format=esm`, minified for production, then the pages. esbuild emits
// neither the worker nor the files a package names with `new URL('./…', import.meta.url)`, so the
// host serves dash3d's browser files itself, copied by the package's own command as the host
// guide says (docs/host-guide.md, Serving the package's files yourself): `dash3d-assets dist/vendor/dash3d`, and
// host/App.jsx and host/Viewer.jsx set `files` to that copy under `?vendor`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { index: 'src/index.jsx', viewer: 'src/viewer.jsx' },
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  jsx: 'automatic',
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
for (const page of ['index.html', 'viewer.html']) copyFileSync(page, `dist/${page}`);
execFileSync('node_modules/.bin/dash3d-assets', ['dist/vendor/dash3d'], { stdio: 'inherit' });
