/**
 * The render worker as the browser tests start it: built once per run (vitest globalSetup of the
 * `browser` project) with the package's own engine build (scripts/package/build.mjs, buildEngine)
 * and the test hooks on, served by the test page's Vite server under TEST_WORKER_PREFIX. Started
 * from the dev server instead, every space's render worker and parse worker loads some 200
 * modules one request each (transformed, sent, traced by Playwright's network events): about a
 * core-second of the machine per start, some 250 starts a run (docs/testing.md). The test page
 * asks for this one through a test hook (src/bridge/chunks.ts, setup-worker.ts); a file whose
 * test loads a module of the engine's source into the worker (a moduleUrls stand-in) starts the dev
 * server's worker instead (test-worker-url.ts, useDevWorker()).
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Plugin } from 'vite';
import { TEST_WORKER_PREFIX } from './test-worker-url.ts';

const DIR = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'dash3d-test-worker');

// Plain JavaScript, imported by URL: this file is also checked by the browser tests' config, which
// has no allowJs (as media-server.ts does).
const BUILD = new URL('../../../scripts/package/build.mjs', import.meta.url).href;
const STATIC = new URL('../../../server/static.mjs', import.meta.url).href;
const STORAGE = new URL('../../../server/storage.mjs', import.meta.url).href;

/** scripts/package/build.mjs's part that builds the engine (typed by JSDoc there). */
interface EngineBuild {
  WORKER_ENTRY: string;
  buildEngine(o: { dir: string; assets: Map<string, string>; testHooks: boolean; input: Record<string, string> }): Promise<unknown>;
  copyAssets(dir: string, assets: Map<string, string>): Promise<void>;
}
/** The media service's own file serving: its content types, and its checks that a path stays inside a folder. */
interface FileServing {
  types: Record<string, string>;
  checkedSegments(rel: string): string[];
  resolveInside(root: string, segs: string[]): string;
}

/** globalSetup: the render worker (and its chunks and assets) into DIR, from the source as it is now. */
export default async function buildTestWorker() {
  const started = performance.now();
  await rm(DIR, { recursive: true, force: true });
  const { WORKER_ENTRY, buildEngine, copyAssets } = (await import(BUILD)) as EngineBuild;
  const assets = new Map<string, string>();
  await buildEngine({ dir: DIR, assets, testHooks: true, input: { 'render-worker': WORKER_ENTRY } });
  await copyAssets(DIR, assets);
  console.log(`[browser] render worker built for the tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Serves DIR under TEST_WORKER_PREFIX as plain files (no transform: they are built already). */
export function testWorkerServer(): Plugin {
  let serving: Promise<FileServing> | null = null;
  const load = async (): Promise<FileServing> => {
    const { WEB_TYPES } = (await import(STATIC)) as { WEB_TYPES: Record<string, string> };
    const storage = (await import(STORAGE)) as Omit<FileServing, 'types'>;
    return { types: WEB_TYPES, checkedSegments: storage.checkedSegments, resolveInside: storage.resolveInside };
  };
  return {
    name: 'dash3d-test:render-worker',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(TEST_WORKER_PREFIX)) return next();
        const path = new URL(req.url, 'http://localhost').pathname.slice(TEST_WORKER_PREFIX.length);
        void (serving ??= load())
          .then(async ({ types, checkedSegments, resolveInside }) => {
            const file = resolveInside(DIR, checkedSegments(decodeURIComponent(path)));
            const s = await stat(file);
            if (!s.isFile()) return void res.writeHead(404).end();
            res.writeHead(200, {
              'content-type': types[extname(file)] ?? 'application/octet-stream',
              'content-length': s.size,
              // Built once per run: the browser may keep each file for the run.
              'cache-control': 'max-age=3600',
            });
            createReadStream(file)
              .on('error', () => res.destroy())
              .pipe(res);
          })
          // A malformed or refused path (outside DIR, '..', hidden names), a file that is not there.
          .catch(() => res.writeHead(404).end());
      });
    },
  };
}
