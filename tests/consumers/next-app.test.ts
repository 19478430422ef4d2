import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkHost, checkViewer, VIEWER_BUDGET, weighViewer } from './support/checks';
import { checkStartChunkRetried, checkWorkerChunkRetried, EDITOR_PAGE, turbopackBuild, viewerPage } from './support/chunk-retry';
import { startBackend } from './support/host';
import { expectClean, launchChromium, mainThreadScripts, openHost } from './support/page';

/*
 * A host app built with Next.js (tests/consumers/next-app: the App Router, 'use client' pages that
 * render the shared host pages, nothing for dash3d in its config), installed once from the tarball
 * and built twice per run (support/setup.ts): with Turbopack (`next build`, Next's default) and
 * with `next build --webpack`. Both builds are driven from this one file, with one Chromium.
 *
 * The app is a static export: `next build` renders every page on the server (React's server
 * renderer in Node, the 'use client' pages included) and writes the HTML, so a build that finished
 * is a server render without an error, and the pages the browser gets are that HTML, which React
 * hydrates (a mismatch would be a console error, which checkHost fails on). The host's backend
 * (host/server.mjs) serves the export with the media library, as it serves the other apps' builds.
 */

const { apps, nextBuilds } = inject('consumers');
let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

/**
 * What a build printed about dash3d: each warning on one of its files once (webpack repeats them
 * for the client and the server compile), and how many other lines name the package.
 */
function aboutDash3d(log: string): { warnings: string[]; lines: number } {
  const found = [...log.matchAll(/^(?:⚠ )?\.\/node_modules\/dash3d\/(\S+)\n(?!\.\/)(.+)$/gm)].map(
    ([, file, message]) => `${file}: ${message}`,
  );
  return { warnings: [...new Set(found)], lines: log.split('\n').filter((l) => l.includes('dash3d')).length };
}

describe.each(['turbopack', 'webpack'] as const)('its %s build', (bundler) => {
  const out = join(apps.next, `out-${bundler}`);

  it('prerendered the editor page on the server: the space in its loading state, the card in the HTML', async () => {
    const html = await readFile(join(out, 'index.html'), 'utf8');
    expect(html).toMatch(/<div class="dash3d-space" data-state="loading"/);
    expect(html).toContain('data-card-id="card"');
    expect(html).toContain('>Material editor</button>');
  });

  it('says nothing about dash3d as it builds', () => {
    // The chunk retry's import of a computed URL (shared/import-url.ts) carries webpackIgnore and
    // turbopackIgnore: webpack leaves it to the browser instead of warning "Critical dependency"
    // and compiling it into a stub that rejects, and Turbopack instead of compiling it into a
    // throw ("too dynamic"). The retry imports a URL only after a native import() failed with the
    // browser's TypeError; both bundlers load their own chunks themselves.
    const { warnings, lines } = aboutDash3d(nextBuilds[bundler]);
    expect(warnings).toEqual([]);
    expect(lines).toBe(0);
  });

  it('served by the host backend, hydrates without a warning and runs every part of dash3d', async () => {
    const backend = await startBackend(apps.next, out);
    try {
      await checkHost(browser, `${backend.base}/`, backend.base);
    } finally {
      await backend.stop();
    }
  });

  // Of the viewer page's main-thread script, Next.js's own (its router and runtime, and the React it
  // bundles) is what a page with nothing on it runs (/blank/): 137 kB with Turbopack, 135 with webpack.
  // dash3d's part (the widgets, the viewer's texts, zod, comlink) is the rest, about 60 kB; it was
  // 76 before the editor's texts left the viewer's catalogue (shared/i18n/editor.ts) and zod's JSON
  // Schema converters the schemas (scripts/package/build.mjs): 213.5 kB in all with Turbopack.
  it('its dashboard viewer page draws a saved scene on at most 200 kB (gzip) of main-thread script before its first frame, no three.js, no antd', async () => {
    const backend = await startBackend(apps.next, out);
    try {
      const viewer = await weighViewer(`Next.js (${bundler})`, await checkViewer(browser, `${backend.base}/viewer/`), VIEWER_BUDGET);
      const blank = await openHost(browser, `${backend.base}/blank/`);
      await blank.page.waitForLoadState('networkidle');
      const floor = await mainThreadScripts(blank);
      expectClean(blank);
      console.log(
        `Next.js (${bundler}): a blank page runs ${(floor.gzipBytes / 1000).toFixed(1)} kB (gzip) of main-thread script; the viewer page ${((viewer.gzipBytes - floor.gzipBytes) / 1000).toFixed(1)} kB more`,
      );
      expect(floor.gzipBytes).toBeGreaterThan(0);
      expect(floor.gzipBytes).toBeLessThan(viewer.gzipBytes);
    } finally {
      await backend.stop();
    }
  });
});

// Turbopack's runtime loads its chunks itself, as webpack's does: importScripts in the render worker
// (a classic worker started from its bootstrap, turbopack-worker-<hash>.js) and script elements on
// the page. A lazily loaded chunk that fails is asked for once more by that runtime, and only a
// second failure reaches the package, which then asks the runtime again (shared/chunks.ts); the
// worker's first chunks are asked for once. Each case fails its chunk as often as that, then serves
// it (support/chunk-retry.ts).
describe('its turbopack build, a chunk that fails to load', () => {
  const built = () => turbopackBuild(apps.next, join(apps.next, 'out-turbopack'));

  it("a render worker's chunk failing as the space warms up, Turbopack's own second request too: the next model asks again, loads and draws", async () =>
    checkWorkerChunkRetried(browser, await built()));

  it("the render worker's first chunk (three.js) failing once: the space names the file, and Retry starts the worker and draws", async () =>
    checkStartChunkRetried(browser, await built(), EDITOR_PAGE, 'worker'));

  it("on the main thread (no OffscreenCanvas), the engine's chunk failing, Turbopack's own second request too: the space names the file, and Retry loads it and draws", async () =>
    checkStartChunkRetried(browser, await built(), viewerPage('viewer/'), 'main'));
});
