import { transfer } from 'comlink';
import * as z from 'zod';
import { ModelSrcSchema } from '../../../../shared/schema/model';
import { setAllowedOrigins, setBaseUrl } from '../../../engine/urls';
import { ModelLimitsSchema } from '../../../../shared/schema/limits';
import type { ModelNotice } from '../../../../shared/model-notices';
import { isModelProblem } from '../problem';
import { setChunkSettings } from '../../../engine/chunk-settings';
import type { PackedModel } from '../transfer/pack';
import { buildBoundsTrees } from '../../raycast';
import type { ParseRequest } from '../env';
import { PARSE_WORKER_NAME } from './name';

export { PARSE_WORKER_NAME } from './name';

const RequestSchema = z.object({
  src: ModelSrcSchema,
  baseUrl: z.string().url(),
  allowedOrigins: z.array(z.string().max(2048)).max(100),
  ktx2: z.record(z.string(), z.boolean()),
  viewport: z.object({ width: z.number().finite().min(0), height: z.number().finite().min(0) }),
  limits: ModelLimitsSchema,
});

export interface ParseReply {
  model: PackedModel;
  warnings: string[];
  notices: ModelNotice[];
}

/** A file refused for a coded reason (a limit): comlink keeps only an Error's message, so it comes back as data. */
export interface ParseRefusal {
  refused: ModelNotice;
}

/**
 * A parse worker started ahead of need (parse/client.ts warmParser) brings in what a parse uses
 * while it waits: the parse and pack modules and each format's parser. Their first use then costs
 * no fetch or compile in the path of the first model. Failures are ignored here: the parse meets
 * them again and reports them as spec §8 says.
 */
export async function warmParse(): Promise<void> {
  if (self.name !== PARSE_WORKER_NAME) return;
  await Promise.allSettled([
    import('./parse-file'),
    import('../transfer/pack'),
    import('../formats/gltf'),
    import('../formats/obj'),
    import('../formats/fbx'),
    import('../formats/pcd'),
  ]);
}

/**
 * Runs in a parse worker (exposed by comlink beside the render API): parse one model file, build
 * its picking trees, and hand the result back packed, its arrays and bitmaps moved. This is the
 * work that would otherwise stop the render worker's frame loop for as long as it takes.
 * A failure rejects with the message the designer sees (parse-file.ts).
 */
export async function parseModel(bytes: ArrayBuffer, request: ParseRequest): Promise<ParseReply | ParseRefusal> {
  if (self.name !== PARSE_WORKER_NAME) throw new Error('parseModel runs in a parse worker only');
  if (!(bytes instanceof ArrayBuffer)) throw new Error('parseModel needs the file as an ArrayBuffer');
  const req = RequestSchema.parse(request);
  setBaseUrl(req.baseUrl);
  setAllowedOrigins(req.allowedOrigins);
  const refused = setChunkSettings(request.chunks);
  if (refused) console.warn(`[dash3d] ${refused}`);
  const [{ parseFile }, { packModel }] = await Promise.all([import('./parse-file'), import('../transfer/pack')]);
  // Cancelling a parse terminates its worker (parse/client.ts): this signal never fires.
  const env = { signal: new AbortController().signal, ktx2: req.ktx2, viewport: req.viewport, limits: req.limits };
  let file: Awaited<ReturnType<typeof parseFile>>;
  try {
    file = await parseFile(bytes, req.src, env);
  } catch (err) {
    if (isModelProblem(err)) return { refused: { code: err.code, params: err.params } };
    throw err;
  }
  const { parsed, warnings, notices } = file;
  parsed.object.updateMatrixWorld(true);
  try {
    buildBoundsTrees(parsed.object);
  } catch (err) {
    // Picking falls back to three's raycasting for what has no tree; the model still loads.
    console.warn('[dash3d] building the picking hierarchy failed', err);
  }
  const { model, transfer: moved } = packModel(parsed);
  return transfer({ model, warnings, notices }, moved);
}
