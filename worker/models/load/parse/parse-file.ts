import type { ModelConfig } from '../../../../shared/schema/model';
import { mainFileOf, type LoadFormat } from '../files';
import { createJob, describeFailure, type LoadJob } from '../job';
import type { Parsed } from '../../types';
import type { ParseEnv } from '../env';
import type { ModelNotice } from '../../../../shared/model-notices';
import { checkParsed } from '../limits';
import { isModelProblem } from '../problem';
import { disposeObject } from '../../dispose';
import { loadChunk } from '../../../engine/chunk-settings';
import { chunkFailureOf } from '../../../../shared/chunks';

/**
 * Each format's parser is its own chunk: a space showing one glb does not load the FBX parser or
 * the Draco glue, and the worker starts faster.
 */
/** Async for formats whose loaders fetch companions; the PCD parser is synchronous. */
type Parser = (bytes: ArrayBuffer, job: LoadJob) => Parsed | Promise<Parsed>;
// A chunk that does not arrive fails as spec §8 says (ChunkLoadError, chunk id 'loader-<format>').
const PARSERS: Record<LoadFormat, () => Promise<Parser>> = {
  glb: async () => (await loadChunk('loader-gltf', () => import('../formats/gltf'))).parseGltf,
  gltf: async () => (await loadChunk('loader-gltf', () => import('../formats/gltf'))).parseGltf,
  obj: async () => (await loadChunk('loader-obj', () => import('../formats/obj'))).parseObj,
  fbx: async () => (await loadChunk('loader-fbx', () => import('../formats/fbx'))).parseFbx,
  pcd: async () => (await loadChunk('loader-pcd', () => import('../formats/pcd'))).parsePcdModel,
};

/** Load a format's parser ahead of the parse, so that a failed chunk load is not blamed on the file. */
const parserFor = (format: LoadFormat): Promise<Parser> => PARSERS[format]();

export interface ParsedFile {
  parsed: Parsed;
  /** Problems the model lives with (a missing texture), in plain words with the file name. */
  warnings: string[];
  /** Coded ones the scene's corner shows (decimated cloud, damaged embedded data). */
  notices: ModelNotice[];
}

/**
 * Parse a fetched main file with its companions from the file list. Rejects with an Error whose
 * message names the file and what is wrong with it. The result is in no scene.
 */
export async function parseFile(bytes: ArrayBuffer, src: ModelConfig['src'], env: ParseEnv): Promise<ParsedFile> {
  const main = mainFileOf(src);
  const parse = await parserFor(main.format);
  const job = createJob(src, main, env);
  try {
    const parsed = await parse(bytes, job);
    if (parsed.kind === 'mesh') {
      try {
        checkParsed(main.name, parsed.object, env.limits);
      } catch (err) {
        disposeObject(parsed.object);
        throw err;
      }
    }
    return { parsed, warnings: job.warnings, notices: job.notices };
  } catch (err) {
    env.signal.throwIfAborted();
    // A refusal keeps its code: the main thread shows it in the designer's language.
    if (isModelProblem(err)) throw err;
    // A part of our build that did not arrive (a decoder) is not the file's fault: said as itself.
    if (chunkFailureOf(err)) throw err;
    throw new Error(describeFailure(job, err), { cause: err });
  }
}
