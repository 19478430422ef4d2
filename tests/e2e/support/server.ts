import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The project root and the team's fixtures beside it, resolved from this file. */
export const PROJECT = join(import.meta.dirname, '..', '..', '..');
export const FIXTURES = join(PROJECT, '..', 'shared', 'fixtures');

export const TOKEN = 'e2e-token-0123456789abcdef';

/** A port that was free a moment ago. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface Playground {
  /** http://127.0.0.1:<port>, no trailing slash. */
  base: string;
  dataRoot: string;
  mediaRoot: string;
  token: string;
  /** The one-time sign-in link `npm start` printed (each startPlayground prints one). */
  signInLink: string;
  /** The servers' output so far (for failure messages). */
  output(): string;
  /** fetch on the playground's origin with the token. */
  get(path: string): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * Starts the playground exactly as `npm start` does (scripts/start.mjs: the media service serving
 * the production build on one port; the build is made first when dist-playground/ is missing or stale, so the
 * first file of a fresh clone may take a while) on a free port, with a fresh DATA_ROOT and a known
 * MEDIA_TOKEN, and waits until the page is served.
 */
export async function startPlayground(timeoutMs = 170_000, extraEnv: Record<string, string> = {}): Promise<Playground> {
  const dataRoot = await mkdtemp(join(tmpdir(), 'dash3d-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The runner's own settings (VITEST, NODE_ENV=test, ...) would change how Vite serves the page.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|VITE_|NODE_ENV$|TEST$|MEDIA_|DATA_ROOT$|DASHBOARDS_ROOT$)/.test(k)),
  );
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: PROJECT,
    env: { ...env, ...extraEnv, PORT: String(port), DATA_ROOT: dataRoot, MEDIA_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataRoot, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`scripts/start.mjs exited with ${child.exitCode}:\n${out}`);
    }
    const res = /Sign in:\s+\S+/.test(out) ? await fetch(`${base}/`).catch(() => null) : null;
    if (res?.ok && (await res.text()).includes('id="root"')) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the playground did not come up at ${base}:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    base,
    dataRoot,
    mediaRoot: join(dataRoot, 'media'),
    token: TOKEN,
    signInLink: /Sign in:\s+(\S+)/.exec(out)![1]!,
    output: () => out,
    get: (path) => fetch(base + path, { headers: { authorization: `Bearer ${TOKEN}` } }),
    stop,
  };
}
