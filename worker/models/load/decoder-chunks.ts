import type { LoadingManager } from 'three';
import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import type { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import { ChunkLoadError, withChunkTimeout } from '../../../shared/chunks';
import { chunkTimeout } from '../../engine/chunk-settings';

/*
 * The decoder files (Draco's wasm and its wrapper, the KTX2 transcoder's) are chunks of our build
 * like any other (spec §7: 'loaded from a chunks/ path'): one that is missing or never arrives
 * fails as spec §8 says, instead of the model being called damaged (or shown untextured), or its
 * load waiting for ever.
 */

interface LibraryLoader {
  _loadLibrary(url: string, responseType: string): Promise<unknown>;
}

/**
 * DRACOLoader fetches its two files through `_loadLibrary` (three r150+, unchanged since): each
 * fetch is timed and a failed one named. `ids` maps each URL to its chunk id.
 */
export function guardDracoFiles(draco: DRACOLoader, ids: Record<string, string>): void {
  const loader = draco as unknown as LibraryLoader;
  const load = loader._loadLibrary.bind(draco);
  loader._loadLibrary = (url, responseType) => {
    const id = ids[url] ?? 'decoder-draco';
    const where = new URL(url, self.location.href).href;
    const work = load(url, responseType).catch((err: unknown) => {
      // An HTTP error (FileLoader's HttpError carries the response) or no answer at all (TypeError).
      const status = (err as { response?: { status?: number } } | null)?.response?.status;
      if (status || err instanceof TypeError) throw new ChunkLoadError({ id, type: 'missing', url: where }, { cause: err });
      throw err;
    });
    return withChunkTimeout(work, id, () => where, chunkTimeout(id));
  };
}

/** One of the KTX2 transcoder's files: its chunk id and where it is fetched from. */
export interface TranscoderFile {
  id: string;
  url: string;
}

/**
 * KTX2Loader (three r187) fetches basis_transcoder.js and .wasm inside `init()`, with FileLoaders
 * on its manager, and keeps the promise. Without this guard a file that did not arrive only left
 * the model's textures empty (GLTFLoader logs and goes on) and a hung one waited for ever. Here the
 * names it asks for (`files`, keyed by transcoder path + name) are mapped to their URLs, each file's
 * end is watched through the manager, and init() is timed: a missing or late file rejects it with a
 * ChunkLoadError naming that file. The loader keeps the rejection, so its owner must not use it
 * again (decoders.ts drops it): a Retry then fetches the files afresh.
 */
export function guardKtx2Files(ktx2: KTX2Loader, manager: LoadingManager, files: Record<string, TranscoderFile>): void {
  const byName = new Map(Object.entries(files).map(([name, f]) => [name, { id: f.id, url: new URL(f.url, self.location.href).href }]));
  const list = [...byName.values()];
  const ended = new Set<string>();
  const failed = new Set<string>();
  manager.setURLModifier((url) => byName.get(url)?.url ?? url);
  // Called with the modified URL, after the loader's own callbacks (failed) or at its end (ended).
  manager.onError = (url) => failed.add(url);
  manager.onProgress = (url) => ended.add(url);

  const init = ktx2.init.bind(ktx2);
  let ready: Promise<void> | null = null;
  ktx2.init = () => (ready ??= guardedInit());

  function guardedInit(): Promise<void> {
    const work = init().catch((err: unknown) => {
      // An HTTP error or no answer at all: FileLoader has reported the file through the manager.
      const file = list.find((f) => failed.has(f.url));
      if (file) throw new ChunkLoadError({ id: file.id, type: 'missing', url: file.url }, { cause: err });
      throw err;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const late = new Promise<never>((_, reject) => {
      // Each file has its own timeout (the same for all unless a test gives the one it breaks less).
      const timeoutOf = (f: { id: string }) => chunkTimeout(f.id);
      const check = () => {
        const waited = Date.now() - started;
        const outstanding = list.filter((f) => !ended.has(f.url));
        // A file still outstanding past its timeout; with all of them in, init() itself hung: the first file.
        const file = outstanding.length ? outstanding.find((f) => timeoutOf(f) <= waited) : list[0];
        if (!file && outstanding.length) {
          // Only files with longer timeouts are still out: look again when the next one is due.
          timer = setTimeout(check, Math.max(1, Math.min(...outstanding.map(timeoutOf)) - waited));
          return;
        }
        // A hung request would be joined by the next fetch of the same URL (FileLoader shares
        // requests in flight), so a Retry would hang on it too: end it.
        manager.abort();
        reject(file ? new ChunkLoadError({ id: file.id, type: 'timeout', url: file.url }) : new Error('the KTX2 transcoder did not start'));
      };
      timer = setTimeout(check, Math.min(...list.map(timeoutOf)));
    });
    const out = Promise.race([work, late]).finally(() => clearTimeout(timer));
    // Callers see the rejection through their own chains; this one only keeps it from being unhandled.
    out.catch(() => {});
    return out;
  }
}
