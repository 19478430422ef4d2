import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/*
 * Once per run, before the consumer tests (vitest globalSetup): pack the package as `npm pack`
 * does (its prepack builds dist/), install the tarball into a temporary copy of each host app
 * (its own node_modules, from the registry or npm's cache, as a host team would) and build each
 * app for production. The tests then serve and drive these builds; nothing is built twice.
 */

export const PROJECT = join(import.meta.dirname, '..', '..', '..');
export const CONSUMERS = join(PROJECT, 'tests', 'consumers');

export interface Consumers {
  /** The packed dash3d-<version>.tgz. */
  tarball: string;
  /** Each app's folder: its package.json, node_modules, sources and its production build. */
  apps: { vite: string; webpack: string };
  /** Seconds each step took, printed by the tests for the CI log. */
  timings: Record<string, number>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    consumers: Consumers;
  }
}

/** The runner's own settings would change how npm, Vite and webpack behave (NODE_ENV=test above all). */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|VITE_|NODE_ENV$|TEST$|npm_)/.test(k)));
  return { ...env, ...extra };
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(cmd: string, args: string[], cwd: string, env = cleanEnv()): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} in ${cwd} failed (${code}):\n${out}`)),
    );
  });
}

async function timed<T>(timings: Record<string, number>, name: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round((performance.now() - t0) / 100) / 10;
  }
}

/** A copy of tests/consumers/<app> with the shared host page in src/host, and the tarball installed. */
async function installApp(work: string, app: string, tarball: string): Promise<string> {
  const dir = join(work, app);
  await cp(join(CONSUMERS, app), dir, { recursive: true });
  await cp(join(CONSUMERS, 'host'), join(dir, 'src', 'host'), { recursive: true });
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], dir);
  return dir;
}

export default async function setup(project: TestProject) {
  const timings: Record<string, number> = {};
  const work = await mkdtemp(join(tmpdir(), 'dash3d-consumers-'));
  const packDir = join(work, 'pack');
  await mkdir(packDir);
  await timed(timings, 'pack', () => run('npm', ['pack', '--pack-destination', packDir, '--loglevel=error'], PROJECT));
  const tarball = join(
    packDir,
    (await readdir(packDir)).find((f) => f.endsWith('.tgz'))!,
  );
  const [vite, webpack] = await timed(timings, 'install', () =>
    Promise.all([installApp(work, 'vite-app', tarball), installApp(work, 'webpack-app', tarball)]),
  );
  await timed(timings, 'vite build', () => run(join(vite, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], vite));
  await timed(timings, 'webpack build', () => run(join(webpack, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], webpack));
  project.provide('consumers', { tarball, apps: { vite, webpack }, timings });
  return () => rm(work, { recursive: true, force: true });
}
