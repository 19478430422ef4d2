import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { expect } from 'vitest';
import { loaded, MODEL_FILES } from './checks';
import { session, startBackend, uploadModels, type Backend } from './host';
import { expectClean, keepFrame, openHost, THREE_MARKER, until, untilChanged, type Watched } from './page';

/*
 * A chunk that fails once, in a webpack-family build (webpack 5, Rspack): their runtime, not the
 * browser's import(), loads what they bundled (importScripts in the render worker, which they make
 * a classic worker; script elements on the page), so the package reads their failures as the
 * spec's ChunkLoadError and asks their runtime again (shared/chunks.ts). The host's backend answers
 * the chunk's first request 503 (HOST_FAIL_ONCE, host/server.mjs) and serves it from then on.
 */

/** The chunks of the built app the tests fail once, by file name in its dist/. */
export interface BuiltChunks {
  /** The chunk that carries three.js: the render worker's first (importScripts as it starts) and the main-thread engine's. */
  three: string;
  /** The render worker's lazily loaded model parse client (`loadChunk('model-parse-client', ...)`). */
  parseClient: string;
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

/** The statuses the backend answered for one file of the page, in order. */
export const statusesOf = (backend: Backend, file: string) =>
  backend.served.filter((s) => s.url.split('?')[0] === `/${file}`).map((s) => s.status);

/**
 * The one failure the backend was told to make, as the page saw it (workers' requests included
 * where reported): the 503, and for a script element Chromium's abort of the request it answered.
 */
const isTheFault = (w: Watched, file: string) => (f: string) =>
  f === `503 ${w.origin}/${file}` || f.startsWith(`failed ${w.origin}/${file}: `);

/**
 * The render worker's model parse client fails once, when the space, having drawn, loads it ahead
 * of need: nothing is shown (the warm-up keeps quiet), and the model asked for next loads it again
 * and draws. Before, importScripts' error escaped the worker (a "crash": restarted, scripts off).
 */
export async function checkWorkerChunkRetried(browser: Browser, appDir: string): Promise<void> {
  const dist = join(appDir, 'dist');
  const { parseClient } = await builtChunks(dist);
  const backend = await startBackend(appDir, dist, { HOST_FAIL_ONCE: parseClient });
  try {
    const [gears] = await uploadModels(backend.base, [MODEL_FILES[0]!]);
    const w = await openHost(browser, `${backend.base}/#token=${await session(backend.base)}`);
    const { page } = w;
    await until(
      page,
      'the space to run in a render worker',
      `window.consumer?.space?.mode === 'worker' && document.querySelector('.dash3d-space')?.dataset.state === 'ready'`,
    );
    await expect.poll(() => statusesOf(backend, parseClient), { timeout: 30_000 }).toEqual([503]);
    await keepFrame(page, 'empty');
    await page.evaluate(`window.consumer.setModels(${JSON.stringify([gears])})`);
    await until(page, 'gears.glb to load', `${loaded(gears!)} || window.consumer.events.find((e) => e.name === 'error')`);
    expect(await page.evaluate(`JSON.stringify(window.consumer.events.find((e) => e.name === 'error') ?? null)`)).toBe('null');
    await untilChanged(page, 'empty', 'gears', 'gears.glb to be drawn');
    expect(await page.evaluate('window.consumer.space.mode')).toBe('worker');
    expect(statusesOf(backend, parseClient)).toEqual([503, 200]);
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
 * The chunk with three.js fails once: in the render worker as it starts (`worker`), or as the
 * main-thread engine loads (`main`: a browser without OffscreenCanvas). The space says which part
 * and file did not load, with no hint about emitting the worker (it was emitted); Retry loads it
 * and the space draws. Before, the worker's failure made the whole page render on the main thread,
 * and the engine's left the space in its error state with no Retry.
 */
export async function checkStartChunkRetried(browser: Browser, appDir: string, at: SpacePage, mode: 'worker' | 'main'): Promise<void> {
  const dist = join(appDir, 'dist');
  const { three } = await builtChunks(dist);
  const backend = await startBackend(appDir, dist, { HOST_FAIL_ONCE: three });
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
    expect(statuses[0]).toBe(503);
    expect(statuses.slice(1)).toContain(200);
    // What the page said: the spec's text in the console (and the browser's own line about the 503).
    expect(w.errors.filter((e) => !e.includes(`ChunkLoadError: ${text}`) && !/Failed to load resource.*503/.test(e))).toEqual([]);
    expect(w.warnings).toEqual([]);
    expect(w.failures.filter((f) => !isTheFault(w, three)(f))).toEqual([]);
    expect(w.offOrigin).toEqual([]);
  } finally {
    await backend.stop();
  }
}
