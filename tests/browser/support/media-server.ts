/**
 * The real media-library service (server/), for browser tests that browse and load from it. It
 * has no CORS (it serves its own page), so the test page's Vite server passes `/__media/...` on
 * to it: same origin for the page and the render worker, real HTTP and real files behind. Started
 * on the first `mediaServer` command in a fresh temporary folder (seeded with the built-ins as on
 * a first start), and closed with the Vite server. Upload answers carry `/__media/media/...` urls
 * (publicUrl), so what a test uploads loads through the same route; `mediaServerFile` reads what
 * the service stored from its disk.
 */
import { request } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import type { BrowserCommand } from 'vitest/node';

/** server/app.mjs's start, as far as used here (imported by URL: this file is also checked by the browser tests' config, which has no allowJs). */
interface MediaApp {
  startMediaServer(o: {
    root: string;
    dashboardsRoot: string;
    token: string;
    publicUrl: string;
  }): Promise<{ port: number; app: { close(): Promise<void> }; seeded: Promise<void> }>;
}
const APP = new URL('../../../server/app.mjs', import.meta.url).href;

export const MEDIA_PREFIX = '/__media';
const TOKEN = 'browser-test-token-0123456789';

interface Running {
  port: number;
  /** The service's media root folder. */
  root: string;
  close(): Promise<void>;
}
// On globalThis: Vitest loads the config (server plugin) and the commands as separate module instances.
const slot = globalThis as { __dash3dMediaServer?: Promise<Running> };

function ensure(): Promise<Running> {
  return (slot.__dash3dMediaServer ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dash3d-browser-media-'));
    const { startMediaServer } = (await import(APP)) as MediaApp;
    const root = join(dir, 'media');
    const s = await startMediaServer({ root, dashboardsRoot: join(dir, 'dashboards'), token: TOKEN, publicUrl: MEDIA_PREFIX });
    // The built-ins are written in the background once the service listens: the tests browse them.
    await s.seeded;
    return {
      port: s.port,
      root,
      close: async () => {
        await s.app.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  })());
}

export function mediaServerProxy(): Plugin {
  return {
    name: 'dash3d-test:media-server',
    configureServer(server) {
      server.httpServer?.once('close', () => void slot.__dash3dMediaServer?.then((s) => s.close()));
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(MEDIA_PREFIX + '/')) return next();
        ensure().then(
          ({ port }) => {
            const headers = { ...req.headers, host: `127.0.0.1:${port}` };
            const upstream = request(
              { host: '127.0.0.1', port, method: req.method, path: req.url!.slice(MEDIA_PREFIX.length), headers },
              (up) => {
                res.writeHead(up.statusCode ?? 502, up.headers);
                up.pipe(res);
              },
            );
            upstream.on('error', (err) => {
              if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
              res.end(String(err));
            });
            req.pipe(upstream);
          },
          (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(err)),
        );
      });
    },
  };
}

/** Starts the service if needed; answers the base URL the page uses and the token it accepts. */
const mediaServer: BrowserCommand<[]> = async () => {
  await ensure();
  return { baseUrl: `${MEDIA_PREFIX}/`, token: TOKEN };
};

/** The bytes the service stored for an upload answer's url (`/__media/media/<path>`), read from its disk. */
const mediaServerFile: BrowserCommand<[url: string]> = async (_ctx, url) => {
  const { root } = await ensure();
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
