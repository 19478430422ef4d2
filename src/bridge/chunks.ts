import { wrap } from 'comlink';
import { bareWorkerError, chunkLoader, withChunkTimeout, workerChunkError, type ChunkLoader } from '../../shared/chunks';
import { importUrl } from '../../shared/import-url';
import { ChunkSettingsSchema, chunkTimeoutOf, type ChunkSettings } from '../../shared/schema/chunks';
import type { RenderCalls } from './calls';
import type { PackageFiles } from '../host/types';

/** The render API's module: the main-thread fallback runs the worker's own API (and engine) in place. */
type EngineModule = typeof import('../../worker/api');
/** What a render worker answers over comlink (worker/index.ts). */
type WorkerApi = import('../../worker/index').WorkerApi;

/**
 * How the lazily loaded parts of a space are fetched: where the host serves the package's files
 * (PackageFiles), and for tests a missing or never-answering part and seconds instead of the
 * spec's 120 s.
 */
export interface ChunkOptions extends PackageFiles {
  timeoutMs?: number;
  /** Chunk id -> its own timeout, timeoutMs for the others (tests: seconds for the part they break). */
  timeoutsMs?: Record<string, number>;
  /** Where the render worker's script is really fetched from, given the URL the build chose (tests). */
  renderWorkerUrl?(builtUrl: string): string;
  /** Import the main-thread engine from this URL instead of the bundler's own chunk (tests). */
  engineUrl?: string;
  /** The parse worker's script, instead of the render worker's own (same origin only). */
  parseWorkerUrl?: string;
  /** Chunk id -> URL for the render worker's lazily loaded modules and files (e.g. 'environment-sky'; tests). */
  moduleUrls?: Record<string, string>;
  /** How long a parse worker may stay silent where it should answer at once (tests: less than the default). */
  parseStallMs?: number;
  /** How long a parse worker may take to answer its first call (parseStallMs when absent; tests). */
  parseStartMs?: number;
}

/** A space's chunk options with the host's package files (their createWorker and assetBase win). */
export function withFiles(chunks: ChunkOptions | undefined, files: PackageFiles | undefined): ChunkOptions | undefined {
  return files ? { ...chunks, ...files } : chunks;
}

/** A folder's absolute URL, ending in '/' (a host may leave the slash out). */
function folderUrl(url: string): string {
  const abs = new URL(url, document.baseURI);
  if (!abs.pathname.endsWith('/')) abs.pathname += '/';
  return abs.href;
}

/** The settings the render worker gets (checked here, and again there). */
export function workerChunkSettings(opts: ChunkOptions | undefined): ChunkSettings {
  return ChunkSettingsSchema.parse({
    timeoutMs: opts?.timeoutMs,
    timeoutsMs: opts?.timeoutsMs,
    parseWorkerUrl: opts?.parseWorkerUrl,
    moduleUrls: opts?.moduleUrls,
    parseStallMs: opts?.parseStallMs,
    parseStartMs: opts?.parseStartMs,
    assetBase: opts?.assetBase === undefined ? undefined : folderUrl(opts.assetBase),
  });
}

/**
 * The package's own render worker, in the one form every bundler finds and bundles (webpack 5,
 * Vite, Parcel, esbuild's plugins): a literal `new Worker(new URL(<relative path>,
 * import.meta.url), { type: 'module' })`. The package build changes only the path, to
 * ./render-worker.js (scripts/package/build.mjs); keep this call exactly in this shape, with
 * literal options (bundlers read them at build time; the name shows in devtools).
 */
function packageRenderWorker(): Worker {
  // Tests only (dropped from the package, src/build-flags.d.ts): the worker built once per test run
  // (tests/browser/support/test-worker.ts), one script instead of some 200 dev-server modules a start.
  const prebuilt = __DASH3D_TEST_HOOKS__ ? (globalThis as { __DASH3D_TEST_WORKER__?: string }).__DASH3D_TEST_WORKER__ : undefined;
  if (prebuilt) return new Worker(prebuilt, { type: 'module', name: 'dash3d-render' });
  return new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'dash3d-render' });
}

/**
 * Runs `make` (the package's worker, or the host's createWorker) and learns the script URL it
 * starts, which a bundler decides and the Worker object does not tell: for the length of this
 * synchronous call the global Worker constructor is a subclass that notes the URL (to name it when
 * the script fails to load) and lets a test move it. A factory that hands back a worker made
 * elsewhere leaves the URL unknown ('').
 */
function startWorker(make: () => Worker, redirect?: (builtUrl: string) => string): { worker: Worker; url: string } {
  const Original = globalThis.Worker;
  let url = '';
  globalThis.Worker = class extends Original {
    constructor(scriptUrl: string | URL, options?: WorkerOptions) {
      const built = String(scriptUrl);
      url = new URL(redirect ? redirect(built) : built, location.href).href;
      super(url, options);
    }
  };
  try {
    return { worker: make(), url };
  } finally {
    globalThis.Worker = Original;
  }
}

/**
 * Start the render worker and wait until its script has loaded (it answers a ping). A module
 * worker whose script is missing fires only a bare `error` event (no message, no status): that is
 * 'missing'; no answer within the timeout is 'timeout'. An error event with a message is the
 * script failing as it ran, not a load failure, and is reported as itself, except the one a
 * webpack-family build's classic worker fires when importScripts could not load its first chunk
 * (three.js, in Rspack's and webpack's builds): that chunk is missing.
 */
export async function startRenderWorker(opts: ChunkOptions | undefined, signal: AbortSignal): Promise<StartedWorker> {
  const { worker, url } = startWorker(opts?.createWorker ?? packageRenderWorker, opts?.renderWorkerUrl);
  const remote = wrap<WorkerApi>(worker);
  const api: RenderCalls = remote.render;
  let onError = (_e: ErrorEvent) => {};
  const failed = new Promise<never>((_, reject) => {
    onError = (e) => {
      e.preventDefault();
      // A bare event: the script is missing, or was served and did not run (bareWorkerError).
      // A webpack-family build's worker that could not load its own first chunk says so (workerChunkError).
      if (e.message)
        reject(workerChunkError('render-worker', e.message, url) ?? new Error(`the render worker failed as it started: ${e.message}`));
      else void bareWorkerError('render-worker', url, 'the render worker').then(reject);
    };
  });
  worker.addEventListener('error', onError);
  // Unmounted while waiting (React StrictMode does it at once): stop now, not after the timeout.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await withChunkTimeout(
      Promise.race([api.ping(), failed, aborted]),
      'render-worker',
      () => url || 'createWorker()',
      chunkTimeoutOf(opts, 'render-worker'),
    );
  } catch (err) {
    worker.terminate();
    throw err;
  } finally {
    worker.removeEventListener('error', onError);
    signal.removeEventListener('abort', onAbort);
  }
  return { api, worker, url, canDrawOffscreen: () => remote.canDrawOffscreen() };
}

/**
 * A render worker whose script has loaded (startRenderWorker). Spelled out: the public types must
 * not reach the worker's own modules (three), which the whole remote's type would.
 */
export interface StartedWorker {
  api: RenderCalls;
  worker: Worker;
  /** The script it runs ('' when a host's createWorker handed back a worker made elsewhere). */
  url: string;
  /** The capability check's question (capability.ts). */
  canDrawOffscreen(): Promise<boolean>;
}

const builtEngine = chunkLoader<EngineModule>('engine', () => import('../../worker/api'));
const movedEngine = new Map<string, ChunkLoader<EngineModule>>();

/** The main-thread engine (with its API), loaded only when a space needs it: the main bundle carries no three.js. */
export function loadEngine(opts: ChunkOptions | undefined): Promise<EngineModule> {
  const timeout = chunkTimeoutOf(opts, 'engine');
  // Tests only. The package build sets __DASH3D_TEST_HOOKS__ false, which drops this branch and
  // its import of a computed URL: a host's bundler could not follow one (webpack would take it for
  // a request for every file of the folder).
  if (__DASH3D_TEST_HOOKS__ && opts?.engineUrl) {
    const url = opts.engineUrl;
    // One loader per URL, so a Retry knows the URL failed before and asks past the browser's memory.
    let loader = movedEngine.get(url);
    if (!loader) movedEngine.set(url, (loader = chunkLoader<EngineModule>('engine', () => importUrl<EngineModule>(url), url)));
    return loader(timeout);
  }
  return builtEngine(timeout);
}
