import type { ModelLimits } from '../../../shared/schema/limits';

/** KTX2Loader's `workerConfig`: which compressed texture formats the GPU samples. */
export type Ktx2Support = Record<string, boolean>;

/**
 * What a parse needs from the renderer's side, as plain data: the parse may run in a worker of its
 * own that has no renderer (parse/client.ts).
 */
export interface ParseEnv {
  signal: AbortSignal;
  /** For KTX2 textures (decoders.ts ktx2SupportOf); absent when the format has no KTX2. */
  ktx2: Ktx2Support;
  /** The view's size in pixels: FBXLoader sizes a file's cameras from the window's size. */
  viewport: { width: number; height: number };
  /** The per-model caps the host set (shared/schema/limits.ts), already parsed. */
  limits: ModelLimits;
}

/** A parse request as it crosses to a parse worker (no signal: cancelling terminates that worker). */
export type ParseRequest = Omit<ParseEnv, 'signal'> & {
  /** The model's `src` (file list and path) as the config holds it. */
  src: import('../../../shared/schema/model').ModelConfig['src'];
  /** The dashboard page's URL: config URLs are relative to it (engine/urls.ts). */
  baseUrl: string;
  /** The origins content may load from (engine/urls.ts): the parse worker refuses the rest. */
  allowedOrigins: string[];
  /** How the parse worker loads its own chunks (the render worker's settings, checked again there). */
  chunks?: import('../../../shared/schema/chunks').ChunkSettings;
};
