import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { PROJECT } from './helpers';

/** A port that was free a moment ago. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface Launched {
  child: ChildProcess;
  base: string;
  /** Everything printed so far, colours removed. */
  out(): string;
  /** Waits until the output matches, and returns the match. */
  waitFor(re: RegExp, ms?: number): Promise<RegExpExecArray>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

/** This process's environment without the test runner's own settings (VITEST, NODE_ENV=test, MEDIA_TOKEN, ...). */
export const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|VITE_|NODE_ENV$|MEDIA_|DATA_ROOT$|DASHBOARDS_ROOT$|TEST$|npm_)/.test(k)),
  );

export interface LaunchOptions {
  /** Command-line arguments after the script. */
  args?: string[];
  /** Working folder; default the project. */
  cwd?: string;
}

/**
 * Runs a launcher script (scripts/start.mjs, scripts/dev.mjs, server/cli.mjs; project-relative) as
 * `npm start` / `npm run dev` do, on a free PORT, in a clean environment (cleanEnv) plus `env`.
 */
export async function launch(script: string, env: Record<string, string>, opts: LaunchOptions = {}): Promise<Launched> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(PROJECT, script), ...(opts.args ?? [])], {
    cwd: opts.cwd ?? PROJECT,
    env: { ...cleanEnv(), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Vite colours its output when the environment forces colour (as CI does): compare plain text.
  const plain = (d: Buffer) => stripVTControlCharacters(String(d));
  child.stdout.on('data', (d: Buffer) => (out += plain(d)));
  child.stderr.on('data', (d: Buffer) => (out += plain(d)));
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    out: () => out,
    async waitFor(re, ms = 200_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const m = re.exec(out);
        if (m) return m;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${script} did not print ${re}:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Every same-origin file the page references: index.html, what it loads, and what those load (JS chunks, the worker, wasm). */
export async function crawl(base: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const res = await fetch(base + path);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
    seen.set(path, text);
    // Quoted asset paths: src="/assets/x.js", new URL(`/assets/index-x.js`, …) (the worker), and
    // chunk imports from "./x.js" (all chunks live in /assets/). Bare names are not paths.
    for (const m of text.matchAll(/["'`](\/assets\/[\w.-]+|\.\/[\w.-]+)["'`]/g)) {
      const ref = m[1]!;
      if (!/\.(js|mjs|css|wasm|json)$/.test(ref)) continue;
      const abs = ref.startsWith('/') ? ref : `/assets/${ref.slice(2)}`;
      if (!seen.has(abs) && !queue.includes(abs)) queue.push(abs);
    }
  }
  return seen;
}
