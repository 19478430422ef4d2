import type { BufferGeometry } from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { errorText } from './problem';
import { chunkFailureOf } from '../../../shared/chunks';

/** DRACOLoader's private parts this file relies on (three 0.187; checked by the Draco browser test). */
interface DracoInternals {
  _initDecoder(): Promise<void>;
  _getWorker(taskID: number, taskCost: number): Promise<DecoderWorker>;
}
type DecoderWorker = Worker & { _callbacks: Record<number, { reject(err: unknown): void }>; dash3dWatched?: boolean };

/** What GLTFLoader's Draco extension calls (not in three's type declarations). */
interface DracoDecode {
  decodeDracoFile(
    buffer: ArrayBuffer,
    callback: (geometry: BufferGeometry) => void,
    attributeIDs?: Record<string, number>,
    attributeTypes?: Record<string, string>,
    colorSpace?: string,
    onError?: (err: unknown) => void,
  ): Promise<void>;
  preload(): unknown;
}

/**
 * A DRACOLoader that stays stopped once disposed. Three's own dispose() terminates the decoder
 * workers, but decodes already queued behind `_initDecoder` then start fresh workers from the
 * revoked script URL, and each logs its failure: a truncated model went on logging for dozens of
 * primitives after its load had failed. A decoder worker that crashes (a WebAssembly abort on
 * damaged data) rejects its tasks instead of leaving them unanswered for ever.
 */
export function createDraco(): DRACOLoader {
  const d = new DRACOLoader();
  const inner = d as unknown as DracoInternals;
  let stopped = false;
  const init = inner._initDecoder.bind(d);
  inner._initDecoder = () => {
    const ready = init().then(() => {
      if (stopped) throw new Error('the Draco decoder was stopped');
    });
    // preload() drops this promise; the decodes waiting on it see the rejection through their own chain.
    ready.catch(() => {});
    return ready;
  };
  const getWorker = inner._getWorker.bind(d);
  inner._getWorker = (taskID, taskCost) =>
    getWorker(taskID, taskCost).then((worker) => {
      if (!worker.dash3dWatched) {
        worker.dash3dWatched = true;
        worker.addEventListener('error', (e) => {
          e.preventDefault();
          const reason = new Error(`the Draco decoder stopped (${e.message || 'its worker failed'})`);
          for (const cb of Object.values(worker._callbacks)) cb.reject(reason);
        });
      }
      return worker;
    });
  const dispose = d.dispose.bind(d);
  d.dispose = () => {
    stopped = true;
    return dispose();
  };
  return d;
}

/**
 * One load's view of the shared Draco decoder (decoders.ts). Rejections become Errors with a
 * readable message (DRACOLoader rejects with its worker's `{ type, id, error }` message, which
 * showed as '[object Object]'). After the load's first failure, or once it was released, its
 * further decodes are refused at once and late results are freed; `onFailure` lets the owner stop
 * the decoder's workers when no other load uses them.
 */
export function perLoadDraco(shared: DRACOLoader, onFailure: () => void): { loader: DRACOLoader; end(): void } {
  let over = false;
  const decoder = shared as unknown as DracoDecode;
  const loader: DracoDecode = {
    decodeDracoFile(buffer, callback, ids, types, colorSpace, onError) {
      const fail = (err: unknown) => {
        const first = !over;
        over = true;
        // A decoder file that did not arrive is not damaged data: it keeps its ChunkLoadError (spec §8).
        if (chunkFailureOf(err)) onError?.(err);
        else onError?.(new Error(`its Draco-compressed data could not be decoded (${errorText(err).replace(/^THREE\.\w+:\s*/, '')})`));
        if (first) onFailure();
      };
      if (over) {
        fail('the load had already stopped');
        return Promise.resolve();
      }
      const done = (geometry: BufferGeometry) => {
        if (over) geometry.dispose();
        else callback(geometry);
      };
      return decoder.decodeDracoFile(buffer, done, ids, types, colorSpace, fail);
    },
    preload() {
      shared.preload();
      return loader;
    },
  };
  return {
    // GLTFLoader's Draco extension uses preload and decodeDracoFile only.
    loader: loader as unknown as DRACOLoader,
    end: () => {
      over = true;
    },
  };
}
