import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkHost, checkViewer, VIEWER_BUDGET, weighViewer } from './support/checks';
import { checkStartChunkRetried, checkWorkerChunkRetried, EDITOR_PAGE, turbopackBuild, viewerPage } from './support/chunk-retry';
import { startBackend, startNextServer, type Backend } from './support/host';
import { expectClean, launchChromium, mainThreadScripts, openHost } from './support/page';

/*
 * A host app built with Next.js (tests/consumers/next-app: the App Router, 'use client' pages that
 * render the shared host pages, nothing for dash3d in its config), installed once from the tarball
 * and built twice per run (support/setup.ts), both driven from this one file with one Chromium:
 * - with Turbopack (`next build`, Next's default) as a static export: the build renders every page
 *   on the server (React's server renderer in Node, the 'use client' pages included) and writes
 *   the HTML, which the host's backend (host/server.mjs) serves with the media library, as it
 *   serves the other apps' builds;
 * - with `next build --webpack` for `next start`: Next.js serves and renders the pages itself, and
 *   its rewrites (the ones docs/host-guide.md shows) pass /core, /api and /media to the backend, so
 *   the page and its workers see one origin.
 * Either way a build that finished is a server render without an error, and the browser hydrates
 * what the server rendered (a mismatch would be a console error, which checkHost fails on).
 */

const { apps, nextBuilds, nextBackendPort } = inject('consumers');
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

type Bundler = 'turbopack' | 'webpack';

/**
 * A build served as its host serves it: the export by the backend; the server build by `next
 * start` with the backend behind its rewrites, on the port the build named. `page(path)`: a
 * page's address (the export's pages end with a slash).
 */
async function serve(bundler: Bundler): Promise<{ page(path: string): string; backend: Backend; stop(): Promise<void> }> {
  if (bundler === 'turbopack') {
    const backend = await startBackend(apps.next, join(apps.next, 'out-turbopack'));
    return { page: (path) => `${backend.base}/${path && `${path}/`}`, backend, stop: backend.stop };
  }
  const backend = await startBackend(apps.next, '-', { HOST_PORT: String(nextBackendPort) });
  try {
    const next = await startNextServer(apps.next, backend.base);
    const stop = async () => {
      await next.stop();
      await backend.stop();
    };
    return { page: (path) => `${next.base}/${path}`, backend, stop };
  } catch (err) {
    await backend.stop();
    throw err;
  }
}

describe.each(['turbopack', 'webpack'] as const)('its %s build', (bundler) => {
  const prerendered =
    bundler === 'turbopack'
      ? join(apps.next, 'out-turbopack', 'index.html')
      : join(apps.next, '.next-server', 'server', 'app', 'index.html');

  it('prerendered the editor page on the server: the space in its loading state, the card in the HTML', async () => {
    const html = await readFile(prerendered, 'utf8');
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

  it(`served ${bundler === 'turbopack' ? 'as an export by the host backend' : "by `next start`, the media library behind the host guide's rewrites"}, hydrates without a warning and runs every part of dash3d`, async () => {
    const served = await serve(bundler);
    try {
      const w = await checkHost(browser, served.page(''), served.backend.base);
      // The page and its workers asked one origin for everything, the media library's files too.
      expect(w.offOrigin).toEqual([]);
      if (bundler === 'webpack') {
        const media = served.backend.served.filter((r) => r.url.startsWith('/media/') && r.status === 200);
        expect(media.length, 'the models reached the backend through Next.js').toBeGreaterThan(0);
        expect(w.requests.some((u) => u.startsWith(`${w.origin}/media/`))).toBe(true);
      }
    } finally {
      await served.stop();
    }
  });

  // Of the viewer page's main-thread script, Next.js's own (its router and runtime, and the React it
  // bundles) is what a page with nothing on it runs (/blank/): 137 kB with Turbopack, 135 with webpack.
  // dash3d's part (the widgets, the viewer's texts, zod, comlink) is the rest, about 60 kB; it was
  // 76 before the editor's texts left the viewer's catalogue (shared/i18n/editor.ts) and zod's JSON
  // Schema converters the schemas (scripts/package/build.mjs): 213.5 kB in all with Turbopack.
  it('its dashboard viewer page draws a saved scene on at most 200 kB (gzip) of main-thread script before its first frame, no three.js, no antd', async () => {
    const served = await serve(bundler);
    try {
      const viewer = await weighViewer(`Next.js (${bundler})`, await checkViewer(browser, served.page('viewer')), VIEWER_BUDGET);
      const blank = await openHost(browser, served.page('blank'));
      await blank.page.waitForLoadState('networkidle');
      const floor = await mainThreadScripts(blank);
      expectClean(blank);
      console.log(
        `Next.js (${bundler}): a blank page runs ${(floor.gzipBytes / 1000).toFixed(1)} kB (gzip) of main-thread script; the viewer page ${((viewer.gzipBytes - floor.gzipBytes) / 1000).toFixed(1)} kB more`,
      );
      expect(floor.gzipBytes).toBeGreaterThan(0);
      expect(floor.gzipBytes).toBeLessThan(viewer.gzipBytes);
    } finally {
      await served.stop();
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
