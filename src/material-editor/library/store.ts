import type { MediaAccess } from '../../host/types';
import type { Locale } from '../../../shared/i18n/editor';
import {
  AIRM_FORMAT_VERSION,
  MATERIAL_CATALOG,
  MATERIAL_FILE_EXT,
  MATERIAL_THUMBNAIL,
  materialKind,
  newMaterial,
  type Material,
} from '../../../shared/schema/material';
import { randomId } from '../../../shared/schema/media';
import { authHeaders, deleteMediaPath, uploadFile } from '../../media/client';
import { LibraryError, reasonOf } from './errors';
import { mediaFileUrl, type LibraryItem } from './listing';
import { openMaterial } from './open';

/** Spec §7: a material save must not be answered from a cache (its cut.jpg is replaced in place). */
export const SAVE_HEADERS = { 'Cache-Control': 'no-cache' } as const;

/** A new user material's folder: `3d/materials/custom_<32 alphanumeric>`. */
export const userMaterialFolder = (id = randomId(32)) => `${MATERIAL_CATALOG}/custom_${id}`;

const key = (name: string) => name.trim().toLowerCase();

/**
 * The name rules of the library: not empty, and not the display name of another user material
 * (case-insensitive, trimmed). `self` is the item being saved or renamed, which may keep its name.
 */
export function checkName(name: string, users: readonly LibraryItem[], self?: LibraryItem | null): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new LibraryError('msg.nameEmpty');
  if (users.some((u) => u.path !== self?.path && key(u.name) === key(trimmed))) throw new LibraryError('msg.nameDuplicated');
  return trimmed;
}

/** `<name>-<type>.airm`; characters a file name cannot hold become '_' (the display name keeps them). */
export function airmFileName(name: string, type: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const safe = name.replace(/[/\\%\u0000-\u001f\u007f]/g, '_').replace(/^\./, '_');
  return `${safe}-${materialKind(type)}${MATERIAL_FILE_EXT}`;
}

export const airmText = (material: Material) => JSON.stringify({ formatVersion: AIRM_FORMAT_VERSION, material }, null, 2) + '\n';

export interface SaveOptions {
  /** The user material being saved again (same folder, both files replaced); null saves a new one. */
  existing?: LibraryItem | null;
  /** The user materials now listed: the duplicate-name check. */
  users: readonly LibraryItem[];
  /** Fraction 0..1 of the bytes sent. */
  onProgress?(fraction: number): void;
}

/** The item a just-written .airm becomes in the listing (before the listing is read again). */
function itemOf(media: MediaAccess, folder: string, fileName: string, name: string): LibraryItem {
  const path = `${folder}/${fileName}`;
  const served = `/media/${path.split('/').map(encodeURIComponent).join('/')}`;
  return {
    path,
    name,
    fileName,
    folder,
    url: mediaFileUrl(media, served),
    thumbnail: mediaFileUrl(media, served.replace(/[^/]+$/, MATERIAL_THUMBNAIL)),
    builtIn: false,
  };
}

/**
 * Saves `material` with its thumbnail: `<name>-<type>.airm` (JSON text) and `cut.jpg` (JPEG)
 * into its folder with action=cover. Validation comes first, so a refused name sends nothing;
 * a failed upload throws and leaves the caller's material as it was. A rename of an existing item
 * writes the new .airm, then deletes the old one (a failure in between leaves both, never none).
 */
export async function saveMaterial(media: MediaAccess, material: Material, thumbnailJpeg: Blob, opts: SaveOptions): Promise<LibraryItem> {
  const existing = opts.existing && !opts.existing.builtIn ? opts.existing : null;
  const name = checkName(material.name, opts.users, existing);
  const folder = existing?.folder ?? userMaterialFolder();
  const fileName = airmFileName(name, material.type);
  const airm = new File([airmText({ ...material, name, path: MATERIAL_CATALOG })], fileName, { type: 'application/json' });
  const jpeg = new File([thumbnailJpeg], MATERIAL_THUMBNAIL, { type: 'image/jpeg' });
  const total = airm.size + jpeg.size || 1;
  const sent = [0, 0];
  const progress = (i: number, size: number) => (f: number) => {
    sent[i] = f * size;
    opts.onProgress?.((sent[0]! + sent[1]!) / total);
  };
  try {
    await uploadFile(media, folder, airm, { cover: true, headers: SAVE_HEADERS, onProgress: progress(0, airm.size) });
    await uploadFile(media, folder, jpeg, { cover: true, headers: SAVE_HEADERS, onProgress: progress(1, jpeg.size) });
    if (existing && existing.fileName !== fileName) await deleteMediaPath(media, existing.path);
  } catch (err) {
    throw new LibraryError('library.saveFailed', { name, reason: reasonOf(err) });
  }
  return itemOf(media, folder, fileName, name);
}

/** Renames a user material in place: its .airm rewritten under the new name, its folder and cut.jpg kept. */
export async function renameMaterial(
  media: MediaAccess,
  item: LibraryItem,
  newName: string,
  users: readonly LibraryItem[],
  locale: Locale,
): Promise<LibraryItem> {
  if (item.builtIn) throw new LibraryError('library.readOnly');
  const name = checkName(newName, users, item);
  const material = await openMaterial(media, item, locale);
  const thumb = await fetchThumbnail(media, item);
  return saveMaterial(media, { ...material, name }, thumb, { existing: item, users });
}

async function fetchThumbnail(media: MediaAccess, item: LibraryItem): Promise<Blob> {
  const res = await fetch(item.thumbnail, { headers: authHeaders(media), cache: 'no-cache' }).catch(() => null);
  // A material without a thumbnail is still a material: it gets an empty cut.jpg slot only if the service has one.
  if (!res?.ok) throw new LibraryError('library.openFailed', { name: MATERIAL_THUMBNAIL, reason: `HTTP ${res?.status ?? 0}` });
  return res.blob();
}

/** '<name> copy', then '<name> copy 2', ... until no user material has that name. */
export function copyName(name: string, users: readonly LibraryItem[]): string {
  const taken = new Set(users.map((u) => key(u.name)));
  const first = `${name} copy`;
  if (!taken.has(key(first))) return first;
  for (let n = 2; ; n++) if (!taken.has(key(`${first} ${n}`))) return `${first} ${n}`;
}

/** A user copy of any item (built-ins included): new folder, new uuid, unique name, its cut.jpg copied. */
export async function duplicateMaterial(
  media: MediaAccess,
  item: LibraryItem,
  users: readonly LibraryItem[],
  locale: Locale,
): Promise<LibraryItem> {
  const material = await openMaterial(media, item, locale);
  const thumb = await fetchThumbnail(media, item);
  const copy = newMaterial({ ...material, uuid: '', name: copyName(item.name, users) });
  return saveMaterial(media, copy, thumb, { users });
}

/** Deletes a user material: its whole folder. Built-ins are read-only. */
export async function deleteMaterial(media: MediaAccess, item: LibraryItem): Promise<void> {
  if (item.builtIn) throw new LibraryError('library.readOnly');
  // A loose .airm directly in the root catalog has no folder of its own: only the file goes.
  const target = item.folder === MATERIAL_CATALOG ? item.path : item.folder;
  try {
    await deleteMediaPath(media, target);
  } catch (err) {
    throw new LibraryError('library.deleteFailed', { name: item.name, reason: reasonOf(err) });
  }
}
