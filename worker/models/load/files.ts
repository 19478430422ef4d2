import type { ModelConfig, UploadedFile } from '../../../shared/schema/model';
import { chooseMainFile, type ChosenFile } from '../../../shared/model-files';
import { baseName } from '../../../shared/paths';
import { refusedUri, resolveOrRefuse, resolveUrl } from '../../engine/urls';

export type { LoadFormat } from '../../../shared/model-files';
export { baseName };

/** The file a model loads from; its URL absolute (resolved against the page, not the worker script). */
export type MainFile = ChosenFile;

/**
 * A companion that is not among the model's files is mapped to this scheme rather than to a
 * guessed URL: nothing fetches it (fetch rejects the scheme at once), and the loaders and the
 * image handler recognise it to say what is missing.
 */
export const MISSING_SCHEME = 'dash3d-missing:';

const isInline = (url: string) => /^(blob|data):/i.test(url);

/**
 * The main file of a source (shared/model-files.ts chooses it), its URL resolved. Throws a message
 * the designer can act on when there is none.
 */
export function mainFileOf(src: ModelConfig['src']): MainFile {
  const main = chooseMainFile(src);
  if (main) return { ...main, url: resolveUrl(main.url) };
  const shown = src.filePath ? baseName(src.filePath) : src.fileList.map((f) => f.name).join(', ');
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
