import { CHUNK_TIMEOUT_MS, ChunkSettingsSchema, chunkTimeoutOf, type ChunkSettings } from '../../shared/schema/chunks';
import { chunkLoader, type ChunkLoader } from '../../shared/chunks';
import { importUrl } from '../../shared/import-url';
import { baseUrl, setPackageFileUrls } from './urls';
import { PREVIEW_ENVIRONMENT_FILE } from '../../shared/package-files';

/**
 * How this worker loads its lazily loaded parts (parse worker, loaders, presets). One engine per
 * render worker, so one setting per worker; the main thread hands it over at init. In the
 * main-thread fallback the page's engines share it (only tests ever set it).
 */
let settings: ChunkSettings = { timeoutMs: CHUNK_TIMEOUT_MS };

/** An absolute URL of the page's origin, or null (a worker runs only scripts of its own origin). */
function ownOrigin(url: string): string | null {
  const u = new URL(url, baseUrl());
  return u.origin === new URL(baseUrl()).origin ? u.href : null;
}

/**
 * The main thread is not trusted: a malformed setting keeps the defaults, and a URL of another
 * origin is refused here, by name, rather than as a SecurityError deep inside a model load.
 * Returns what was refused, or null.
 */
export function setChunkSettings(input: unknown): string | null {
  const r = ChunkSettingsSchema.safeParse(input ?? {});
  if (!r.success) return `chunk settings ignored: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const next: ChunkSettings = { timeoutMs: r.data.timeoutMs };
  if (r.data.parseStallMs !== undefined) next.parseStallMs = r.data.parseStallMs;
  if (r.data.parseStartMs !== undefined) next.parseStartMs = r.data.parseStartMs;
  if (r.data.timeoutsMs !== undefined) next.timeoutsMs = r.data.timeoutsMs;
  const refused: string[] = [];
  if (r.data.parseWorkerUrl !== undefined) {
    const url = ownOrigin(r.data.parseWorkerUrl);
    if (url) next.parseWorkerUrl = url;
    else refused.push(r.data.parseWorkerUrl);
  }
  for (const [id, raw] of Object.entries(r.data.moduleUrls ?? {})) {
    const url = ownOrigin(raw);
    if (url) next.moduleUrls = { ...next.moduleUrls, [id]: url };
    else refused.push(raw);
  }
  // Any http(s) origin (the schema checked it): the host's choice, used for the package's own files
  // only (worker/engine/assets.ts); a document's URLs never pass through it.
  if (r.data.assetBase !== undefined) next.assetBase = r.data.assetBase;
  // The one asset a config names by URL (the material preview's environment image).
  setPackageFileUrls(next.assetBase ? [new URL(PREVIEW_ENVIRONMENT_FILE, next.assetBase).href] : []);
  settings = next;
  return refused.length ? `chunk settings: URLs of another origin were refused (${refused.join(', ')})` : null;
}

export function chunkSettings(): ChunkSettings {
  return settings;
}

/** How long the chunk `id` may take to arrive (spec §9's 120 s unless a host or test says less). */
export function chunkTimeout(id: string): number {
  return chunkTimeoutOf(settings, id);
}

const loaders = new Map<string, ChunkLoader<unknown>>();

/**
 * A lazily imported module of this worker, failing as spec §8 says (ChunkLoadError: missing or
 * timeout, with the URL). `load` is the import as written in the source, so the bundler still
 * splits the chunk; `moduleUrls` may move it elsewhere.
 */
export function loadChunk<T>(id: string, load: () => Promise<T>): Promise<T> {
  // Tests only. The package build sets __DASH3D_TEST_HOOKS__ false, which drops this branch and its
  // import of a computed URL: a host's bundler could not follow one.
  const moved = settings.moduleUrls?.[id];
  if (__DASH3D_TEST_HOOKS__ && moved) return loaderFor(id, `${id} ${moved}`, () => chunkLoader<T>(id, () => importUrl<T>(moved), moved));
  return loaderFor(id, id, () => chunkLoader(id, load));
}

/** One loader per key, made on first use: it remembers a failed URL so a Retry asks past the browser's memory. */
function loaderFor<T>(id: string, key: string, make: () => ChunkLoader<T>): Promise<T> {
  let loader = loaders.get(key) as ChunkLoader<T> | undefined;
  if (!loader) {
    loader = make();
    loaders.set(key, loader);
  }
  return loader(chunkTimeout(id));
}
