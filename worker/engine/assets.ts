import { ChunkLoadError, withChunkTimeout } from '../../shared/chunks';
import { chunkSettings, chunkTimeout } from './chunk-settings';

/*
 * The package's own files that the engine fetches rather than imports: the decoders (run by three's
 * loaders in workers of their own) and the environment presets. Each is named in the source by a
 * literal `new URL('<relative path>', import.meta.url)`, the form every bundler turns into a file
 * it emits with the host's build (webpack 5's asset modules, Vite, Parcel); our dev server serves
 * worker/assets/files/ as it is (written by scripts/assets.mjs), and the package carries the same
 * files in dist/assets/ under the same names. A host that serves a copy itself says where
 * (PackageFiles.assetBase): then every file comes from there, and nothing from the default place.
 */

/** One of the package's files: its chunk id (spec §8 messages), its name under assets/, where the build put it. */
export interface PackageFile {
  id: string;
  name: string;
  built: URL;
}

export const DRACO_WRAPPER: PackageFile = {
  id: 'decoder-draco-js',
  name: 'draco/draco_wasm_wrapper.js.txt',
  built: new URL('../assets/files/draco/draco_wasm_wrapper.js.txt', import.meta.url),
};
export const DRACO_WASM: PackageFile = {
  id: 'decoder-draco-wasm',
  name: 'draco/draco_decoder.wasm',
  built: new URL('../assets/files/draco/draco_decoder.wasm', import.meta.url),
};
export const BASIS_JS: PackageFile = {
  id: 'decoder-basis-js',
  name: 'basis/basis_transcoder.js.txt',
  built: new URL('../assets/files/basis/basis_transcoder.js.txt', import.meta.url),
};
export const BASIS_WASM: PackageFile = {
  id: 'decoder-basis-wasm',
  name: 'basis/basis_transcoder.wasm',
  built: new URL('../assets/files/basis/basis_transcoder.wasm', import.meta.url),
};

/** Where `file` is fetched from: the host's copy (assetBase), else the built one; tests may move it. */
export function packageFileUrl(file: PackageFile): string {
  const settings = chunkSettings();
  const moved = settings.moduleUrls?.[file.id];
  if (moved) return moved;
  return settings.assetBase ? new URL(file.name, settings.assetBase).href : file.built.href;
}

/**
 * Fetch one of the package's files. One that does not arrive fails as spec §8 says (a
 * ChunkLoadError: 'missing' for an HTTP error or no answer, 'timeout' past the chunk timeout),
 * never as a damaged model or an unlit scene.
 */
export async function fetchPackageFile(file: PackageFile): Promise<ArrayBuffer> {
  const url = packageFileUrl(file);
  const controller = new AbortController();
  const work = (async () => {
    let res: Response;
    try {
      res = await fetch(url, { signal: controller.signal });
    } catch (err) {
      throw new ChunkLoadError({ id: file.id, type: 'missing', url }, { cause: err });
    }
    if (!res.ok) throw new ChunkLoadError({ id: file.id, type: 'missing', url });
    try {
      return await res.arrayBuffer();
    } catch (err) {
      // The connection broke (or the timeout aborted it) part way through the body.
      throw new ChunkLoadError({ id: file.id, type: 'missing', url }, { cause: err });
    }
  })();
  try {
    return await withChunkTimeout(work, file.id, () => url, chunkTimeout(file.id));
  } finally {
    // A late answer is not waited for: its request ends with the timeout.
    controller.abort();
  }
}
