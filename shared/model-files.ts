import { modelFormatOf, type UploadedFile } from './schema/model';
import { baseName } from './paths';

export type LoadFormat = NonNullable<ReturnType<typeof modelFormatOf>>;

/** The file a model loads from, as the source names it (the URL not yet resolved). */
export interface ChosenFile {
  url: string;
  /** The name the designer knows it by (used in every message). */
  name: string;
  format: LoadFormat;
}

/** A model source, or just the files of an upload. */
export interface FilesOfModel {
  filePath?: string;
  fileList: readonly UploadedFile[];
}

/**
 * Which file of a model's source is the model (spec §3): `filePath` when it names a model format
 * (itself, or through the list entry it points at), else the first file of the list that does (obj,
 * glb, gltf, fbx, or a pcd point cloud). The others (.bin, .mtl, textures) are companions it refers
 * to by name. The panel, the host's labels and the render worker all go by this one rule.
 */
export function chooseMainFile(src: FilesOfModel): ChosenFile | undefined {
  const list = src.fileList;
  const path = src.filePath ?? '';
  const byPath = path ? list.find((f) => f.url === path || f.name === path) : undefined;
  const candidates: { url: string; name: string }[] = [];
  if (byPath) candidates.push(byPath);
  if (path && !byPath) candidates.push({ url: path, name: baseName(path) });
  candidates.push(...list);
  for (const c of candidates) {
    const format = modelFormatOf(c.name) ?? modelFormatOf(c.url);
    if (format) return { url: c.url, name: c.name || baseName(c.url), format };
  }
  return undefined;
}

/**
 * Companions uploaded without their model (a .bin before its .gltf): nothing to load yet, and
 * nothing wrong either. A `filePath` that names no model format is different: loading it says why.
 */
export function onlyCompanions(src: FilesOfModel): boolean {
  return !src.filePath && chooseMainFile(src) === undefined;
}
