import type { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { ChunkLoadError, withChunkTimeout } from '../../../shared/chunks';
import { chunkSettings } from '../../engine/chunk-settings';

/*
 * The decoder files (Draco's wasm and its wrapper) are chunks of our build like any other (spec
 * §7: 'loaded from a chunks/ path'): one that is missing or never arrives fails as spec §8 says,
 * instead of the model being called damaged, or its load waiting for ever.
 */

/** A decoder file's URL: the built one, or where the chunk settings move it (tests). */
export function decoderUrl(id: string, built: string): string {
  return chunkSettings().moduleUrls?.[id] ?? built;
}

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
    return withChunkTimeout(work, id, () => where, chunkSettings().timeoutMs);
  };
}
