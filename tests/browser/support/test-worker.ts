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
import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Plugin } from 'vite';
import { pathToFileURL } from 'node:url';
import { TEST_WORKER_PREFIX } from './test-worker-url';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DIR = join(ROOT, 'node_modules', '.cache', 'dash3d-test-worker');

/** scripts/package/build.mjs's part that builds the engine (plain JavaScript, typed by JSDoc there). */
interface EngineBuild {
  buildEngine(o: { dir: string; assets: Map<string, string>; testHooks: boolean; input: Record<string, string> }): Promise<unknown>;
  copyAssets(dir: string, assets: Map<string, string>): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

/** globalSetup: the render worker (and its chunks and assets) into DIR, from the source as it is now. */
export default async function buildTestWorker() {
  const started = performance.now();
  await rm(DIR, { recursive: true, force: true });
  await mkdir(DIR, { recursive: true });
  const { buildEngine, copyAssets } = (await import(pathToFileURL(join(ROOT, 'scripts', 'package', 'build.mjs')).href)) as EngineBuild;
  const assets = new Map<string, string>();
  await buildEngine({ dir: DIR, assets, testHooks: true, input: { 'render-worker': join(ROOT, 'worker', 'index.ts') } });
  await copyAssets(DIR, assets);
  console.log(`[browser] render worker built for the tests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Serves DIR under TEST_WORKER_PREFIX as plain files (no transform: they are built already). */
export function testWorkerServer(): Plugin {
  return {
    name: 'dash3d-test:render-worker',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(TEST_WORKER_PREFIX)) return next();
        const rel = normalize(decodeURIComponent(new URL(req.url, 'http://localhost').pathname.slice(TEST_WORKER_PREFIX.length)));
        const file = join(DIR, rel);
        if (rel.startsWith('..') || !file.startsWith(DIR + sep)) return void res.writeHead(403).end();
        void stat(file).then(
          (s) => {
            if (!s.isFile()) return void res.writeHead(404).end();
            res.writeHead(200, {
              'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
              'content-length': s.size,
              // Built once per run: the browser may keep each file for the run.
              'cache-control': 'max-age=3600',
            });
            createReadStream(file)
              .on('error', () => res.destroy())
              .pipe(res);
          },
          () => res.writeHead(404).end(),
        );
      });
    },
  };
}
