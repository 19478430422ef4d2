import type { UploadedFile } from '../../../shared/schema/model';
import { chooseMainFile } from '../../../shared/model-files';
import { urlPath } from '../../../shared/paths';
import { IMAGE_EXTENSIONS } from '../../../shared/schema/material';
import { fileExtension } from '../../../shared/schema/media';

/** The model source of spec §3 for a set of uploaded files: the list, and the main file's url. */
export function modelSource(files: readonly UploadedFile[]): { filePath: string; fileList: UploadedFile[] } {
  return { filePath: chooseMainFile({ fileList: files })?.url ?? '', fileList: [...files] };
}

/**
 * The `3d/{id}` catalog a stored model was uploaded into, read back from a file url, so a companion
 * added later (a forgotten texture) lands beside the files that refer to it. Null when the url does
 * not show it (a model stored elsewhere): the caller then starts a new catalog.
 */
export function catalogOfUrl(url: string): string | null {
  const m = /(?:^|\/)(3d\/[0-9A-Za-z]{32})\/[^/]+$/.exec(urlPath(url));
  return m?.[1] ?? null;
}

const IMAGES = IMAGE_EXTENSIONS.map((e) => e.slice(1));
/** Files a model of each format refers to by name, when they sit in its folder. */
const COMPANIONS: Record<string, readonly string[]> = { obj: ['mtl', ...IMAGES], gltf: ['bin', ...IMAGES], fbx: IMAGES, glb: IMAGES };

/**
 * The model source for a file chosen in the media library: the file itself as the main file, and
 * the files of its folder that a model of its format can refer to by name (an .obj's .mtl and
 * textures, a .gltf's .bin and images), as an upload of them together would have stored them.
 * Other model files of the folder are left out (a catalog of samples holds several).
 */
export function sourceFromLibrary(
  main: { name: string; url: string },
  folder: readonly { name: string; url: string }[],
): { filePath: string; fileList: UploadedFile[] } {
  const wanted = COMPANIONS[fileExtension(main.name)] ?? [];
  const companions = folder.filter((f) => f.url !== main.url && wanted.includes(fileExtension(f.name)));
  const fileList = [main, ...companions].map((f) => ({ uid: f.url, name: f.name, url: f.url }));
  return { filePath: main.url, fileList };
}
