import type { WebGLRenderer } from 'three';
import type { ModelConfig } from '../../../shared/schema/model';
import { allowedOrigins, baseUrl } from '../../engine/urls';
import { disposeObject } from '../dispose';
import { abortError, fetchMain } from './fetch';
import { mainFileOf, type MainFile } from './files';
import type { Ktx2Support, ParseEnv } from './env';
import type { ParsedFile } from './parse/parse-file';
import type { LoadedModel, LoadOptions } from '../types';
import { errorText } from './problem';
import { chunkSettings, loadChunk } from '../../engine/chunk-settings';

// The lazily imported parts of a model load, failing as spec §8 says when they do not arrive.
const parseClient = () => loadChunk('model-parse-client', () => import('./parse/client')).then((c) => (client = c));
/** The parse client, once a load has brought it in (stats read it; they never load it). */
let client: typeof import('./parse/client') | null = null;
const unpacker = () => loadChunk('model-unpack', () => import('./transfer/unpack'));
const inPlaceParser = () => loadChunk('model-parse', () => import('./parse/parse-file'));
const decoders = () => loadChunk('decoders', () => import('./decoders'));

/**
 * In the render worker a model is parsed in a parse worker (parse/client.ts) so that the frame
 * loop keeps running; the main-thread fallback engine parses in place (and is the benchmark's
 * baseline: three's loaders on the page's thread).
 */
const IN_WORKER = typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined';
let parseWorkersWork = true;

const ktx2Support = new WeakMap<WebGLRenderer, Ktx2Support>();
async function ktx2For(renderer: WebGLRenderer, main: MainFile): Promise<Ktx2Support> {
  if (main.format !== 'glb' && main.format !== 'gltf') return {};
  let s = ktx2Support.get(renderer);
  if (!s) {
    s = (await decoders()).ktx2SupportOf(renderer);
    ktx2Support.set(renderer, s);
  }
  return s;
}

/**
 * Make the first model load as quick as a later one (issue 20 point 3): the chunks a load uses here
 * and a parse worker with its parsers, started while the space has nothing better to do. The
 * main-thread fallback parses in place and has nothing to start.
 */
let warmed: false | 'starting' | 'ready' = false;
export function prewarmModelLoading(): void {
  if (!IN_WORKER || !parseWorkersWork || warmed) return;
  warmed = 'starting';
  void Promise.allSettled([parseClient().then((c) => c.warmParser()), unpacker(), decoders()]).then(([parser]) => {
    warmed = parser.status === 'fulfilled' && parser.value ? 'ready' : false;
  });
}

/** Whether a parse worker was started ahead of need and has its parsers (stats). */
export const parserWarmed = (): boolean => warmed === 'ready';

/** Parse workers given up on as stalled (parse/watch.ts), since this worker started (stats). */
export const parserStalls = (): number => client?.parserStalls() ?? 0;

/**
 * Load a model source: fetch the main file here (progress, cancellation, conditional refresh),
 * then parse it with its companions from the file list. Resolves null when a conditional request
 * finds the file unchanged. Rejects with an AbortError when cancelled, or an Error whose message
 * names the file and what is wrong with it. The result is in no scene.
 */
export async function loadModel(src: ModelConfig['src'], opts: LoadOptions): Promise<LoadedModel | null> {
  const { signal, onProgress, renderer } = opts;
  const main = mainFileOf(src);
  // A refresh mostly finds the file unchanged: only a first load starts a parser while downloading.
  if (IN_WORKER && parseWorkersWork && !opts.validators)
    void parseClient().then(
      (c) => c.warmParser(),
      () => {},
    );
  const fetched = await fetchMain(main.url, main.name, opts);
  if (!fetched) return null;
  if (signal.aborted) throw abortError();

  const canvas = renderer.domElement as { width?: number; height?: number };
  const env: ParseEnv = {
    signal,
    ktx2: await ktx2For(renderer, main),
    viewport: { width: canvas.width ?? 1, height: canvas.height ?? 1 },
    limits: opts.limits,
  };
  const bytes = fetched.bytes.byteLength;
  onProgress('parse', 0, 1);
  const { parsed, warnings, notices, offThread } = await parse(fetched.bytes, src, main.name, env);
  if (signal.aborted) {
    // Newest source wins: what this load made is freed, not shown.
    disposeObject(parsed.object);
    throw abortError();
  }
  onProgress('parse', 1, 1);
  return {
    kind: parsed.kind,
    object: parsed.object,
    animations: parsed.animations ?? [],
    warnings,
    notices,
    bytes,
    parsedOffThread: offThread,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
}

async function parse(
  bytes: ArrayBuffer,
  src: ModelConfig['src'],
  name: string,
  env: ParseEnv,
): Promise<ParsedFile & { offThread: boolean }> {
  if (IN_WORKER && parseWorkersWork) {
    const [{ parseOffThread, ParserUnavailable, ParserStalled }, { unpackModel }] = await Promise.all([parseClient(), unpacker()]);
    // A model the parser made that cannot be rebuilt here is our fault, not the file's: say so.
    const unpacked = (model: Parameters<typeof unpackModel>[0]) => {
      try {
        return unpackModel(model);
      } catch (err) {
        throw new Error(`${name}: the parsed model could not be prepared for display (${errorText(err)})`, { cause: err });
      }
    };
    try {
      const request = {
        src,
        baseUrl: baseUrl(),
        allowedOrigins: allowedOrigins(),
        ktx2: env.ktx2,
        viewport: env.viewport,
        limits: env.limits,
        chunks: chunkSettings(),
      };
      const reply = await parseOffThread(bytes, request, env.signal);
      return { parsed: unpacked(reply.model), warnings: reply.warnings, notices: reply.notices, offThread: true };
    } catch (err) {
      if (err instanceof ParserStalled) {
        // This file only: the next one tries parse workers again (a stall comes and goes with load).
        if (!err.fileKept) throw new Error(`${name}: the model parser stopped answering (${err.message})`, { cause: err });
        console.warn(`[dash3d] ${name}: ${err.message}, twice; parsing it on the render thread instead`);
      } else {
        if (!(err instanceof ParserUnavailable)) throw err;
        // Still correct, only no longer off the render thread; said once.
        parseWorkersWork = false;
        console.warn(`[dash3d] models are parsed on the render thread: ${err.message}`);
      }
    }
  }
  const { parseFile } = await inPlaceParser();
  return { ...(await parseFile(bytes, src, env)), offThread: false };
}
