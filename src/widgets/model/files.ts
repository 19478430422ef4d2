import { modelFormatOf, type UploadedFile } from '../../../shared/schema/model';

/**
 * The file a model loads from: the first whose extension is a model format (obj, glb, gltf, fbx)
 * or a point cloud (pcd). The others (.bin, .mtl, textures) are companions it refers to by name.
 */
export function mainFileOf(files: readonly UploadedFile[]): UploadedFile | undefined {
  return files.find((f) => modelFormatOf(f.name) !== null || modelFormatOf(f.url) !== null);
}

/** The model source of spec §3 for a set of uploaded files: the list, and the main file's url. */
export function modelSource(files: readonly UploadedFile[]): { filePath: string; fileList: UploadedFile[] } {
  return { filePath: mainFileOf(files)?.url ?? '', fileList: [...files] };
}

/**
 * The `3d/{id}` catalog a stored model was uploaded into, read back from a file url, so a companion
 * added later (a forgotten texture) lands beside the files that refer to it. Null when the url does
 * not show it (a model stored elsewhere): the caller then starts a new catalog.
 */
export function catalogOfUrl(url: string): string | null {
  const m = /(?:^|\/)(3d\/[0-9A-Za-z]{32})\/[^/]+$/.exec(url.split(/[?#]/)[0] ?? '');
  return m?.[1] ?? null;
}
