import { t, type Locale, type MessageKey } from './i18n';
import type { ChunkFailure } from './schema/chunks';

/*
 * What to do about a package file that was not served. Some host bundlers emit neither the render
 * worker (`new Worker(new URL(...))`) nor the files named by `new URL(..., import.meta.url)`
 * (esbuild, for one), so a host built with them meets a missing render worker or decoder first:
 * the spec's text (shared/chunks.ts) names the file, and this hint, shown under it and logged with
 * it, names the fix (the host's PackageFiles, the package's copy command, the host guide's section).
 */

/**
 * The hint's key for a failure, or null when no hint applies (a file that came too late, a settings
 * panel, a chunk a worker's own script asked for).
 */
export function chunkHintKey(f: ChunkFailure): MessageKey | null {
  if (f.type !== 'missing') return null;
  if (f.id === 'render-worker' || f.id === 'parse-worker') return f.scriptServed ? null : 'chunk.hint.worker';
  if (/^(decoder|environment)-/.test(f.id)) return 'chunk.hint.assets';
  return null;
}

/** The hint for a failure in the designer's language, or null. */
export function describeChunkHint(f: ChunkFailure, locale: Locale): string | null {
  const key = chunkHintKey(f);
  return key && t(locale, key);
}
