import { modelFormatOf, type ModelConfig, type UploadedFile } from '../../../shared/schema/model';
import { refusedUri, resolveOrRefuse, resolveUrl } from '../../engine/urls';

export type LoadFormat = NonNullable<ReturnType<typeof modelFormatOf>>;

/** The file a model loads from. */
export interface MainFile {
  /** Absolute URL (resolved against the page, not the worker script). */
  url: string;
  /** The name the designer knows it by (used in every message). */
  name: string;
  format: LoadFormat;
}

/**
 * A companion that is not among the model's files is mapped to this scheme rather than to a
 * guessed URL: nothing fetches it (fetch rejects the scheme at once), and the loaders and the
 * image handler recognise it to say what is missing.
 */
export const MISSING_SCHEME = 'dash3d-missing:';

/** Last path segment of a URL or a file path written on Windows, query and hash dropped, %-decoded. */
export function baseName(url: string): string {
  const clean = url.split(/[?#]/)[0] ?? '';
  const last = clean.split(/[\\/]/).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // A stray '%' in a file name is a name, not an encoding error.
  }
}

const isInline = (url: string) => /^(blob|data):/i.test(url);

/**
 * The main file of a source: `filePath` when it names a model format (itself or through the list
 * entry it points at), else the first file of the list that does. Throws a message the designer
 * can act on when there is none.
 */
export function mainFileOf(src: ModelConfig['src']): MainFile {
  const list = src.fileList;
  const byPath = src.filePath ? list.find((f) => f.url === src.filePath || f.name === src.filePath) : undefined;
  const candidates: { url: string; name: string }[] = [];
  if (byPath) candidates.push(byPath);
  if (src.filePath && !byPath) candidates.push({ url: src.filePath, name: baseName(src.filePath) });
  candidates.push(...list);
  for (const c of candidates) {
    const format = modelFormatOf(c.name) ?? modelFormatOf(c.url);
    if (format) return { url: resolveUrl(c.url), name: c.name || baseName(c.url), format };
  }
  const shown = src.filePath ? baseName(src.filePath) : list.map((f) => f.name).join(', ');
  throw new Error(`${shown || 'model'}: not a supported model file (obj, glb, gltf, fbx or pcd)`);
}

/**
 * Maps the files a model refers to (an .mtl, a .bin, textures) to URLs. With a file list, only its
 * files are used, looked up by name (folders in the reference are ignored, because uploaded files
 * keep only their names); a name not in the list maps to MISSING_SCHEME. A source that is a single
 * URL has no list: its references are read relative to it, as the file itself states them.
 */
export function companionResolver(src: ModelConfig['src'], main: MainFile): (url: string) => string {
  const list: readonly UploadedFile[] = src.fileList;
  const exact = new Map<string, string>();
  const folded = new Map<string, string>();
  for (const f of list) {
    for (const name of [f.name, baseName(f.url)]) {
      if (!name) continue;
      if (!exact.has(name)) exact.set(name, f.url);
      // Files written on Windows often refer to 'A.JPG' for 'a.jpg': accept a case-only difference.
      if (!folded.has(name.toLowerCase())) folded.set(name.toLowerCase(), f.url);
    }
  }
  // List entries outside the allowed origins map to the refused scheme: named, never requested.
  const listed = new Set(list.map((f) => resolveOrRefuse(f.url)));
  return (url) => {
    if (isInline(url) || url.startsWith(MISSING_SCHEME) || refusedUri(url) !== null) return url;
    // What the file itself names ('http://other/x.bin', '//host/y.png', 'file:///...') is checked.
    if (list.length === 0) return resolveOrRefuse(url, main.url);
    // Already one of the list's URLs (a loader handing back what it was given).
    if (listed.has(url)) return url;
    const name = baseName(url);
    const hit = exact.get(name) ?? folded.get(name.toLowerCase());
    return hit ? resolveOrRefuse(hit) : MISSING_SCHEME + name;
  };
}

/** Why a companion could not be fetched, in words, from the URL the resolver gave it. */
export function missingName(url: string): string | null {
  return url.startsWith(MISSING_SCHEME) ? url.slice(MISSING_SCHEME.length) : null;
}
