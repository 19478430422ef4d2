import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startProcess } from './prepare.mjs';

export const FIXTURES = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures');
export const TOKEN = 'consumer-token-0123456789abcdef';

/** A request the host's backend answered, as it logged it. */
export interface Served {
  url: string;
  status: number;
}

export interface Backend {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Every request answered so far. */
  served: Served[];
  output(): string;
  stop(): Promise<void>;
}

/**
 * The host's backend (tests/consumers/host/server.mjs, run in the app's folder with the app's own
 * node_modules: fastify and dash3d/server as installed from the tarball), on a free port with a
 * fresh media root, serving `pageDir` (a built app) or no page at all ('-').
 */
export async function startBackend(appDir: string, pageDir: string, env: Record<string, string> = {}): Promise<Backend> {
  const root = await mkdtemp(join(tmpdir(), 'dash3d-consumer-media-'));
  const server = await startProcess(process.execPath, [join(appDir, 'src', 'host', 'server.mjs'), pageDir, root], {
    cwd: appDir,
    env: { MEDIA_TOKEN: TOKEN, ...env },
    pattern: /\{"listening":"([^"]+)"\}/,
  });
  return {
    base: server.match[1]!,
    get served() {
      return server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{"url"'))
        .map((l) => JSON.parse(l) as Served);
    },
    output: server.output,
    stop: async () => {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * The Next.js app's server build (.next-server, next-app/next.config.js) under `next start` on a
 * free port; its rewrites send the media library's paths to the backend the build was given.
 */
export async function startNextServer(appDir: string, backend: string): Promise<{ base: string; output(): string; stop(): Promise<void> }> {
  const port = await freePort();
  const next = await startProcess(join(appDir, 'node_modules', '.bin', 'next'), ['start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: appDir,
    env: { HOST_BACKEND: backend, NEXT_TELEMETRY_DISABLED: '1' },
    pattern: /Ready in/,
  });
  return { base: `http://127.0.0.1:${port}`, output: next.output, stop: next.stop };
}

/** The Vite app through Vite's own dev server (where the dependency optimizer moves the package), the backend behind its proxy. */
export async function startViteDev(appDir: string, backend: string): Promise<{ base: string; output(): string; stop(): Promise<void> }> {
  const port = await freePort();
  const dev = await startProcess(
    join(appDir, 'node_modules', '.bin', 'vite'),
    ['--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: appDir,
      env: { HOST_BACKEND: backend },
      pattern: /ready in/,
    },
  );
  return { base: `http://127.0.0.1:${port}`, output: dev.output, stop: dev.stop };
}

/** Uploads fixture models through the service's own API, as the editor's upload does; answers their URLs. */
export async function uploadModels(base: string, files: string[]): Promise<string[]> {
  const urls: string[] = [];
  for (const rel of files) {
    const name = rel.split('/').pop()!;
    const form = new FormData();
    form.append('file', new Blob([await readFile(join(FIXTURES, rel))]), name);
    const catalog = `3d/${name.replace(/\W/g, '')}`;
    const res = await fetch(`${base}/core/mediaLibrary/upload?catalog=${catalog}&action=cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    if (res.status !== 200) throw new Error(`uploading ${rel}: ${res.status} ${await res.text()}`);
    urls.push(((await res.json()) as { url: string }).url);
  }
  return urls;
}

/** A session token for the page (the library's listings need one), traded for the service token. */
export async function session(base: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
