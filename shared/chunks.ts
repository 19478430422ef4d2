import { t, type Locale } from './i18n';
import { CHUNK_TIMEOUT_MS, type ChunkFailure } from './schema/chunks';
import { withTimeout } from './timeout';
import { importUrl } from './import-url';

/*
 * Lazily loaded parts of the product (the render worker's script, the parse worker, the main-thread
 * engine, decoders, loaders, environment presets) fail the way spec §8 says: a ChunkLoadError,
 * 'Loading chunk {id} failed', naming the failure type (missing | timeout) and the URL.
 * Thread-neutral: the worker classifies its own failures and sends them to the main thread as data.
 */

/** The spec's text for a failure, in the designer's language. */
export function describeChunkFailure(f: ChunkFailure, locale: Locale): string {
  const type = t(locale, f.type === 'missing' ? 'chunk.type.missing' : 'chunk.type.timeout');
  return t(locale, 'chunk.failed', { id: f.id, type, url: f.url });
}

export class ChunkLoadError extends Error {
  readonly failure: ChunkFailure;
  constructor(failure: ChunkFailure, options?: ErrorOptions) {
    // English in the error itself (console, logs); the UI translates from `failure`.
    super(describeChunkFailure(failure, 'en'), options);
    this.name = 'ChunkLoadError';
    this.failure = failure;
  }
}

/** The English text read back (a ChunkLoadError that crossed a worker boundary keeps only name and message). */
const EN_TEXT = /^Loading chunk (.+) failed \((missing|timeout): (.*)\)$/s;

/** The failure behind `err`, when it is a ChunkLoadError (also one wrapped as another error's cause). */
export function chunkFailureOf(err: unknown): ChunkFailure | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof ChunkLoadError) return e.failure;
    const [, id, type, url] = (e.name === 'ChunkLoadError' && EN_TEXT.exec(e.message)) || [];
    if (id !== undefined && url !== undefined) return { id, type: type as ChunkFailure['type'], url };
  }
  return null;
}

/**
 * Browsers reject a dynamic import whose script did not arrive with a TypeError, Chromium and
 * Firefox naming the URL in the message ('Failed to fetch dynamically imported module: <url>').
 * Other errors (a syntax error in the chunk, code that throws) are not load failures.
 */
const IMPORT_FETCH_FAILED = /dynamically imported module|importing a module script failed|module script failed/i;
const URL_IN_MESSAGE = /(?:https?|blob|file):\/\/[^\s'"]+/;

export function failedImportUrl(err: unknown): string | null {
  if (!(err instanceof TypeError) || !IMPORT_FETCH_FAILED.test(err.message)) return null;
  return URL_IN_MESSAGE.exec(err.message)?.[0] ?? '';
}

/**
 * A webpack-family bundler (webpack 5, Rspack, Next.js's webpack build) loads the chunks of the
 * code it bundled with its own runtime, not with the browser's dynamic import:
 * - in a worker, which it makes a classic worker, with importScripts, which throws a NetworkError
 *   out of the dynamic import expression itself ("Failed to execute 'importScripts' on 'WorkerGlobalScope':
 *   The script at '<url>' failed to load." in Chromium, "WorkerGlobalScope.importScripts: Failed
 *   to load worker script at <url>" in Firefox);
 * - on the page, with a script element, rejecting with its own ChunkLoadError whose `type` is
 *   'missing', 'error' or 'timeout' and whose `request` is the URL.
 * Both runtimes forget a chunk that failed: asked again, they fetch it again. So does Turbopack's,
 * which asks once more itself, then rejects with a ChunkLoadError without `request`.
 */
const IMPORT_SCRIPTS_FAILED = /NetworkError.*importScripts/s;
const TURBOPACK_CHUNK_FAILED = /^Failed to load chunk (\S+)/;

export function bundlerChunkFailure(err: unknown): Omit<ChunkFailure, 'id'> | null {
  if (!(err instanceof Error) || err instanceof ChunkLoadError) return null;
  if (IMPORT_SCRIPTS_FAILED.test(`${err.name}: ${err.message}`))
    return { type: 'missing', url: URL_IN_MESSAGE.exec(err.message)?.[0] ?? '' };
  if (err.name !== 'ChunkLoadError') return null;
  const { type, request } = err as { type?: unknown; request?: unknown };
  if (typeof request === 'string') return { type: type === 'timeout' ? 'timeout' : 'missing', url: request };
  const path = TURBOPACK_CHUNK_FAILED.exec(err.message)?.[1];
  if (!path) return null;
  return { type: 'missing', url: typeof location === 'undefined' ? path : new URL(path, location.href).href };
}

/**
 * A worker that stopped as it started because the bundler's runtime could not load one of the
 * worker's own chunks (its `error` event says "Uncaught NetworkError: ... importScripts ..."): a
 * missing chunk, named by the URL in the message. Null for any other message.
 */
export function workerChunkError(id: string, message: string, scriptUrl: string): ChunkLoadError | null {
  if (!IMPORT_SCRIPTS_FAILED.test(message)) return null;
  return new ChunkLoadError({ id, type: 'missing', url: URL_IN_MESSAGE.exec(message)?.[0] ?? (scriptUrl || id), scriptServed: true });
}

/**
 * Whether a webpack-family runtime loads this code's chunks: webpack and Rspack answer
 * `typeof __webpack_require__` with 'function' at build time; in any other build (Vite, esbuild,
 * Parcel) the name is not defined. A chunk asked for again is then asked of the bundler's runtime
 * (the import as written), never imported from its URL: a webpack chunk's own exports are not the
 * module's.
 */
declare const __webpack_require__: unknown;
const BUNDLER_RUNTIME = typeof __webpack_require__ === 'function';

/** Rejects with a 'timeout' ChunkLoadError when `work` has not settled after `timeoutMs`. */
export function withChunkTimeout<T>(work: Promise<T>, id: string, url: () => string, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return withTimeout(work, timeoutMs, () => new ChunkLoadError({ id, type: 'timeout', url: url() }));
}

/** A URL asked for again: the browser may remember a module that failed (or still hangs) by its URL. */
export function bustUrl(url: string, attempt: number): string {
  const u = new URL(url, typeof location !== 'undefined' ? location.href : undefined);
  u.searchParams.set('chunkRetry', String(attempt));
  return u.href;
}

export interface ChunkLoader<T> {
  /** Load the chunk: rejects with a ChunkLoadError when it is missing or late. */
  (timeoutMs?: number): Promise<T>;
}

/**
 * A dynamic import with the spec's failure handling. `load` is the import as written in the source
 * (so the bundler splits and names the chunk); `url` is where the chunk is, when known before it
 * loads (an import learns it only from its failure). After a failure with a known URL the next call
 * imports that URL with a cache-busting query, since the browser may keep the failed module.
 */
export function chunkLoader<T>(id: string, load: () => Promise<T>, url?: string): ChunkLoader<T> {
  let failedAt: string | null = null;
  let attempts = 0;
  return (timeoutMs = CHUNK_TIMEOUT_MS) => {
    const again = BUNDLER_RUNTIME ? null : failedAt;
    const asked = again ? bustUrl(again, ++attempts) : (url ?? '');
    const work = promiseOf<T>(again ? () => importUrl<T>(asked) : load).catch((err: unknown) => {
      const seen = failedImportUrl(err);
      if (seen === null) {
        // The bundler's runtime failed to load it (a classic worker's importScripts, a page's
        // script element): asked again, the import as written fetches it again.
        const bundler = bundlerChunkFailure(err);
        if (!bundler) throw err;
        throw new ChunkLoadError({ id, type: bundler.type, url: bundler.url || asked || id }, { cause: err });
      }
      const where = seen || asked || id;
      failedAt = seen || (asked ? asked : null);
      throw new ChunkLoadError({ id, type: 'missing', url: where }, { cause: err });
    });
    return withChunkTimeout(
      work,
      id,
      () => {
        if (asked) failedAt = asked;
        return asked || id;
      },
      timeoutMs,
    );
  };
}

/** `load()` as a promise: importScripts fails inside the call, before any promise exists. */
function promiseOf<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(load()));
}

/**
 * A worker fires a bare `error` event (no message, no status) both when its script did not arrive
 * and when a script that did arrive could not run as the kind of worker it was started as (an ES
 * module started as a classic worker, in Firefox). Only the first is a missing chunk: the URL is
 * asked once more (HEAD, never cached) and a script that answers is reported as a start failure
 * naming it, so nobody hunts for a file that is there. A URL that cannot be asked stays 'missing'.
 */
export async function bareWorkerError(id: string, url: string, what: string): Promise<Error> {
  const missing = new ChunkLoadError({ id, type: 'missing', url: url || 'createWorker()' });
  if (!url || typeof fetch !== 'function') return missing;
  try {
    const answer = await withTimeout(fetch(url, { method: 'HEAD', cache: 'no-store' }), 10_000, () => new Error('no answer'));
    if (!answer.ok) return missing;
  } catch {
    return missing;
  }
  return new Error(`${what} could not start: its script (${url}) was served, but the browser did not run it`);
}
