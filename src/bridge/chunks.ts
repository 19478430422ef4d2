import { endpointSymbol } from 'vite-plugin-comlink/symbol';
import { ChunkLoadError, chunkLoader, withChunkTimeout, type ChunkLoader } from '../../shared/chunks';
import { CHUNK_TIMEOUT_MS, ChunkSettingsSchema, type ChunkSettings } from '../../shared/schema/chunks';
import type { RenderCalls } from './calls';

/** The render API's module: the main-thread fallback runs the worker's own API (and engine) in place. */
type EngineModule = typeof import('../../worker/api');

/**
 * How the lazily loaded parts of a space are fetched. Hosts leave it out; tests use it to serve a
 * missing or never-answering part and to wait seconds, not the spec's 120 s.
 */
export interface ChunkOptions {
  timeoutMs?: number;
  /** Where the render worker's script is really fetched from, given the URL the build chose. */
  renderWorkerUrl?(builtUrl: string): string;
  /** Import the main-thread engine from this URL instead of the bundler's own chunk. */
  engineUrl?: string;
  /** The parse worker's script, instead of the render worker's own (same origin only). */
  parseWorkerUrl?: string;
  /** Chunk id -> URL for the render worker's lazily imported modules (e.g. 'environment-sky'). */
  moduleUrls?: Record<string, string>;
}

/** The settings the render worker gets (checked here, and again there). */
export function workerChunkSettings(opts: ChunkOptions | undefined): ChunkSettings {
  return ChunkSettingsSchema.parse({ timeoutMs: opts?.timeoutMs, parseWorkerUrl: opts?.parseWorkerUrl, moduleUrls: opts?.moduleUrls });
}

/**
 * Start the render worker and wait until its script has loaded (it answers a ping). A module
 * worker whose script is missing fires only a bare `error` event (no message, no status): that is
 * 'missing'; no answer within the timeout is 'timeout'. An error event with a message is the
 * script failing as it ran, not a load failure, and is reported as itself.
 */
export async function startRenderWorker(opts: ChunkOptions | undefined, signal: AbortSignal) {
  let url = '';
  // vite-plugin-comlink and Vite rewrite the `new ComlinkWorker(new URL(...))` below into
  // `new Worker(<the built script's URL>)`. This local `Worker` is what that code then constructs:
  // the only place the built URL is known (to name it in a failure, and to let a test move it).
  const Worker = class extends globalThis.Worker {
    constructor(scriptUrl: string | URL, options?: WorkerOptions) {
      const built = String(scriptUrl);
      url = new URL(opts?.renderWorkerUrl ? opts.renderWorkerUrl(built) : built, location.href).href;
      super(url, options);
    }
  };
  void Worker; // used by the rewritten constructor call only
  const remote = new ComlinkWorker<typeof import('../../worker/index')>(new URL('../../worker/index.ts', import.meta.url), {
    type: 'module',
    name: 'dash3d-render',
  });
  const worker = remote[endpointSymbol];
  const api: RenderCalls = remote.render;
  let onError = (_e: ErrorEvent) => {};
  const failed = new Promise<never>((_, reject) => {
    onError = (e) => {
      e.preventDefault();
      reject(
        e.message
          ? new Error(`the render worker failed as it started: ${e.message}`)
          : new ChunkLoadError({ id: 'render-worker', type: 'missing', url }),
      );
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
    await withChunkTimeout(Promise.race([api.ping(), failed, aborted]), 'render-worker', () => url, opts?.timeoutMs ?? CHUNK_TIMEOUT_MS);
  } catch (err) {
    worker.terminate();
    throw err;
  } finally {
    worker.removeEventListener('error', onError);
    signal.removeEventListener('abort', onAbort);
  }
  return { api, worker };
}

const builtEngine = chunkLoader<EngineModule>('engine', () => import('../../worker/api'));
const movedEngine = new Map<string, ChunkLoader<EngineModule>>();

/** The main-thread engine (with its API), loaded only when a space needs it: the main bundle carries no three.js. */
export function loadEngine(opts: ChunkOptions | undefined): Promise<EngineModule> {
  const timeout = opts?.timeoutMs ?? CHUNK_TIMEOUT_MS;
  const url = opts?.engineUrl;
  if (!url) return builtEngine(timeout);
  // One loader per URL, so a Retry knows the URL failed before and asks past the browser's memory.
  let loader = movedEngine.get(url);
  if (!loader) movedEngine.set(url, (loader = chunkLoader<EngineModule>('engine', () => import(/* @vite-ignore */ url), url)));
  return loader(timeout);
}
