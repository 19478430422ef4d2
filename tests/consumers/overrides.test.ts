import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkHost } from './support/checks';
import { run } from './support/setup';
import { startBackend } from './support/host';
import { expectNoThreeOnMainThread, launchChromium } from './support/page';

/*
 * Issue 17 point 9: a host that serves the package's files itself (PackageFiles: createWorker and
 * assetBase) from a copy under /vendor/dash3d/ of its own site, made by the package's own command
 * (`dash3d-assets`, issue 31). Every check passes as before, the
 * worker and every asset come from the copy, and nothing is fetched from where the bundler put
 * the package's own (its emitted worker, decoders and presets).
 */

const { apps } = inject('consumers');
let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

/** What the page may fetch besides the copy: the page, its main-thread scripts and the media library. */
const HOST_OWN = /^\/(\?.*)?$|^\/index\.html|^\/(core|media|api)\//;

describe.each([
  ['vite', apps.vite],
  ['webpack', apps.webpack],
])('the %s build with the package served from /vendor/dash3d/', (_name, app) => {
  it('runs every part of dash3d from the copy, and fetches nothing from the package files the bundler emitted', async () => {
    const built = join(app, 'dist');
    // The host's own copy step, the package's command as docs/host-guide.md gives it (bin/dash3d-assets.mjs),
    // into the build's output with no --url: the command knows dist/ is served as the site's root.
    const said = await run(join(app, 'node_modules', '.bin', 'dash3d-assets'), ['dist/vendor/dash3d'], app);
    expect(said).toContain("createWorker: () => new Worker(new URL('/vendor/dash3d/render-worker.js', location.href)");
    expect(said).toContain("assetBase: '/vendor/dash3d/assets/'");
    expect(said).toContain("dist/ is a build's output, which a build may empty: copy after each build");
    const backend = await startBackend(app, built);
    try {
      const w = await checkHost(browser, `${backend.base}/?vendor`, backend.base);
      const scripts = new Set((await expectNoThreeOnMainThread(w)).map((u) => new URL(u).pathname));
      const fetched = backend.served.map((s) => s.url);
      expect(fetched.filter((u) => !HOST_OWN.test(u) && !scripts.has(u.split('?')[0]!) && !u.startsWith('/vendor/dash3d/'))).toEqual([]);
      expect(w.workers.filter((u) => !u.startsWith('blob:')).map((u) => new URL(u).pathname)).toContain('/vendor/dash3d/render-worker.js');
      for (const file of ['draco/draco_decoder.wasm', 'basis/basis_transcoder.wasm', 'environments/city.exr', 'preview-env.png']) {
        expect(fetched).toContain(`/vendor/dash3d/assets/${file}`);
      }
    } finally {
      await backend.stop();
    }
  });
});

describe.each([
  ['vite', apps.vite],
  ['webpack', apps.webpack],
])('the %s build with only the asset files moved (assetBase alone)', (_name, app) => {
  it("fetches every decoder, preset and preview image from the asset base, none from the bundler's copies", async () => {
    const built = join(app, 'dist');
    await cp(join(app, 'node_modules', 'dash3d', 'dist', 'assets'), join(built, 'static', 'dash3d-assets'), { recursive: true });
    const backend = await startBackend(app, built);
    try {
      await checkHost(browser, `${backend.base}/?assets`, backend.base);
      const fetched = backend.served.map((s) => s.url.split('?')[0]!);
      // The package's asset files by their kinds: whichever name the bundler gave its own copies.
      const assets = fetched.filter((u) => /\.(wasm|exr|png|txt)$/.test(u) || /draco_wasm_wrapper|basis_transcoder/.test(u));
      expect(assets.filter((u) => !u.startsWith('/static/dash3d-assets/'))).toEqual([]);
      for (const file of [
        'draco/draco_decoder.wasm',
        'draco/draco_wasm_wrapper.js.txt',
        'basis/basis_transcoder.wasm',
        'environments/city.exr',
        'preview-env.png',
      ]) {
        expect(fetched).toContain(`/static/dash3d-assets/${file}`);
      }
    } finally {
      await backend.stop();
    }
  });
});
