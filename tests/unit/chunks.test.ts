import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bareWorkerError,
  bundlerChunkFailure,
  ChunkLoadError,
  chunkFailureOf,
  chunkLoader,
  describeChunkFailure,
  failedImportUrl,
  withChunkTimeout,
  workerChunkError,
} from '../../shared/chunks';
import { CHUNK_TIMEOUT_MS, ChunkSettingsSchema } from '../../shared/schema/chunks';

afterEach(() => vi.useRealTimers());

describe('ChunkLoadError (spec §8)', () => {
  const failure = { id: 'engine', type: 'missing' as const, url: 'http://127.0.0.1:5173/assets/engine-x.js' };

  it("says 'Loading chunk {id} failed' with the type and the URL, in both languages", () => {
    expect(new ChunkLoadError(failure).message).toBe('Loading chunk engine failed (missing: http://127.0.0.1:5173/assets/engine-x.js)');
    expect(describeChunkFailure({ ...failure, type: 'timeout' }, 'zh_Hans')).toBe(
      '加载代码块 engine 失败（超时：http://127.0.0.1:5173/assets/engine-x.js）',
    );
  });

  it('is recognised after crossing a worker boundary (only name and message survive), and as a cause', () => {
    const original = new ChunkLoadError(failure);
    const crossed = Object.assign(new Error(original.message), { name: original.name });
    expect(chunkFailureOf(crossed)).toEqual(failure);
    expect(chunkFailureOf(new Error('model failed', { cause: original }))).toEqual(failure);
    expect(chunkFailureOf(new Error(original.message))).toBeNull();
  });

  it("maps a dynamic import's fetch failure to its URL, and nothing else", () => {
    expect(failedImportUrl(new TypeError('Failed to fetch dynamically imported module: http://h/a.js'))).toBe('http://h/a.js');
    expect(failedImportUrl(new TypeError('Importing a module script failed.'))).toBe('');
    expect(failedImportUrl(new SyntaxError('Unexpected token'))).toBeNull();
    expect(failedImportUrl(new TypeError('x is not a function'))).toBeNull();
  });

  it('times out after the given time with a timeout failure naming the URL', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const p = withChunkTimeout(never, 'render-worker', () => 'http://h/w.js', 1000);
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(chunkFailureOf(await caught)).toEqual({ id: 'render-worker', type: 'timeout', url: 'http://h/w.js' });
  });

  it('defaults to the spec timeout of 120 s and refuses a longer one', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    expect(ChunkSettingsSchema.parse({}).timeoutMs).toBe(120_000);
    expect(ChunkSettingsSchema.safeParse({ timeoutMs: 200_000 }).success).toBe(false);
  });
});

/*
 * webpack 5 and Rspack load the chunks of what they bundled with their own runtime (checked in
 * tests/consumers/more-apps.test.ts against a real Rspack build): in a classic worker importScripts
 * throws out of the import expression itself; on a page a script element fails with webpack's own
 * ChunkLoadError. Both forget the failed chunk, so the import as written, asked again, fetches it again.
 */
describe("a webpack-family bundler's own chunk loading", () => {
  const chromium = () =>
    new DOMException(
      "Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at 'http://h/85.6cf2b356.js' failed to load.",
      'NetworkError',
    );
  const firefox = () =>
    new DOMException(
      'WorkerGlobalScope.importScripts: Failed to load worker script at http://h/85.6cf2b356.js (nsresult = 0x80530013)',
      'NetworkError',
    );
  /** What webpack's and Rspack's page runtime rejects with (its JSONP chunk loading). */
  const jsonp = (type: string) =>
    Object.assign(new Error(`Loading chunk 908 failed.\n(${type}: http://h/908.48136.js)`), {
      name: 'ChunkLoadError',
      type,
      request: 'http://h/908.48136.js',
    });

  it("reads importScripts' NetworkError (Chromium's and Firefox's words) and webpack's page ChunkLoadError as the chunk's URL", () => {
    expect(bundlerChunkFailure(chromium())).toEqual({ type: 'missing', url: 'http://h/85.6cf2b356.js' });
    expect(bundlerChunkFailure(firefox())).toEqual({ type: 'missing', url: 'http://h/85.6cf2b356.js' });
    expect(bundlerChunkFailure(jsonp('error'))).toEqual({ type: 'missing', url: 'http://h/908.48136.js' });
    expect(bundlerChunkFailure(jsonp('missing'))).toEqual({ type: 'missing', url: 'http://h/908.48136.js' });
    expect(bundlerChunkFailure(jsonp('timeout'))).toEqual({ type: 'timeout', url: 'http://h/908.48136.js' });
    // Not a bundler's load failure: other errors, and our own ChunkLoadError.
    expect(bundlerChunkFailure(new TypeError('x is not a function'))).toBeNull();
    expect(bundlerChunkFailure(new DOMException('Failed to fetch', 'NetworkError'))).toBeNull();
    expect(bundlerChunkFailure(new ChunkLoadError({ id: 'engine', type: 'missing', url: 'http://h/e.js' }))).toBeNull();
  });

  it("names the chunk a worker's first importScripts could not load, from its error event's message", () => {
    const message = `Uncaught NetworkError: ${chromium().message}`;
    expect(workerChunkError('render-worker', message, 'http://h/dash3d-render.1.js')?.failure).toEqual({
      id: 'render-worker',
      type: 'missing',
      url: 'http://h/85.6cf2b356.js',
      scriptServed: true,
    });
    expect(workerChunkError('render-worker', 'Uncaught ReferenceError: x is not defined', 'http://h/w.js')).toBeNull();
  });

  it('a chunk whose import throws at once fails as a ChunkLoadError, and the next call asks the import as written again', async () => {
    let calls = 0;
    const load = () => {
      calls++;
      if (calls === 1) throw chromium();
      return Promise.resolve({ parse: 'ok' });
    };
    const loader = chunkLoader('model-parse-client', load);
    const first = await loader().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ChunkLoadError);
    expect(chunkFailureOf(first)).toEqual({ id: 'model-parse-client', type: 'missing', url: 'http://h/85.6cf2b356.js' });
    expect(await loader()).toEqual({ parse: 'ok' });
    expect(calls).toBe(2);
  });

  it("a page chunk webpack's runtime could not load fails as the spec's ChunkLoadError, and loads when asked again", async () => {
    let calls = 0;
    const loader = chunkLoader('engine', () => (++calls === 1 ? Promise.reject(jsonp('error')) : Promise.resolve('engine')));
    expect(chunkFailureOf(await loader().catch((e: unknown) => e))).toEqual({
      id: 'engine',
      type: 'missing',
      url: 'http://h/908.48136.js',
    });
    expect(await loader()).toBe('engine');
    expect(calls).toBe(2);
  });
});

/*
 * Turbopack (Next.js) loads its chunks with its own runtime too (checked in
 * tests/consumers/next-app.test.ts against a real build). After asking once more by itself it
 * rejects with an Error it names ChunkLoadError, without webpack's `request`: the chunk's path in
 * the message, and in a worker importScripts' NetworkError after it.
 */
describe("Turbopack's own chunk loading", () => {
  /** What Turbopack's runtime rejects with (its loadChunk), the cause's text appended when there is one. */
  const turbopack = (cause?: Error) =>
    Object.assign(
      new Error(
        `Failed to load chunk /_next/static/chunks/3qk73hbqaztzo.js from module 45450${cause ? `: ${cause}` : ''}`,
        cause ? { cause } : undefined,
      ),
      { name: 'ChunkLoadError' },
    );
  const importScripts = () =>
    new DOMException(
      "Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at 'http://h/_next/static/chunks/05phi7a2v7_3g.js' failed to load.",
      'NetworkError',
    );

  it("reads the page's failure as the chunk's path, made absolute where there is a page, and the worker's as importScripts' URL", () => {
    expect(bundlerChunkFailure(turbopack())).toEqual({ type: 'missing', url: '/_next/static/chunks/3qk73hbqaztzo.js' });
    vi.stubGlobal('location', new URL('http://h/viewer/'));
    try {
      expect(bundlerChunkFailure(turbopack())).toEqual({ type: 'missing', url: 'http://h/_next/static/chunks/3qk73hbqaztzo.js' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(bundlerChunkFailure(turbopack(importScripts()))).toEqual({
      type: 'missing',
      url: 'http://h/_next/static/chunks/05phi7a2v7_3g.js',
    });
    // Another error that happens to carry the name is not a load failure.
    expect(bundlerChunkFailure(Object.assign(new Error('something else'), { name: 'ChunkLoadError' }))).toBeNull();
  });

  it("a chunk it could not load fails as the spec's ChunkLoadError, and loads when its import is asked again", async () => {
    let calls = 0;
    const loader = chunkLoader('engine', () => (++calls === 1 ? Promise.reject(turbopack()) : Promise.resolve('engine')));
    expect(chunkFailureOf(await loader().catch((e: unknown) => e))).toEqual({
      id: 'engine',
      type: 'missing',
      url: '/_next/static/chunks/3qk73hbqaztzo.js',
    });
    expect(await loader()).toBe('engine');
    expect(calls).toBe(2);
  });
});

describe('chunk settings in the worker (worker/engine/chunk-settings.ts)', () => {
  it('keeps URLs of its own origin and refuses others by name, the main thread being untrusted', async () => {
    const { setChunkSettings, chunkSettings } = await import('../../worker/engine/chunk-settings');
    const { setBaseUrl } = await import('../../worker/engine/urls');
    setBaseUrl('http://127.0.0.1:5173/');
    const refused = setChunkSettings({
      timeoutMs: 3000,
      parseWorkerUrl: '/assets/index.js',
      moduleUrls: { 'environment-sky': 'http://203.0.113.1/sky.js', 'loader-obj': '/x/obj.js' },
    });
    expect(refused).toBe('chunk settings: URLs of another origin were refused (http://203.0.113.1/sky.js)');
    expect(chunkSettings()).toEqual({
      timeoutMs: 3000,
      parseWorkerUrl: 'http://127.0.0.1:5173/assets/index.js',
      moduleUrls: { 'loader-obj': 'http://127.0.0.1:5173/x/obj.js' },
    });
    expect(setChunkSettings({ timeoutMs: -1 })).toMatch(/^chunk settings ignored: timeoutMs: /);
    expect(setChunkSettings(undefined)).toBeNull();
    expect(chunkSettings()).toEqual({ timeoutMs: CHUNK_TIMEOUT_MS });
  });

  it('gives one chunk its own timeout (timeoutsMs) and every other the common one; a bad one is refused by name', async () => {
    const { setChunkSettings, chunkTimeout } = await import('../../worker/engine/chunk-settings');
    expect(setChunkSettings({ timeoutMs: 60_000, timeoutsMs: { 'decoder-draco-wasm': 3500 } })).toBeNull();
    expect(chunkTimeout('decoder-draco-wasm')).toBe(3500);
    expect(chunkTimeout('parse-worker')).toBe(60_000);
    expect(setChunkSettings({ timeoutsMs: { 'parse-worker': 0 } })).toMatch(/^chunk settings ignored: timeoutsMs\.parse-worker: /);
    expect(setChunkSettings({ timeoutsMs: { engine: CHUNK_TIMEOUT_MS + 1 } })).toMatch(/^chunk settings ignored: timeoutsMs\.engine: /);
    expect(setChunkSettings(undefined)).toBeNull();
    expect(chunkTimeout('decoder-draco-wasm')).toBe(CHUNK_TIMEOUT_MS);
  });
});

describe('bareWorkerError: a bare worker error is "missing" only when the script is not there', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.url === '/there.js' ? 200 : 404, { 'content-type': 'text/javascript' });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names a served script as a start failure, not a missing chunk', async () => {
    const err = await bareWorkerError('parse-worker', `${base}/there.js`, 'the model parser');
    expect(chunkFailureOf(err)).toBeNull();
    expect(err.message).toBe(`the model parser could not start: its script (${base}/there.js) was served, but the browser did not run it`);
  });
  it("is the spec's missing chunk when the script answers 404, or cannot be asked", async () => {
    expect(chunkFailureOf(await bareWorkerError('parse-worker', `${base}/gone.js`, 'x'))).toEqual({
      id: 'parse-worker',
      type: 'missing',
      url: `${base}/gone.js`,
    });
    expect(chunkFailureOf(await bareWorkerError('render-worker', '', 'x'))).toEqual({
      id: 'render-worker',
      type: 'missing',
      url: 'createWorker()',
    });
    expect(chunkFailureOf(await bareWorkerError('render-worker', 'http://127.0.0.1:1/x.js', 'x'))?.type).toBe('missing');
  });
});
