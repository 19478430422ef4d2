import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { checkHost } from './support/checks';
import { startBackend, startViteDev } from './support/host';
import { expectClean, expectNoThreeOnMainThread, keepFrame, launchChromium, openHost, until } from './support/page';

/*
 * A host app built with Vite (tests/consumers/vite-app: a stock React setup, nothing for dash3d)
 * that installed dash3d from its tarball: its production build, and its dev server, where Vite's
 * dependency optimizer moves the package's code elsewhere (the classic trap for worker packages).
 */

const app = inject('consumers').apps.vite;
let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

it('its production build (vite build), served by the host backend, runs every part of dash3d', async () => {
  const backend = await startBackend(app, join(app, 'dist'));
  try {
    await checkHost(browser, `${backend.base}/`, backend.base);
  } finally {
    await backend.stop();
  }
});

it('its dev server (the dependency optimizer moves the package) runs every part of dash3d, with no configuration', async () => {
  const backend = await startBackend(app, '-');
  const dev = await startViteDev(app, backend.base);
  try {
    await checkHost(browser, `${dev.base}/`, backend.base);
  } finally {
    await dev.stop();
    await backend.stop();
  }
});

it("its dashboard viewer page (the plug-in's widgets, no editor) draws a saved scene and keeps three.js and antd off the main thread", async () => {
  const backend = await startBackend(app, join(app, 'dist'));
  try {
    const doc = await readFile(join(import.meta.dirname, 'viewer-scene.json'));
    const w = await openHost(browser, `${backend.base}/viewer.html?scene=${doc.toString('base64url')}`);
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
  } finally {
    await backend.stop();
  }
});
