import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { checkHost, checkViewer, weighViewer } from './support/checks';
import { checkStartChunkRetried, checkWorkerChunkRetried, EDITOR_PAGE, webpackBuild } from './support/chunk-retry';
import { session, startBackend, uploadModels } from './support/host';
import { launchChromium, openHost, until } from './support/page';

/*
 * A host app built with plain webpack 5 (tests/consumers/webpack-app: its own JSX loader and two
 * HTML pages, the editor host and a dashboard viewer; no Vite anywhere) that installed dash3d from
 * its tarball. webpack bundles the package's render worker itself (as a classic worker) from the
 * literal `new Worker(new URL(...))`.
 */

const app = inject('consumers').apps.webpack;
let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

it('its production build, served by the host backend, runs every part of dash3d', async () => {
  const backend = await startBackend(app, join(app, 'dist'));
  try {
    await checkHost(browser, `${backend.base}/`, backend.base);
  } finally {
    await backend.stop();
  }
});

it('its dashboard viewer page draws a saved scene on at most 200 kB (gzip) of main-thread script before its first frame, no three.js, no antd', async () => {
  const backend = await startBackend(app, join(app, 'dist'));
  try {
    await weighViewer('webpack', await checkViewer(browser, `${backend.base}/viewer.html`));
  } finally {
    await backend.stop();
  }
});

it("under a policy without 'unsafe-eval' for its worker, a KTX2 model loads without its textures and says why, and nothing hangs", async () => {
  const backend = await startBackend(app, join(app, 'dist'), { HOST_CSP: 'no-eval' });
  try {
    const [face] = await uploadModels(backend.base, ['gltf/facecap.glb']);
    const w = await openHost(browser, `${backend.base}/#token=${await session(backend.base)}`);
    await until(w.page, 'the space to run in a render worker', `window.consumer?.space?.mode === 'worker'`);
    await w.page.evaluate(`window.consumer.setModels(${JSON.stringify([face])})`);
    await until(
      w.page,
      'facecap.glb to load',
      `window.consumer.events.some((e) => e.id === ${JSON.stringify(face)} && (e.name === 'loaded' || e.name === 'error'))`,
    );
    expect(await w.page.evaluate(`JSON.stringify(window.consumer.events.find((e) => e.name === 'error') ?? null)`)).toBe('null');
    expect(w.warnings.join('\n')).toContain('Content Security Policy does not allow the KTX2 transcoder to start');
  } finally {
    await backend.stop();
  }
});

it("under a policy without 'wasm-unsafe-eval', a compressed model fails naming the policy, not the file", async () => {
  const backend = await startBackend(app, join(app, 'dist'), { HOST_CSP: 'strict' });
  try {
    const [gears] = await uploadModels(backend.base, ['gltf/gears.glb']);
    const w = await openHost(browser, `${backend.base}/#token=${await session(backend.base)}`);
    await until(w.page, 'the space to run in a render worker', `window.consumer?.space?.mode === 'worker'`);
    await w.page.evaluate(`window.consumer.setModels(${JSON.stringify([gears])})`);
    const message = await until<string>(
      w.page,
      'gears.glb to fail',
      `window.consumer.events.find((e) => e.name === 'error')?.payload.message`,
    );
    expect(message).toBe(
      "gears.glb: the page's Content Security Policy does not allow the decoders' WebAssembly (the render worker's script-src needs 'wasm-unsafe-eval'; docs/host-guide.md, Content Security Policy)",
    );
  } finally {
    await backend.stop();
  }
});

// webpack's runtime loads its chunks as Rspack's does (importScripts in the render worker, script
// elements on the page): the same package code asks it again for a chunk that failed once.
it("a render worker's chunk that fails once as the space warms up is asked for again by the next model, which loads and draws", async () =>
  checkWorkerChunkRetried(browser, await webpackBuild(app)));

it("the render worker's first chunk (three.js) failing once: the space names the file, and Retry starts the worker and draws", async () =>
  checkStartChunkRetried(browser, await webpackBuild(app), EDITOR_PAGE, 'worker'));
