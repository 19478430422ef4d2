import type { UploadedFile } from '../../../shared/schema/model';
import { chooseMainFile } from '../../../shared/model-files';
import { urlPath } from '../../../shared/paths';

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
