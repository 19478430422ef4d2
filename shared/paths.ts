/**
 * The pieces of a URL (or a file path written on Windows) both threads read file facts from: the
 * extension that picks a loader or marks an image, the name a designer knows a file by.
 */

/** The URL without its query and hash: what extensions and names are read from. */
export function urlPath(url: string): string {
  return url.split(/[?#]/)[0] ?? '';
}

/** Last path segment of a URL or a file path written on Windows, query and hash dropped, %-decoded. */
export function baseName(url: string): string {
  const last = urlPath(url).split(/[\\/]/).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // A stray '%' in a file name is a name, not an encoding error.
  }
}
