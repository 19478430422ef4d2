/**
 * The real media-library service (server/app.mjs) for browser tests, reached from the test page
 * through its own Vite server at `/__media/` (same origin: the service sends no CORS headers, and a
 * host serves it beside the dashboard the same way). It starts on the first `mediaServer` command
 * with a fresh temporary data folder and stops when Vitest closes the Vite server. Upload answers
 * carry `/__media/media/...` urls (publicUrl), which the page loads through the same route.
 */
import { request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import type { BrowserCommand } from 'vitest/node';

export const MEDIA_PREFIX = '/__media';
const TOKEN = 'browser-test-token-0123456789';

/**
 * What this file uses of server/app.mjs. The module is checked JavaScript under the Node project
 * (tsconfig.node.json); this folder's project has no allowJs, so it is imported by URL with its
 * shape named here.
 */
interface MediaServerModule {
  startMediaServer(options: {
    root: string;
    dashboardsRoot: string;
    token: string;
    publicUrl: string;
    seed: boolean;
  }): Promise<{ port: number; app: { close(): Promise<unknown> } }>;
}
const APP = new URL('../../../server/app.mjs', import.meta.url).href;

interface Running {
  port: number;
  root: string;
  close(): Promise<void>;
}
// On globalThis: the config (plugin) and the commands are separate module instances in Vitest.
const slot = globalThis as { __dash3dMediaServer?: Promise<Running> };

function start(): Promise<Running> {
  slot.__dash3dMediaServer ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dash3d-browser-media-'));
    const root = join(dir, 'media');
    // No seed: the built-in models are not needed here and their writing costs a start.
    const { startMediaServer } = (await import(APP)) as MediaServerModule;
    const s = await startMediaServer({ root, dashboardsRoot: join(dir, 'dashboards'), token: TOKEN, publicUrl: MEDIA_PREFIX, seed: false });
    return {
      port: s.port,
      root,
      close: async () => {
        await s.app.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  })();
  return slot.__dash3dMediaServer;
}

export function mediaServerProxy(): Plugin {
  return {
    name: 'dash3d-test:media-server',
    configureServer(server) {
      server.httpServer?.on('close', () => void slot.__dash3dMediaServer?.then((s) => s.close()));
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(MEDIA_PREFIX + '/')) return next();
        const running = slot.__dash3dMediaServer;
        if (!running) return void res.writeHead(503, { 'Content-Type': 'text/plain' }).end('call the mediaServer command first');
        void running.then(({ port }) => {
          const upstream = request(
            { host: '127.0.0.1', port, method: req.method, path: req.url!.slice(MEDIA_PREFIX.length), headers: req.headers },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          );
          upstream.on('error', (err) => res.writeHead(502).end(String(err)));
          req.pipe(upstream);
        });
      });
    },
  };
}

/** Starts the service (once per run); answers what the page's MediaAccess needs. */
const mediaServer: BrowserCommand<[]> = async () => {
  await start();
  return { baseUrl: `${MEDIA_PREFIX}/`, token: TOKEN };
};

/** The bytes the service stored for an upload answer's url (`/__media/media/<path>`), read from its disk. */
const mediaServerFile: BrowserCommand<[url: string]> = async (_ctx, url) => {
  const { root } = await start();
  const rel = decodeURIComponent(new URL(url, 'http://x').pathname).replace(`${MEDIA_PREFIX}/media/`, '');
  const path = resolve(root, rel);
  if (!path.startsWith(root + sep)) throw new Error(`not inside the media root: ${url}`);
  const bytes = await readFile(path);
  return { size: bytes.length, head: [...bytes.subarray(0, 4)], path: rel };
};

export const mediaServerCommands = { mediaServer, mediaServerFile };

declare module 'vitest/browser' {
  interface BrowserCommands {
    mediaServer(): Promise<{ baseUrl: string; token: string }>;
    mediaServerFile(url: string): Promise<{ size: number; head: number[]; path: string }>;
  }
}
