// @ts-check
// `npm start`: the media-library service and the playground, in one process.
// The media service listens on loopback (MEDIA_PORT, default PORT + 1); the playground's Vite dev
// server (PORT, default 5173) proxies the media-library paths to it, so the editor talks to one
// origin and needs no CORS. The token (MEDIA_TOKEN, or a fresh one) reaches the page as
// import.meta.env.VITE_MEDIA_TOKEN.
import path from 'node:path';
import { createServer } from 'vite';
import { startMediaServer } from '../server/app.mjs';
import { PROJECT_ROOT, optionsFromEnv, portFrom } from '../server/config.mjs';

const port = portFrom(process.env.PORT, 5173);
const mediaPort = portFrom(process.env.MEDIA_PORT, port + 1);
const { options, tokenGenerated } = optionsFromEnv(process.env);
process.env.MEDIA_TOKEN = options.token;
process.env.VITE_MEDIA_TOKEN = options.token;

const media = await startMediaServer({ ...options, host: '127.0.0.1', port: mediaPort, logger: { level: 'warn' } });

/** Paths the media service answers; everything else is the playground. */
const MEDIA_PATHS = ['/core/mediaLibrary', '/media/', '/api/dashboards'];

// Vite's dev server exits the process on SIGTERM by itself (code 143) as soon as it has closed,
// which could cut the media server short: its listener is replaced by `stop` below.
const sigtermBefore = new Set(process.listeners('SIGTERM'));
/** @type {import('vite').ViteDevServer} */
let vite;
try {
  vite = await createServer({
    configFile: path.join(PROJECT_ROOT, 'vite.config.ts'),
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

vite.printUrls();
console.log(`  ➜  Media:   ${media.url} (proxied at ${MEDIA_PATHS.join(', ')}; files in ${options.root})`);
console.log(`  ➜  Token:   ${tokenGenerated ? `${options.token} (generated; set MEDIA_TOKEN to choose one)` : 'from MEDIA_TOKEN'}`);

for (const l of process.listeners('SIGTERM')) if (!sigtermBefore.has(l)) process.off('SIGTERM', l);

let closing = false;
/** Ctrl-C or SIGTERM: both servers finish what they are doing and close, then exit 0. */
async function stop() {
  if (closing) return;
  closing = true;
  const results = await Promise.allSettled([vite.close(), media.app.close()]);
  process.exit(results.every((r) => r.status === 'fulfilled') ? 0 : 1);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// `npm start` runs us under `sh -c`, and a SIGTERM sent to npm's pid alone reaches neither sh nor
// us: npm exits and we would keep both ports. Under npm, losing the parent therefore means stop.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void stop(), 500).unref();
}
