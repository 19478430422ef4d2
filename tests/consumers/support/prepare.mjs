// @ts-check
// Making the consumer apps as a host team would, shared by the consumer tests' globalSetup
// (support/setup.ts) and the benchmark (tests/bench/consumer.mjs): pack the package as `npm pack`
// does (its prepack builds dist/), install the tarball into a temporary copy of an app (its own
// node_modules, from the registry or npm's cache), build the app with its own bundler.
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, rename } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const PROJECT = join(import.meta.dirname, '..', '..', '..');
export const CONSUMERS = join(PROJECT, 'tests', 'consumers');

/**
 * The runner's own settings would change how npm, Vite and webpack behave (NODE_ENV=test above all).
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|VITE_|NODE_ENV$|TEST$|npm_)/.test(k)));
  return { ...env, ...extra };
}

/**
 * Runs a command to its end; rejects with its output when it fails.
 * @param {string} cmd @param {string[]} args @param {string} cwd @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<string>}
 */
export function run(cmd, args, cwd, env = cleanEnv()) {
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

/**
 * `npm pack` into `work`/pack; answers the tarball's path.
 * @param {string} work
 */
export async function packTarball(work) {
  const dir = join(work, 'pack');
  await mkdir(dir, { recursive: true });
  await run('npm', ['pack', '--pack-destination', dir, '--loglevel=error'], PROJECT);
  const name = (await readdir(dir)).find((f) => f.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack left no .tgz in ${dir}`);
  return join(dir, name);
}

/** @typedef {'vite-app' | 'webpack-app' | 'next-app' | 'rspack-app' | 'esbuild-app' | 'parcel-app'} App */

/**
 * A copy of tests/consumers/<app> in `work` with the shared host pages in src/host, and the tarball installed.
 * @param {string} work @param {App} app @param {string} tarball
 */
export async function installApp(work, app, tarball) {
  const dir = join(work, app);
  await cp(join(CONSUMERS, app), dir, { recursive: true });
  await cp(join(CONSUMERS, 'host'), join(dir, 'src', 'host'), { recursive: true });
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], dir);
  return dir;
}

/**
 * Each app's production build, as its package.json's `build` script runs it (the bundler's own
 * command from the app's node_modules; the esbuild app's build script calls esbuild's API, then
 * the package's `dash3d-assets`).
 * @type {Record<Exclude<App, 'next-app'>, [string, string[]]>}
 */
const BUILDS = {
  'vite-app': ['.bin/vite', ['build', '--logLevel', 'warn']],
  'webpack-app': ['.bin/webpack', ['--mode', 'production']],
  'rspack-app': ['.bin/rspack', ['build', '--mode', 'production']],
  'esbuild-app': ['', ['build.mjs']],
  'parcel-app': ['.bin/parcel', ['build', 'src/index.html', 'src/viewer.html', '--no-scope-hoist']],
};

/**
 * The app's production build with its own bundler, into its dist/; answers what the build printed.
 * @param {string} dir @param {Exclude<App, 'next-app'>} app
 */
export function buildApp(dir, app) {
  const [bin, args] = BUILDS[app];
  return run(bin ? join(dir, 'node_modules', bin) : process.execPath, args, dir);
}

/**
 * The Next.js app's production builds, one after the other from one install (next-app/next.config.js):
 * with Turbopack, Next's default, a static export moved from out/ to out-turbopack/; with
 * `next build --webpack`, a build for `next start` in .next-server/ whose rewrites send the media
 * library's paths to `backend` (Next.js fixes rewrites at build time). Answers what the build printed.
 * @param {string} dir @param {'turbopack' | 'webpack'} bundler @param {string} [backend]
 */
export async function buildNext(dir, bundler, backend) {
  const env = { NEXT_TELEMETRY_DISABLED: '1', HOST_BACKEND: (bundler === 'webpack' && backend) || '' };
  const args = ['build', ...(bundler === 'webpack' ? ['--webpack'] : [])];
  const out = await run(join(dir, 'node_modules', '.bin', 'next'), args, dir, cleanEnv(env));
  if (bundler === 'turbopack') await rename(join(dir, 'out'), join(dir, 'out-turbopack'));
  return out;
}

/**
 * A port that was free a moment ago.
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * Starts a server process (the runner's settings left out) and waits until its output matches
 * `pattern`; rejects when it exits first or after `ms`. `stop()` ends it (SIGTERM, SIGKILL after 10 s).
 * @param {string} cmd @param {string[]} args
 * @param {{ cwd: string, env?: Record<string, string>, pattern: RegExp, ms?: number }} opts
 * @returns {Promise<{ match: RegExpExecArray, output(): string, stop(): Promise<void> }>}
 */
export async function startProcess(cmd, args, { cwd, env = {}, pattern, ms = 60_000 }) {
  const child = spawn(cmd, args, { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  /** @type {RegExpExecArray} */
  const match = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} from ${cmd} ${args.join(' ')} within ${ms} ms:\n${out}`)), ms);
    const check = () => {
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout.on('data', (d) => ((out += d), check()));
    child.stderr.on('data', (d) => ((out += d), check()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} ${args.join(' ')} exited (${code}) before ${pattern}:\n${out}`));
    });
  });
  return { match, output: () => out, stop };
}
