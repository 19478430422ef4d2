import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bareWorkerError,
  ChunkLoadError,
  chunkFailureOf,
  describeChunkFailure,
  failedImportUrl,
  withChunkTimeout,
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
