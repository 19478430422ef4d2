/**
 * The rule for which URLs a document may make the product request (issue 8 §1), shared by the
 * render worker (worker/engine/urls.ts, every content fetch) and the main thread (the images the
 * space itself draws in the DOM: the loading screen's and the snapshot bar's).
 */

/** The origin of an http(s) URL; null for anything else (file:, data:, opaque, unparsable). */
export function httpOrigin(url: string, base?: string): string | null {
  try {
    const u = new URL(url, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const INLINE = /^(data|blob):/i;

/** True for inline data (not a request) or an http(s) URL whose origin is listed. */
export function urlAllowed(url: string, origins: readonly string[], base?: string): boolean {
  if (INLINE.test(url.trim())) return true;
  const origin = httpOrigin(url, base);
  return origin !== null && origins.includes(origin);
}
