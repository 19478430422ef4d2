import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkHost, checkViewer, weighViewer } from './support/checks';
import { checkStartChunkRetried, checkWorkerChunkRetried, viewerPage, webpackBuild } from './support/chunk-retry';
import { startBackend } from './support/host';
import { launchChromium } from './support/page';

/*
 * Host apps built with the other bundlers of issue 31, each installed from the packed tarball and
 * built once per run (support/setup.ts), driven from this one file with one Chromium:
 * - rspack-app: Rspack 2 with its built-in SWC loader and HTML plugin, nothing for dash3d; a chunk
 *   its runtime fails to load once (the backend answers 503) is asked for again and loads;
 * - esbuild-app: esbuild's `--bundle --splitting --format=esm` (build.mjs), which emits neither the
 *   render worker nor the package's assets: the package's `dash3d-assets` command copies them into
 *   dist/vendor/dash3d/ and the pages set `files` to that copy (`?vendor`), as the host guide tells an
 *   esbuild host; its viewer page imports from `dash3d/space`;
 * - parcel-app: Parcel 2.16 with what the host guide says it needs, `packageExports` in its package.json
 *   and `parcel build --no-scope-hoist`; its inline import map is allowed by its hash in the page's
 *   policy (host/server.mjs hashes a page's inline scripts).
 * Each app's editor page passes checkHost and its viewer page checkViewer, as the Vite, webpack and
 * Next.js apps' do; each viewer page runs at most 200 kB (gzip) of main-thread script before its
 * first frame (weighViewer).
 */

const { apps, rspackBuild: printed } = inject('consumers');
// Read as text: where colour is on (CI=true, as .ci/run sets), Rspack wraps words in ANSI escapes.
// eslint-disable-next-line no-control-regex
const rspackBuild = printed.replace(/\u001b\[[0-9;]*m/g, '');
let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

describe('Rspack 2 (rspack-app)', () => {
  it('builds with no warning from dash3d', () => {
    // Rspack prints "compiled with N warnings" and each as "WARNING in <module>" when there are any.
    const fromDash3d = [...rspackBuild.matchAll(/^WARNING in (\S+)/gm)].map((m) => m[1]).filter((m) => m!.includes('dash3d'));
    expect(fromDash3d).toEqual([]);
    expect(rspackBuild.split('\n').filter((l) => l.includes('dash3d'))).toEqual([]);
    expect(rspackBuild).toMatch(/compiled successfully/);
  });

  it('its production build, served by the host backend, runs every part of dash3d', async () => {
    const backend = await startBackend(apps.rspack, join(apps.rspack, 'dist'));
    try {
      await checkHost(browser, `${backend.base}/`, backend.base);
    } finally {
      await backend.stop();
    }
  });

  it('its dashboard viewer page draws a saved scene on at most 200 kB (gzip) of main-thread script before its first frame, no three.js, no antd', async () => {
    const backend = await startBackend(apps.rspack, join(apps.rspack, 'dist'));
    try {
      await weighViewer('Rspack', await checkViewer(browser, `${backend.base}/viewer.html`));
    } finally {
      await backend.stop();
    }
  });

  // Its runtime loads its chunks (importScripts in the classic render worker, script elements on the
  // page): a chunk that fails once is asked of it again and loads (support/chunk-retry.ts).
  it("a render worker's chunk that fails once as the space warms up is asked for again by the next model, which loads and draws", async () =>
    checkWorkerChunkRetried(browser, await webpackBuild(apps.rspack)));

  it("the render worker's first chunk (three.js) failing once: the space names the file, and Retry starts the worker and draws", async () =>
    checkStartChunkRetried(browser, await webpackBuild(apps.rspack), viewerPage('viewer.html'), 'worker'));

  it("on the main thread (no OffscreenCanvas), the engine's chunk failing once: the space names the file, and Retry loads it and draws", async () =>
    checkStartChunkRetried(browser, await webpackBuild(apps.rspack), viewerPage('viewer.html'), 'main'));
});

describe('esbuild 0.28 (esbuild-app), the package files copied by dash3d-assets', () => {
  it('its production build with the copy runs every part of dash3d, the worker from the copy', async () => {
    const backend = await startBackend(apps.esbuild, join(apps.esbuild, 'dist'));
    try {
      const w = await checkHost(browser, `${backend.base}/?vendor`, backend.base);
      expect(w.workers.filter((u) => !u.startsWith('blob:')).map((u) => new URL(u).pathname)).toContain('/vendor/dash3d/render-worker.js');
    } finally {
      await backend.stop();
    }
  });

  it('its viewer page from dash3d/space draws a saved scene on at most 200 kB (gzip) of main-thread script before its first frame, no antd', async () => {
    const backend = await startBackend(apps.esbuild, join(apps.esbuild, 'dist'));
    try {
      await weighViewer('esbuild', await checkViewer(browser, `${backend.base}/viewer.html?vendor`));
    } finally {
      await backend.stop();
    }
  });
});

describe('Parcel 2.16 (parcel-app), packageExports and --no-scope-hoist', () => {
  it('its production build, served by the host backend, runs every part of dash3d', async () => {
    const backend = await startBackend(apps.parcel, join(apps.parcel, 'dist'));
    try {
      await checkHost(browser, `${backend.base}/`, backend.base);
    } finally {
      await backend.stop();
    }
  });

  // It was 221 kB while the package left zod to the host: Parcel does not tree-shake without scope
  // hoisting, and zod's index brings every locale (scripts/package/build.mjs, BUNDLED_PACKAGES).
  it('its dashboard viewer page draws a saved scene on at most 200 kB (gzip) of main-thread script before its first frame, no three.js, no antd', async () => {
    const backend = await startBackend(apps.parcel, join(apps.parcel, 'dist'));
    try {
      await weighViewer('Parcel', await checkViewer(browser, `${backend.base}/viewer.html`));
    } finally {
      await backend.stop();
    }
  });
});
