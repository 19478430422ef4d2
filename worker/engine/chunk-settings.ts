import { CHUNK_TIMEOUT_MS, ChunkSettingsSchema, type ChunkSettings } from '../../shared/schema/chunks';
import { baseUrl } from './urls';

/**
 * How this worker loads its lazily loaded parts (parse worker, decoders, loaders, presets). One
 * engine per render worker, so one setting per worker; the main thread hands it over at init.
 */
let settings: ChunkSettings = { timeoutMs: CHUNK_TIMEOUT_MS };

/**
 * The main thread is not trusted: a malformed setting keeps the defaults, and a parse worker URL
 * of another origin is refused (a worker may only run scripts of its own origin anyway; this makes
 * the refusal explicit instead of a SecurityError deep inside a model load).
 */
export function setChunkSettings(input: unknown): string | null {
  const r = ChunkSettingsSchema.safeParse(input ?? {});
  if (!r.success) return `chunk settings ignored: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const next = { ...r.data };
  if (next.parseWorkerUrl !== undefined) {
    const u = new URL(next.parseWorkerUrl, baseUrl());
    if (u.origin !== new URL(baseUrl()).origin) {
      settings = { timeoutMs: next.timeoutMs };
      return `chunk settings: a parse worker URL of another origin was refused (${u.origin})`;
    }
    next.parseWorkerUrl = u.href;
  }
  settings = next;
  return null;
}

export function chunkSettings(): ChunkSettings {
  return settings;
}
