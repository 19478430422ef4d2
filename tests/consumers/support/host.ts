import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv } from './setup';

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

/** Waits for a child's line matching `pattern` on stdout; rejects when it exits first or after `ms`. */
function waitForLine(child: ChildProcess, pattern: RegExp, out: () => string, ms = 60_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms:\n${out()}`)), ms);
    const check = () => {
      const m = pattern.exec(out());
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(m);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before ${pattern}:\n${out()}`));
    });
    check();
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The host's backend (tests/consumers/host/server.mjs, run in the app's folder with the app's own
 * node_modules: fastify and dash3d/server as installed from the tarball), on a free port with a
 * fresh media root, serving `pageDir` (a built app) or no page at all ('-').
 */
export async function startBackend(appDir: string, pageDir: string, env: Record<string, string> = {}): Promise<Backend> {
  const root = await mkdtemp(join(tmpdir(), 'dash3d-consumer-media-'));
  const child = spawn(process.execPath, [join(appDir, 'src', 'host', 'server.mjs'), pageDir, root], {
    cwd: appDir,
    env: cleanEnv({ MEDIA_TOKEN: TOKEN, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const [, base] = await waitForLine(child, /\{"listening":"([^"]+)"\}/, () => out);
  return {
    base: base!,
    get served() {
      return out
        .split('\n')
        .filter((l) => l.startsWith('{"url"'))
        .map((l) => JSON.parse(l) as Served);
    },
    output: () => out,
    stop: async () => {
      await stopChild(child);
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A port that was free a moment ago. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** The Vite app through Vite's own dev server (where the dependency optimizer moves the package), the backend behind its proxy. */
export async function startViteDev(appDir: string, backend: string): Promise<{ base: string; output(): string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(join(appDir, 'node_modules', '.bin', 'vite'), ['--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: appDir,
    env: cleanEnv({ HOST_BACKEND: backend }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  await waitForLine(child, /ready in/, () => out);
  return { base: `http://127.0.0.1:${port}`, output: () => out, stop: () => stopChild(child) };
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
