// @ts-check
// `npm run dev`: the playground from its sources with hot reload, for working on the code.
// Vite's dev server (PORT, default 5173) proxies the media-library paths to the service, which
// listens on a loopback port of its own choosing (MEDIA_PORT is no longer read). The guard in
// scripts/dev-guard.mjs answers 404 for everything that is not a source of the page. Signing in
// works as under `npm start`: a one-time link is printed.
import path from 'node:path';
import { createServer } from 'vite';
import { optionsFromEnv, portFrom, startMediaServer } from 'dash3d/server';
import { PROJECT_ROOT } from './project-root.mjs';
import { denyNonSources } from './dev-guard.mjs';
import { printBanner, seededFirst, stopOnSignals } from './launch.mjs';

const port = portFrom(process.env.PORT, 5173);
const { options, tokenGenerated } = optionsFromEnv(process.env, PROJECT_ROOT);

const media = await startMediaServer({ ...options, host: '127.0.0.1', port: 0, logger: { level: 'warn' } });

/** Paths the media service answers; everything else is the playground. */
const MEDIA_PATHS = ['/core/mediaLibrary', '/media/', '/api/dashboards', '/api/session'];

// Vite's dev server exits the process on SIGTERM by itself (code 143) as soon as it has closed,
// which could cut the media server short: its listener is replaced by stopOnSignals below.
const sigtermBefore = new Set(process.listeners('SIGTERM'));
/** @type {import('vite').ViteDevServer} */
let vite;
try {
  vite = await createServer({
    configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
    plugins: [denyNonSources(PROJECT_ROOT, MEDIA_PATHS)],
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      proxy: Object.fromEntries(MEDIA_PATHS.map((p) => [p, { target: media.url, changeOrigin: false }])),
    },
  });
  await vite.listen();
} catch (err) {
  await media.app.close();
  throw err;
}
for (const l of process.listeners('SIGTERM')) if (!sigtermBefore.has(l)) process.off('SIGTERM', l);

const url = `http://127.0.0.1:${port}`;
await seededFirst(media);
printBanner({
  url,
  what: 'the playground from its sources (Vite, hot reload) and the media-library service',
  media,
  options,
  tokenGenerated,
});
stopOnSignals(() => Promise.all([vite.close(), media.app.close()]));
