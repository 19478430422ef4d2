/**
 * `/__sleep?ms=N` answers after N ms (at most a minute), from the test page's own Vite server (the
 * browser tests', and the Firefox harness's: tests/browsers/support/harness-server.ts). A worker
 * that asks for it with a synchronous XMLHttpRequest is blocked as in a long parse (no timer fires,
 * no message is read) without spinning a core for it, as a busy loop would on a machine that runs
 * the other tests beside it (slow-gltf.ts).
 */
import type { Plugin } from 'vite';

export const SLEEP_PATH = '/__sleep';
const MAX_MS = 60_000;

export function sleepServer(): Plugin {
  return {
    name: 'dash3d-test:sleep',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(`${SLEEP_PATH}?`)) return next();
        const ms = Number(new URL(req.url, 'http://localhost').searchParams.get('ms'));
        if (!Number.isFinite(ms) || ms < 0 || ms > MAX_MS) return void res.writeHead(400).end(`ms: 0 to ${MAX_MS}`);
        const timer = setTimeout(() => res.writeHead(204, { 'Cache-Control': 'no-store' }).end(), ms);
        res.on('close', () => clearTimeout(timer));
      });
    },
  };
}
