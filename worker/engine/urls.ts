/**
 * Config URLs are written relative to the dashboard page, but a worker's fetch resolves them
 * against the worker script. The main thread hands over the page's base URL at init.
 */
let base: string = typeof location !== 'undefined' ? location.href : 'http://localhost/';

export function setBaseUrl(url: string): void {
  try {
    base = new URL(url).href;
  } catch {
    // Not an absolute URL: keep the previous base rather than break every later fetch.
  }
}

export function resolveUrl(url: string): string {
  return new URL(url, base).href;
}

/** The base config URLs are resolved against (handed to parse workers, which start without it). */
export function baseUrl(): string {
  return base;
}
