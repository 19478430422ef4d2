// @ts-check
// Which files the media library accepts, and the Content-Type each is served with.

/**
 * The allowed-format list when MEDIA_ALLOWED_FORMATS is not set. It mirrors DEFAULT_ALLOWED_FORMATS
 * in shared/schema/media.ts (the server runs plain Node and cannot import TypeScript);
 * tests/server/formats.test.ts fails when the two disagree. mtl and bin are here because an OBJ's
 * materials and a multi-file glTF's buffers are uploaded next to the model.
 */
export const STANDARD_FORMATS = Object.freeze([
  'obj',
  'mtl',
  'glb',
  'gltf',
  'bin',
  'fbx',
  'pcd',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'svg',
  'webp',
  'airm',
]);

/** The spec's refusal text (§5, §8). */
export const unsupportedFormatMessage = (/** @type {string} */ ext) =>
  `unsupported file format not configured in the media library: ${ext}`;

/**
 * Normalises a configured list: 'GLB, .obj' -> ['glb', 'obj']. An empty list allows every format
 * (spec §5: the check applies "when that list is non-empty").
 * @param {string | readonly string[]} list
 */
export function parseFormatList(list) {
  const items = typeof list === 'string' ? list.split(',') : list;
  return [...new Set(items.map((f) => f.trim().replace(/^\.+/, '').toLowerCase()).filter(Boolean))];
}

/** Lower-case extension without the dot; '' when the name has none (same rule as shared/schema/media.ts). */
export function fileExtension(/** @type {string} */ name) {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** @param {string} name @param {readonly string[]} allowed @returns {string | null} the refused extension, or null */
export function refusedExtension(name, allowed) {
  if (allowed.length === 0) return null;
  const ext = fileExtension(name);
  return ext && allowed.includes(ext) ? null : ext;
}

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
  mtl: 'model/mtl',
  bin: 'application/octet-stream',
  fbx: 'application/octet-stream',
  pcd: 'application/octet-stream',
  airm: 'application/json; charset=utf-8',
  json: 'application/json; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  exr: 'image/x-exr',
  hdr: 'image/vnd.radiance',
  txt: 'text/plain; charset=utf-8',
};

export const contentTypeOf = (/** @type {string} */ name) => CONTENT_TYPES[fileExtension(name)] ?? 'application/octet-stream';
