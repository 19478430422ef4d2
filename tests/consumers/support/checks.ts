import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { expect } from 'vitest';
import {
  expectClean,
  expectNoThreeOnMainThread,
  keepFrame,
  mainThreadBeforeFirstFrame,
  openHost,
  until,
  untilChanged,
  type Watched,
} from './page';
import { session, uploadModels } from './host';

/** A Draco-compressed model and a KTX2 + meshopt one (their decoders are the package's own files). */
export const MODEL_FILES = ['gltf/gears.glb', 'gltf/facecap.glb'];

/** A page expression: the model widget of `url` has reported 'loaded'. */
export const loaded = (url: string) => `window.consumer.events.some((e) => e.id === ${JSON.stringify(url)} && e.name === 'loaded')`;
const modelError = `window.consumer.events.find((e) => e.name === 'error')`;

/**
 * What a host team checks after installing dash3d, in one page of their app at `pageUrl` (served
 * with the media library at `backend`): the space draws in a render worker; each compressed model
 * loads through the service and draws; an environment preset lights the scene; a data card shows a
 * host variable and follows a write; the material editor opens, its preview draws and its code
 * editor arrives; and nothing failed, left the origin, or brought three.js to the main thread.
 */
export async function checkHost(browser: Browser, pageUrl: string, backend: string): Promise<Watched> {
  const [gears, face] = await uploadModels(backend, MODEL_FILES);
  const w = await openHost(browser, `${pageUrl}#token=${await session(backend)}`);
  const { page } = w;
  try {
    await until(
      page,
      'the space to run in a render worker',
      `window.consumer?.space?.mode === 'worker' && document.querySelector('.dash3d-space')?.dataset.state === 'ready'`,
    );
    await keepFrame(page, 'empty');
    expect(await page.evaluate(`window.__px.spread('empty')`)).toBeGreaterThan(0.01);

    await page.evaluate(`window.consumer.setModels(${JSON.stringify([gears])})`);
    await until(page, 'gears.glb (Draco) to load', `${loaded(gears!)} || ${modelError}`);
    expect(await page.evaluate(modelError)).toBeUndefined();
    await untilChanged(page, 'empty', 'gears', 'gears.glb to be drawn');

    await page.evaluate(`window.consumer.setModels(${JSON.stringify([gears, face])})`);
    await until(page, 'facecap.glb (KTX2, meshopt) to load', `${loaded(face!)} || ${modelError}`);
    expect(await page.evaluate(modelError)).toBeUndefined();
    await untilChanged(page, 'gears', 'both', 'facecap.glb to be drawn');

    await page.evaluate(`window.consumer.setEnvironment('city')`);
    await untilChanged(page, 'both', 'lit', 'the city preset to light the scene');

    const mirror = page.locator('.dash3d-card-mirror__value').first();
    await expect.poll(() => mirror.textContent()).toBe('21.5');
    await page.evaluate(`window.consumer.write('temperature', 30.25)`);
    await expect.poll(() => mirror.textContent()).toBe('30.25');
    const rects = await page.evaluate(`window.consumer.space.cardRects()`);
    expect(Object.keys(rects as object)).toContain('card');

    await page.getByRole('button', { name: 'Material editor' }).click();
    await until(page, 'the material preview to run in a render worker', `window.consumer.preview.current?.mode === 'worker'`);
    await until(
      page,
      'the material preview to draw',
      `(async () => { window.__px.keep('preview', await window.consumer.preview.current.readPixels()); return window.__px.spread('preview') > 0.01; })()`,
    );
    // The code editor under the preview: CodeMirror, in a chunk the host's bundler made from the
    // package's lazy import (and its bare @codemirror imports), not the plain text box shown meanwhile.
    await until(
      page,
      'the frame script editor (CodeMirror)',
      `!!document.querySelector('.dash3d-frame-script-field .cm-content[role="textbox"]')`,
    );

    await expectNoThreeOnMainThread(w);
    expectClean(w);
    return w;
  } catch (err) {
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\npage errors: ${w.errors.join('\n')}\nwarnings: ${w.warnings.join('\n')}\nfailures: ${w.failures.join('\n')}`,
      { cause: err },
    );
  }
}

/**
 * A host's dashboard viewer page at `pageUrl` (host/Viewer.jsx; a query of its own, `?vendor`, may follow) opening
 * the saved dashboard of viewer-scene.json: the space and its card draw, the card follows a host
 * variable, and neither three.js nor antd (the settings panels') reaches the main thread.
 */
export async function checkViewer(browser: Browser, pageUrl: string): Promise<Watched> {
  const doc = await readFile(join(import.meta.dirname, '..', 'viewer-scene.json'));
  const w = await openHost(browser, `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}scene=${doc.toString('base64url')}`);
  await until(w.page, 'the saved space to draw its first frame', `document.querySelector('.dash3d-space')?.dataset.state === 'ready'`);
  // The scene and the card are drawn (the ground and the card's body against the background).
  await keepFrame(w.page, 'view', 'window.viewer.spaces.space');
  expect(await w.page.evaluate(`window.__px.spread('view')`)).toBeGreaterThan(0.2);
  const rects = await w.page.evaluate<Record<string, { visible: boolean }>>('window.viewer.spaces.space.cardRects()');
  expect(rects.card?.visible).toBe(true);
  const mirror = w.page.locator('.dash3d-card-mirror__value').first();
  await expect.poll(() => mirror.textContent()).toBe('21.5');
  await w.page.evaluate(`window.viewer.write('temperature', 18)`);
  await expect.poll(() => mirror.textContent()).toBe('18');
  const urls = await expectNoThreeOnMainThread(w);
  // The settings panels (and antd with them) arrive only when a panel is shown: never here.
  const sources = await Promise.all(w.mainScripts.filter((s) => s.url.startsWith(w.origin)).map((s) => w.sourceOf(s.id)));
  expect(
    sources.filter((src) => /\banticon\b/.test(src)),
    urls.join('\n'),
  ).toEqual([]);
  expectClean(w);
  return w;
}

/** Issue 31: what a viewer page may run on its main thread before its first frame, gzip. */
export const VIEWER_BUDGET = 200_000;

/**
 * A viewer page's main-thread script before its first frame (after checkViewer), printed for the
 * log and held to the budget: at most 200 kB gzip, no antd (the settings panels').
 */
export async function weighViewer(name: string, w: Watched, budget = VIEWER_BUDGET) {
  const weighed = await mainThreadBeforeFirstFrame(w);
  console.log(
    `${name} viewer page: ${(weighed.gzipBytes / 1000).toFixed(1)} kB (gzip) of main-thread script before the first frame, in ${weighed.scripts.length} scripts`,
  );
  const list = weighed.scripts.map((s) => `${s.url} ${s.gzip}`).join('\n');
  expect(weighed.scripts.length, list).toBeGreaterThan(0);
  expect(weighed.scripts.filter((s) => s.antd).map((s) => s.url)).toEqual([]);
  expect(weighed.gzipBytes, list).toBeLessThanOrEqual(budget);
  return weighed;
}
