import type { ModelConfig } from '../../../shared/schema/model';
import { disposeObject } from '../dispose';
import { abortError, fetchMain } from '../fetch';
import { mainFileOf, type LoadFormat } from '../files';
import type { LoadedModel, LoadOptions } from '../types';
import { createJob, describeFailure, type LoadJob, type Parsed } from './job';

/**
 * Each format's parser is its own chunk: a space showing one glb does not load the FBX parser or
 * the Draco glue, and the worker starts faster.
 */
type Parser = (bytes: ArrayBuffer, job: LoadJob) => Promise<Parsed>;
const PARSERS: Record<LoadFormat, () => Promise<Parser>> = {
  glb: async () => (await import('./gltf')).parseGltf,
  gltf: async () => (await import('./gltf')).parseGltf,
  obj: async () => (await import('./obj')).parseObj,
  fbx: async () => (await import('./fbx')).parseFbx,
  pcd: async () => {
    const { parsePcdModel } = await import('./pcd');
    return (bytes, job) => parsePcdModel(bytes, job.main.name);
  },
};

/**
 * Load a model source in the worker: fetch the main file (progress, cancellation, conditional
 * refresh), then parse it with its companions from the file list. Resolves null when a
 * conditional request finds the file unchanged. Rejects with an AbortError when cancelled, or an
 * Error whose message names the file and what is wrong with it. The result is in no scene.
 */
export async function loadModel(src: ModelConfig['src'], opts: LoadOptions): Promise<LoadedModel | null> {
  const { signal, onProgress } = opts;
  const main = mainFileOf(src);
  const fetched = await fetchMain(main.url, main.name, opts);
  if (!fetched) return null;
  if (signal.aborted) throw abortError();

  // Loaded before the parse starts, so a failed chunk load is not blamed on the file.
  const parse = await PARSERS[main.format]();
  const bytes = fetched.bytes.byteLength;
  onProgress('parse', 0, 1);
  const job = createJob(src, main, opts);
  let parsed: Parsed;
  try {
    parsed = await parse(fetched.bytes, job);
  } catch (err) {
    if (signal.aborted) throw abortError();
    throw new Error(describeFailure(job, err), { cause: err });
  }
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
    warnings: job.warnings,
    bytes,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
  };
}
