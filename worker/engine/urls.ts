/**
 * Config URLs are written relative to the dashboard page, but a worker's fetch resolves them
 * against the worker script. The main thread hands over the page's base URL at init.
 *
 * This is also the one place that decides which URLs the engine may request at all (issue 8 §1):
 * a document from a link can name any URL in a model source, a glTF buffer, a texture or an
 * .airm file, and without a check the worker would send those requests (to another host, to the
 * page's own API, to file:). Every URL the worker fetches for content is resolved here, and one
 * outside the allowed origins is refused before any request leaves. Inline data (data:, blob:)
 * is not a request and passes.
 */
import { httpOrigin, urlAllowed } from '../../shared/origins';

let base: string = typeof location !== 'undefined' ? location.href : 'http://localhost/';
/** Origins content may load from; null until set: then only the base's own origin. */
let allowed: ReadonlySet<string> | null = null;

export function setBaseUrl(url: string): void {
  try {
    base = new URL(url).href;
  } catch {
    // Not an absolute URL: keep the previous base rather than break every later fetch.
  }
}

/**
 * The origins content may load from (the media library's, plus the ones the host lists). Entries
 * that are not http(s) URLs are dropped: 'null' (file:, data: pages) must never become allowed.
 */
export function setAllowedOrigins(origins: readonly string[]): void {
  allowed = new Set(origins.map(originOf).filter((o): o is string => o !== null));
}

/**
 * Single files allowed besides the origins: the package's own files where the host serves them
 * from another origin (PackageFiles.assetBase). Exact URLs, so that origin stays closed to the
 * URLs a document names.
 */
let packageFiles: ReadonlySet<string> = new Set();

export function setPackageFileUrls(urls: readonly string[]): void {
  packageFiles = new Set(urls);
}

/** The origins in force (handed to parse workers, which start without them). */
export function allowedOrigins(): string[] {
  return [...(allowed ?? new Set([originOf(base)!]))];
}

const originOf = (url: string) => httpOrigin(url);

/** A URL outside the allowed origins. The message names the URI as the document wrote it. */
export class RefusedUrlError extends Error {
  constructor(readonly uri: string) {
    super(`${uri} is refused: files load only from ${allowedOrigins().join(', ')} (the media library and the origins the host allows)`);
    this.name = 'RefusedUrlError';
  }
}

/** True when `absolute` may be requested: inline data, or an http(s) URL of an allowed origin. */
export function isAllowedUrl(absolute: string): boolean {
  return urlAllowed(absolute, allowedOrigins()) || packageFiles.has(absolute);
}

/**
 * Resolve a URL against `against` (default: the page) and check it. Throws RefusedUrlError naming
 * `url` when it points outside the allowed origins, so no caller can fetch it by mistake.
 */
export function resolveUrl(url: string, against: string = base): string {
  const named = refusedUri(url);
  if (named !== null) throw new RefusedUrlError(named);
  let href: string;
  try {
    href = new URL(url, against).href;
  } catch {
    throw new RefusedUrlError(url);
  }
  if (!isAllowedUrl(href)) throw new RefusedUrlError(url);
  return href;
}

/**
 * For three's LoadingManager URL modifiers, which must return a string: a refused URL becomes this
 * scheme, which fetch rejects at once without a request; refusedUri() gives back what was named.
 */
export const REFUSED_SCHEME = 'dash3d-refused:';

export function refusedUri(url: string): string | null {
  if (!url.startsWith(REFUSED_SCHEME)) return null;
  try {
    return decodeURIComponent(url.slice(REFUSED_SCHEME.length));
  } catch {
    return url.slice(REFUSED_SCHEME.length);
  }
}

/** resolveUrl for a URL modifier: never throws, a refused URL maps to REFUSED_SCHEME. */
export function resolveOrRefuse(url: string, against: string = base): string {
  if (url.startsWith(REFUSED_SCHEME)) return url;
  try {
    return resolveUrl(url, against);
  } catch {
    return REFUSED_SCHEME + encodeURIComponent(url);
  }
}

/** The base config URLs are resolved against (handed to parse workers, which start without it). */
export function baseUrl(): string {
  return base;
}
