import * as z from 'zod';

/** Spec §9: a script chunk that has not arrived after this long has failed ('timeout'). */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * How long a parse worker may take to answer its first call, and to get past a step that takes
 * milliseconds when all is well (starting a worker of its own: a decoder). Measured in Firefox
 * ESR 153 with the machine's two cores loaded three times over: first answers 0.2 to 0.5 s,
 * nested worker starts 60 ms at most; a start that hangs does not come back for minutes
 * (docs/browsers.md, "A worker that does not come back from new Worker()"). Twenty times the slowest answer seen,
 * a tenth of the chunk timeout.
 */
export const PARSE_STALL_MS = 10_000;

/**
 * Spec §8: a chunk (a lazily loaded part of the product) that did not load. `id` names the part
 * (stable, not a build hash), `url` is where it was asked for.
 */
export const ChunkFailureSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['missing', 'timeout']),
  url: z.string().max(4000),
  /**
   * The part's own script was served and ran, and what did not arrive is a chunk it asked for (a
   * webpack-family build's worker, which loads its first chunks itself): not a file the host's
   * bundler failed to emit (shared/chunk-hints.ts).
   */
  scriptServed: z.literal(true).optional(),
});
export type ChunkFailure = z.infer<typeof ChunkFailureSchema>;

/**
 * What a host or a test may say about loading chunks, checked where it enters (main thread) and
 * again in the render worker. `assetBase` is where the host serves the package's files; `parseWorkerUrl` replaces the parse worker's script URL (tests serve
 * a missing or never-answering one) and `moduleUrls` the worker's lazily imported modules (an
 * environment preset, ...); the worker accepts only URLs of its own origin.
 */
export const ChunkSettingsSchema = z.object({
  timeoutMs: z.number().int().positive().max(CHUNK_TIMEOUT_MS).default(CHUNK_TIMEOUT_MS),
  parseWorkerUrl: z.string().max(4000).optional(),
  /**
   * Chunk id -> how long that chunk alone may take (timeoutMs for the others). A test that breaks
   * one part gives that part seconds and leaves every other part (the render worker's start, the
   * parse worker's) the time a loaded machine needs, so a slow start is never taken for the fault.
   */
  timeoutsMs: z.record(z.string().max(200), z.number().int().positive().max(CHUNK_TIMEOUT_MS)).optional(),
  /** Chunk id -> URL: import that module instead of the built chunk (same origin only; tests). */
  moduleUrls: z.record(z.string().max(200), z.string().max(4000)).optional(),
  /** How long a parse worker may stay silent where it should answer at once (PARSE_STALL_MS when absent; tests set less). */
  parseStallMs: z.number().int().positive().max(CHUNK_TIMEOUT_MS).optional(),
  /**
   * How long a parse worker may take to answer its first call (parseStallMs when absent). Tests
   * that time a later step set it apart, so that a cold start on a loaded machine cannot be taken
   * for the stall they serve.
   */
  parseStartMs: z.number().int().positive().max(CHUNK_TIMEOUT_MS).optional(),
  /**
   * Where the host serves the package's asset files (PackageFiles.assetBase, made absolute on the
   * main thread): http(s), any origin, for those files only.
   */
  assetBase: z
    .url({ protocol: /^https?$/, error: 'assetBase must be an absolute http(s) URL' })
    .max(4000)
    .refine((u) => u.endsWith('/'), 'assetBase must end with /')
    .optional(),
});
export type ChunkSettings = z.infer<typeof ChunkSettingsSchema>;

/** The timeout of one chunk: its own (timeoutsMs) or the settings' common one. */
export function chunkTimeoutOf(settings: { timeoutMs?: number; timeoutsMs?: Record<string, number> } | undefined, id: string): number {
  return settings?.timeoutsMs?.[id] ?? settings?.timeoutMs ?? CHUNK_TIMEOUT_MS;
}
