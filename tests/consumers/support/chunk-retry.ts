import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { expect } from 'vitest';
import { loaded, MODEL_FILES } from './checks';
import { session, startBackend, uploadModels, type Backend } from './host';
import { expectClean, keepFrame, openHost, THREE_MARKER, until, untilChanged, type Watched } from './page';

/*
 * A chunk that fails, in a build whose bundler loads its chunks with its own runtime rather than
 * the browser's import() (webpack 5, Rspack, Turbopack): importScripts in the render worker, which
 * they make a classic worker, and script elements on the page. The package reads their failures
 * as the spec's ChunkLoadError and asks their runtime again (shared/chunks.ts). The host's backend
 * answers the chunk's first request(s) 503 (HOST_FAIL_ONCE, HOST_FAIL_TIMES: host/server.mjs) and
 * serves it from then on.
 */

/** The chunks of the built app the tests fail, by path under the folder its backend serves. */
export interface BuiltChunks {
  /** The chunk that carries three.js: the render worker's first (importScripts as it starts) and the main-thread engine's. */
  three: string;
  /** The render worker's lazily loaded model parse client (`loadChunk('model-parse-client', ...)`). */
  parseClient: string;
}

/** A built app whose chunks the tests fail. */
export interface BuiltApp {
  /** The app's folder (its node_modules, src/host/server.mjs). */
  dir: string;
  /** The folder its backend serves: the build. */
  pageDir: string;
  chunks: BuiltChunks;
  /**
   * How many requests of a lazily loaded chunk fail before the package sees one failure: 1 where
   * the bundler's runtime rejects at once (webpack, Rspack); 2 in Turbopack's, which asks for a
   * chunk that failed to load once more by itself (200 to 600 ms later), in the worker and on the
   * page, and rejects only then. A worker's first chunks (importScripts as it starts) are asked
   * for once in every one of them.
   */
  runtimeAttempts: number;
}

/** Finds them in a webpack-family build: chunk files named `<id>.<hash>.js`, the runtime's `X.e(<id>)` calls. */
export async function builtChunks(dist: string): Promise<BuiltChunks> {
  const files = (await readdir(dist)).filter((f) => f.endsWith('.js'));
  const sources = new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(dist, f), 'utf8')] as const)));
  const withThree = files.filter((f) => THREE_MARKER.test(sources.get(f)!));
  const id = [...sources.values()].map((src) => /"model-parse-client",\(\)=>[\w$]+\.e\((\d+)\)/.exec(src)?.[1]).find(Boolean);
  const parseClient = files.filter((f) => id !== undefined && f.startsWith(`${id}.`));
  expect(withThree, 'one chunk carries three.js').toHaveLength(1);
  expect(parseClient, `the model parse client's chunk (id ${id})`).toHaveLength(1);
  return { three: withThree[0]!, parseClient: parseClient[0]! };
}

/** A webpack or Rspack app built into its dist/. */
export async function webpackBuild(dir: string): Promise<BuiltApp> {
  const pageDir = join(dir, 'dist');
  return { dir, pageDir, chunks: await builtChunks(pageDir), runtimeAttempts: 1 };
}

/**
 * A Next.js app built with Turbopack into `pageDir` (a static export). Its chunks are
 * `_next/static/chunks/<hash>.js`; the render worker starts from Turbopack's worker bootstrap
 * (`turbopack-worker-<hash>.js`), which importScripts the chunk list the page hands it; a lazy
 * import is a module `<id>,e=>{e.v(t=>Promise.all(["static/chunks/<file>.js",...].map(t=>e.l(t)))...`,
 * which each chunk group that imports it (the worker's, the page's) defines with its own files.
 */
export async function turbopackBuild(dir: string, pageDir: string): Promise<BuiltApp> {
  const folder = join(pageDir, '_next', 'static', 'chunks');
  const files = (await readdir(folder)).filter((f) => f.endsWith('.js'));
  const sources = new Map<string, string>(
    await Promise.all(files.map(async (f) => [`static/chunks/${f}`, await readFile(join(folder, f), 'utf8')] as const)),
  );
  const withThree = [...sources.keys()].filter((f) => THREE_MARKER.test(sources.get(f)!));
  expect(withThree, 'one chunk carries three.js').toHaveLength(1);
  const three = withThree[0]!;
  /** Every chunk list the pattern's last group captures, in the given chunks. */
  const lists = (pattern: RegExp, within = [...sources.keys()]) =>
    within.flatMap((f) => [...(sources.get(f) ?? '').matchAll(pattern)].map((m) => JSON.parse(`[${m[m.length - 1]}]`) as string[]));
  // The worker's chunks: the list its bootstrap is handed.
  const workerLists = lists(/\.\w\("static\/chunks\/turbopack-worker-[\w-]+\.js",\[([^\]]*)\]\)/g);
  expect(workerLists, "the render worker's chunk list").toHaveLength(1);
  expect(workerLists[0], 'the render worker starts with the chunk of three.js').toContain(three);
  // The main-thread engine's lazy import (the page's) and the worker's parse client's.
  const lazyId = (name: string) =>
    [...sources.values()].map((src) => new RegExp(`"${name}",\\(\\)=>[\\w$]+\\.A\\((\\d+)\\)`).exec(src)?.[1]).find(Boolean);
  const engineLists = lists(lazyImport(lazyId('engine')));
  expect(engineLists.length, "the main-thread engine's lazy import").toBeGreaterThan(0);
  for (const list of engineLists) expect(list, "the main-thread engine's chunks").toContain(three);
  const parseLists = lists(lazyImport(lazyId('model-parse-client')), workerLists[0]);
  expect(parseLists, "the render worker's model parse client: one lazy import of one chunk").toEqual([[expect.any(String)]]);
  const served = (chunk: string) => `_next/${chunk}`;
  return { dir, pageDir, chunks: { three: served(three), parseClient: served(parseLists[0]![0]!) }, runtimeAttempts: 2 };
}

/** Turbopack's definition of the lazy import of module `id`: `<id>,e=>{e.v(t=>Promise.all([<chunks>]...`. */
const lazyImport = (id: string | undefined) => {
  expect(id, 'a lazy import by module id').toMatch(/^\d+$/);
  return new RegExp(`[,{(]${id},([\\w$]+)=>\\{\\1\\.v\\([\\w$]+=>Promise\\.all\\(\\[([^\\]]*)\\]`, 'g');
};

/** The statuses the backend answered for one file of the page, in order. */
export const statusesOf = (backend: Backend, file: string) =>
  backend.served.filter((s) => s.url.split('?')[0] === `/${file}`).map((s) => s.status);

/**
 * The failures the backend was told to make, as the page saw them (workers' requests included
 * where reported): the 503s, and for a script element Chromium's abort of the request it answered.
 */
const isTheFault = (w: Watched, file: string) => (f: string) =>
  f === `503 ${w.origin}/${file}` || f.startsWith(`failed ${w.origin}/${file}: `);

/**
 * The render worker's model parse client fails (as often as the bundler's runtime asks for it
 * before it gives up: `runtimeAttempts`) when the space, having drawn, loads it ahead of need:
 * nothing is shown (the warm-up keeps quiet), and the model asked for next loads it again and
 * draws. Before, importScripts' error escaped the worker (a "crash": restarted, scripts off).
 */
export async function checkWorkerChunkRetried(browser: Browser, app: BuiltApp): Promise<void> {
  const { parseClient } = app.chunks;
  const failures = Array<number>(app.runtimeAttempts).fill(503);
  const backend = await startBackend(app.dir, app.pageDir, { HOST_FAIL_ONCE: parseClient, HOST_FAIL_TIMES: String(failures.length) });
  try {
    const [gears] = await uploadModels(backend.base, [MODEL_FILES[0]!]);
    const w = await openHost(browser, `${backend.base}/#token=${await session(backend.base)}`);
    const { page } = w;
    await until(
      page,
      'the space to run in a render worker',
      `window.consumer?.space?.mode === 'worker' && document.querySelector('.dash3d-space')?.dataset.state === 'ready'`,
    );
    await expect.poll(() => statusesOf(backend, parseClient), { timeout: 30_000 }).toEqual(failures);
    await keepFrame(page, 'empty');
    await page.evaluate(`window.consumer.setModels(${JSON.stringify([gears])})`);
    await until(page, 'gears.glb to load', `${loaded(gears!)} || window.consumer.events.find((e) => e.name === 'error')`);
    expect(await page.evaluate(`JSON.stringify(window.consumer.events.find((e) => e.name === 'error') ?? null)`)).toBe('null');
    await untilChanged(page, 'empty', 'gears', 'gears.glb to be drawn');
    expect(await page.evaluate('window.consumer.space.mode')).toBe('worker');
    expect(statusesOf(backend, parseClient)).toEqual([...failures, 200]);
    expectClean({ ...w, failures: w.failures.filter((f) => !isTheFault(w, parseClient)(f)) });
  } finally {
    await backend.stop();
  }
}

/** A page of the app with a space: its path (and query) and the page expression of the space's handle. */
export interface SpacePage {
  path: string;
  space: string;
}

/** The editor page (host/App.jsx), its space empty. */
export const EDITOR_PAGE: SpacePage = { path: '', space: 'window.consumer.space' };

/** A viewer page (host/Viewer.jsx) opening viewer-scene.json. */
export const viewerPage = (file: string): SpacePage => ({
  path: `${file}?scene=${readFileSync(join(import.meta.dirname, '..', 'viewer-scene.json')).toString('base64url')}`,
  space: 'window.viewer.spaces.space',
});

/**
 * The chunk with three.js fails: in the render worker as it starts (`worker`: once, its first
 * chunks are asked for once), or as the main-thread engine loads (`main`: a browser without
 * OffscreenCanvas; as often as the bundler's runtime asks). The space says which part and file did
 * not load, with no hint about emitting the worker (it was emitted); Retry loads it and the space
 * draws. Before, the worker's failure made the whole page render on the main thread, and the
 * engine's left the space in its error state with no Retry.
 */
export async function checkStartChunkRetried(browser: Browser, app: BuiltApp, at: SpacePage, mode: 'worker' | 'main'): Promise<void> {
  const { three } = app.chunks;
  const failures = mode === 'main' ? app.runtimeAttempts : 1;
  const backend = await startBackend(app.dir, app.pageDir, { HOST_FAIL_ONCE: three, HOST_FAIL_TIMES: String(failures) });
  try {
    const noOffscreen = () => void delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    const w = await openHost(browser, `${backend.base}/${at.path}`, mode === 'main' ? noOffscreen : undefined);
    const { page } = w;
    const part = mode === 'worker' ? 'render-worker' : 'engine';
    const text = `Loading chunk ${part} failed (missing: ${backend.base}/${three})`;
    const panel = page.locator('.dash3d-chunk-error');
    await expect.poll(() => panel.textContent(), { timeout: 60_000 }).toContain(text);
    expect(await panel.locator('.dash3d-chunk-hint').count()).toBe(0);
    await panel.getByRole('button', { name: 'Retry' }).click();
    await until(page, 'the space to draw after Retry', `document.querySelector('.dash3d-space')?.dataset.state === 'ready'`);
    expect(await page.evaluate(`${at.space}.mode`)).toBe(mode);
    await keepFrame(page, 'view', at.space);
    expect(await page.evaluate(`window.__px.spread('view')`)).toBeGreaterThan(0.01);
    const statuses = statusesOf(backend, three);
    expect(statuses.slice(0, failures)).toEqual(Array<number>(failures).fill(503));
    expect(statuses.slice(failures)).toContain(200);
    // What the page said: the spec's text in the console (and the browser's own line about each 503).
    expect(w.errors.filter((e) => !e.includes(`ChunkLoadError: ${text}`) && !/Failed to load resource.*503/.test(e))).toEqual([]);
    expect(w.warnings).toEqual([]);
    expect(w.failures.filter((f) => !isTheFault(w, three)(f))).toEqual([]);
    expect(w.offOrigin).toEqual([]);
  } finally {
    await backend.stop();
  }
}
