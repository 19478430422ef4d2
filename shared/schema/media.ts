import * as z from 'zod';
import { MSG, str } from './common';

/** A material in the library browser (spec §3 Material library item). */
export const MaterialLibraryItemSchema = z.object({ name: z.string(), path: str(), filePath: str() });
export type MaterialLibraryItem = z.infer<typeof MaterialLibraryItemSchema>;

/**
 * One entry of `GET core/mediaLibrary?catalog=`. Only name, path and filePath are specified;
 * anything else the service sends (sizes, dates, a folder flag) is kept, not relied on.
 */
export const MediaEntrySchema = z.looseObject({
  name: z.string(),
  path: str(),
  filePath: str(),
  isDir: z.boolean().optional(),
});
export const MediaListSchema = z.array(MediaEntrySchema);
export type MediaEntry = z.infer<typeof MediaEntrySchema>;

/** Both upload calls read only `url` from the answer (spec §7). */
export const UploadResponseSchema = z.looseObject({ url: z.string() });

/**
 * What the media library accepts when it is not configured otherwise: the model and point-cloud
 * formats, the texture images of spec §5, and material files. Lower case, no dot.
 */
export const DEFAULT_ALLOWED_FORMATS: readonly string[] = [
  'obj', 'mtl', 'glb', 'gltf', 'bin', 'fbx', 'pcd',
  'jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp',
  'airm',
];

/** Catalogs the media service seeds with built-in resources (server/seed.mjs keeps the same names). */
export const BUILT_IN_MATERIAL_CATALOG = 'built-in/materials';
export const BUILT_IN_MODEL_CATALOG = 'built-in/models';

/**
 * Snapshot thumbnails: one folder per capture under `3d/snapshots`, holding `cut.jpg` (the name
 * spec §7 gives a material's snapshot), so two captures never replace each other.
 */
export const SNAPSHOT_CATALOG = '3d/snapshots';
export const SNAPSHOT_THUMBNAIL = 'cut.jpg';
export const snapshotUploadCatalog = (id = randomId()) => `${SNAPSHOT_CATALOG}/${id}`;

/** Upload catalog of a model file: its own folder, so same-named files never overwrite each other. */
export const modelUploadCatalog = (id = randomId()) => `3d/${id}`;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Spec §9: digits, upper and lower case letters; 32 long for upload folders. */
export function randomId(len = 32): string {
  const out: string[] = [];
  const crypto = globalThis.crypto;
  while (out.length < len) {
    const bytes = new Uint8Array(Math.max(16, len));
    if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
    else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
    // 248 = 4 * 62: rejecting bytes above it keeps every character equally likely.
    for (const b of bytes) if (b < 248 && out.length < len) out.push(ALPHABET.charAt(b % 62));
  }
  return out.join('');
}

export const PREFIX_PLACEHOLDER = '$prefix';

/**
 * Spec §7: replaces every '$prefix' inside the strings of a JSON structure with '/rest' + path.
 * Keys and non-string values are left alone; the input is not modified.
 */
export function replacePrefix<T>(json: T, path: string): T {
  const prefix = '/rest' + (path && !path.startsWith('/') ? '/' : '') + path;
  const walk = (v: unknown): unknown => {
    // A function replacer, so '$&' or '$1' in the path are inserted literally.
    if (typeof v === 'string') return v.replaceAll(PREFIX_PLACEHOLDER, () => prefix);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(json) as T;
}

/** The extension of a file name, lower case and without the dot; '' when there is none. */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export interface UploadRefusal {
  key: typeof MSG.unsupportedFormat;
  ext: string;
}

/**
 * Spec §5: an upload is refused when the allowed list is non-empty and lacks the file's extension.
 * Entries may be written '.GLB' or 'glb'. A name without an extension is refused with ext ''.
 */
export function checkUploadExtension(fileName: string, allowed: readonly string[]): UploadRefusal | null {
  const list = allowed.map((a) => a.trim().replace(/^\.+/, '').toLowerCase()).filter(Boolean);
  if (list.length === 0) return null;
  const ext = fileExtension(fileName);
  return ext && list.includes(ext) ? null : { key: MSG.unsupportedFormat, ext };
}
