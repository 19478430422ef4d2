import { LoadingManager, type WebGLRenderer } from 'three';
import type { Ktx2Support } from './env';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { createDraco, perLoadDraco } from './draco';
import { errorText } from './problem';
import { guardDracoFiles, guardKtx2Files, type TranscoderFile } from './decoder-chunks';
import { BASIS_JS, BASIS_WASM, DRACO_WASM, DRACO_WRAPPER, packageFileUrl } from '../../engine/assets';
import { chunkFailureOf } from '../../../shared/chunks';
import { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
// The decoders are the package's own files (engine/assets.ts), never a CDN's, so compressed
// models load offline. The glTF flavour of Draco is the smaller build made for glTF.

/**
 * KTX2Loader asks for its transcoder by name under `transcoderPath`; a host's bundler gives the
 * files hashed names, so its manager maps the names it asks for to the real URLs (decoder-chunks.ts).
 */
const TRANSCODER_PATH = 'dash3d-decoders/';
const transcoderFiles = (): Record<string, TranscoderFile> => ({
  [`${TRANSCODER_PATH}basis_transcoder.js`]: { id: BASIS_JS.id, url: packageFileUrl(BASIS_JS) },
  [`${TRANSCODER_PATH}basis_transcoder.wasm`]: { id: BASIS_WASM.id, url: packageFileUrl(BASIS_WASM) },
});

/**
 * The KTX2 transcoder (Basis, built with Emscripten's embind) compiles glue code with `Function`
 * as it starts, in a worker that inherits this one's Content Security Policy. Where that policy
 * leaves out 'unsafe-eval' the transcoder dies in its worker and the texture would wait for ever:
 * probed once, on the first KTX2 texture, so that such a texture is reported instead.
 */
let evalAllowed: boolean | undefined;
function transcoderCanStart(): boolean {
  if (evalAllowed === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval
      new Function('');
      evalAllowed = true;
    } catch {
      evalAllowed = false;
    }
  }
  return evalAllowed;
}
const KTX2_NEEDS_EVAL =
  "the page's Content Security Policy does not allow the KTX2 transcoder to start: the render worker's script needs 'unsafe-eval' (docs/host-guide.md, Content Security Policy)";

/** Each decoder runs its own workers; two are plenty on the machines dashboards run on. */
const DECODER_WORKERS = 2;

interface Shared<T> {
  instance: T;
  users: number;
}

let draco: Shared<DRACOLoader> | null = null;
/**
 * Keyed by the GPU's formats (ktx2SupportOf), as the transcoder's output depends on them, and by
 * the transcoder's URLs. A loader whose transcoder did not arrive leaves this map at once.
 */
const ktx2 = new Map<string, Shared<KTX2Loader>>();

function newDraco(): DRACOLoader {
  const d = createDraco();
  // Explicit URLs (not a folder): a host's bundler gives the files hashed names. WebAssembly only.
  const js = packageFileUrl(DRACO_WRAPPER);
  const wasm = packageFileUrl(DRACO_WASM);
  d.setDecoderPath({ js, wasm });
  guardDracoFiles(d, { [js]: DRACO_WRAPPER.id, [wasm]: DRACO_WASM.id });
  d.setWorkerLimit(DECODER_WORKERS);
  return d;
}

/**
 * Which compressed formats the renderer's GPU samples, as KTX2Loader works it out (its Linux
 * driver quirks included). Taken on the render thread and handed to the parser, which may run in
 * a worker with no renderer.
 */
export function ktx2SupportOf(renderer: WebGLRenderer): Ktx2Support {
  return { ...(new KTX2Loader().detectSupport(renderer) as unknown as { workerConfig: Ktx2Support }).workerConfig };
}

function newKtx2(support: Ktx2Support, files: Record<string, TranscoderFile>): KTX2Loader {
  const manager = new LoadingManager();
  const k = new KTX2Loader(manager);
  k.setTranscoderPath(TRANSCODER_PATH);
  guardKtx2Files(k, manager, files);
  k.setWorkerLimit(DECODER_WORKERS);
  // The compressed format this GPU can sample (KTX2 is transcoded to it); what detectSupport sets.
  (k as unknown as { workerConfig: Ktx2Support }).workerConfig = { ...support };
  return k;
}

export interface GltfDecoders {
  draco: DRACOLoader;
  /** Loads external .ktx2 files through `resolve` (the model's file list), embedded ones as they are. */
  ktx2: KTX2Loader;
  meshopt: typeof MeshoptDecoder;
  /** A part of our build this load's decoders needed that did not arrive (a ChunkLoadError), or null. */
  missingPart(): Error | null;
  /** Give the decoders back: the last user's release terminates their workers. */
  release(): void;
  /** The load was cancelled: refuse its further decodes, and stop the Draco workers if no other load uses them. */
  stop(): void;
}

/**
 * Decoders for compressed glTF, shared by the loads under way: one Draco decoder per worker and
 * one KTX2 transcoder per GPU format set (its output format depends on the GPU). Creating them is cheap
 * (the decoder files are fetched on first use); when no load uses them any more they are disposed,
 * so an idle space keeps no decoder workers alive.
 */
export async function acquireDecoders(
  support: Ktx2Support,
  load: { resolve(url: string): string; warn(message: string): void },
): Promise<GltfDecoders> {
  // First, so that a failure here leaves no count behind.
  await MeshoptDecoder.ready;
  draco ??= { instance: newDraco(), users: 0 };
  const d = draco;
  d.users++;
  const files = transcoderFiles();
  const key = JSON.stringify([support, Object.values(files).map((f) => f.url)]);
  let k = ktx2.get(key);
  if (!k) {
    k = { instance: newKtx2(support, files), users: 0 };
    ktx2.set(key, k);
  }
  const kk = k;
  kk.users++;

  const shared = kk.instance;
  let missingPart: Error | null = null;
  // GLTFLoader uses only these members of its KTX2 loader. It drops a texture that fails without
  // a word, so the failure is reported here: a damaged texture as a warning, a transcoder file that
  // did not arrive (spec §8) as the load's failure, its loader dropped so that a Retry fetches anew.
  const failed = (onError?: (err: unknown) => void) => (err: unknown) => {
    if (chunkFailureOf(err)) {
      missingPart ??= err as Error;
      if (ktx2.get(key) === kk) ktx2.delete(key);
    } else load.warn(`a KTX2 texture could not be loaded (${errorText(err)})`);
    onError?.(err);
  };
  const perLoad = {
    isKTX2Loader: true,
    parse: (buffer: ArrayBuffer, onLoad: never, onError?: (e: unknown) => void) =>
      transcoderCanStart() ? shared.parse(buffer, onLoad, failed(onError)) : failed(onError)(new Error(KTX2_NEEDS_EVAL)),
    load: (url: string, onLoad: never, onProgress: never, onError?: (e: unknown) => void) =>
      transcoderCanStart()
        ? shared.load(load.resolve(url), onLoad, onProgress, failed(onError))
        : failed(onError)(new Error(KTX2_NEEDS_EVAL)),
  } as unknown as KTX2Loader;

  // A load whose Draco data fails stops the decoder's workers at once when no other load uses them
  // (its other primitives would each go on failing); a decoder shared with others is left running.
  const stopDraco = () => {
    if (d.users === 1 && draco === d) {
      d.instance.dispose();
      draco = null;
    }
  };
  const dracoForLoad = perLoadDraco(d.instance, stopDraco);
  let released = false;
  return {
    draco: dracoForLoad.loader,
    ktx2: perLoad,
    meshopt: MeshoptDecoder,
    missingPart: () => missingPart,
    stop() {
      if (released) return;
      dracoForLoad.end();
      stopDraco();
    },
    release() {
      if (released) return;
      released = true;
      dracoForLoad.end();
      if (--d.users === 0 && draco === d) {
        d.instance.dispose();
        draco = null;
      }
      if (--kk.users === 0) {
        kk.instance.dispose();
        if (ktx2.get(key) === kk) ktx2.delete(key);
      }
    },
  };
}
