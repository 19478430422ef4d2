// @ts-check
// First start: the built-in resources the editor uses. Materials (seed-materials.mjs) are folders
// holding '<folder>.airm', a 'cut.jpg' thumbnail and any texture the material names (spec §3 Material library item); sample models sit in
// one catalog. A hidden marker records the seed version, so a newer seed rewrites the built-ins
// (and only them) once, and user files are never touched.
import { contentTypeOf } from './formats.mjs';
import { THUMBNAILS } from './seed-thumbnails.mjs';
import { AIRM_FORMAT_VERSION, BUILT_IN_MATERIAL_CATALOG, BUILT_IN_MATERIALS, BUILT_IN_TEXTURES } from './seed-materials.mjs';
import { cubeMtl, cubeObj, spherePcd } from './sample-models.mjs';
import { boxGltf, turntableGlb } from './sample-gltf.mjs';

/** Top folder of everything the seed writes: read-only to the API (DELETE refuses it). */
export const BUILT_IN_ROOT = 'built-in';
/** Catalog of the sample models. */
export const BUILT_IN_MODEL_CATALOG = `${BUILT_IN_ROOT}/models`;
export { AIRM_FORMAT_VERSION, BUILT_IN_MATERIAL_CATALOG, BUILT_IN_MATERIALS };
/** 2: the twelve-plus built-in library with rendered thumbnails and generated textures. */
export const SEED_VERSION = 2;
export const SEED_MARKER = '.seeded';

/** @returns {Array<[string, string | Uint8Array]>} root-relative path and content */
export function seedFiles() {
  /** @type {Array<[string, string | Uint8Array]>} */
  const files = [];
  for (const m of BUILT_IN_MATERIALS) {
    const dir = `${BUILT_IN_MATERIAL_CATALOG}/${m.name}`;
    files.push([`${dir}/${m.name}.airm`, JSON.stringify({ formatVersion: AIRM_FORMAT_VERSION, material: m }, null, 2) + '\n']);
    for (const [name, make] of BUILT_IN_TEXTURES[m.name] ?? []) files.push([`${dir}/${name}`, make()]);
    // Only scripts/render-material-thumbnails.mjs meets a material without one (it renders them);
    // tests/server/seed.test.ts makes sure none ships without.
    const thumb = THUMBNAILS[m.name];
    if (thumb) files.push([`${dir}/cut.jpg`, Buffer.from(thumb, 'base64')]);
  }
  const models = BUILT_IN_MODEL_CATALOG;
  files.push([`${models}/cube.obj`, cubeObj()], [`${models}/cube.mtl`, cubeMtl()]);
  files.push([`${models}/box.gltf`, boxGltf()], [`${models}/turntable.glb`, turntableGlb()]);
  files.push([`${models}/points.pcd`, spherePcd()]);
  return files;
}

/**
 * Writes the built-ins when the marker is missing or older than SEED_VERSION. Each file is written
 * whole and the marker last, so an interrupted seed simply runs again on the next start. Two
 * instances starting together on one store both write the same bytes: harmless.
 * @param {import('./store.mjs').Store} store the media library's
 * @returns {Promise<boolean>} whether it seeded
 */
export async function seedMediaRoot(store) {
  const text = await store.readText([SEED_MARKER]).catch(() => null);
  let seen = 0;
  try {
    seen = Number(JSON.parse(text ?? '{}').version) || 0;
  } catch {
    // A damaged marker seeds again.
  }
  if (seen >= SEED_VERSION) return false;
  for (const [rel, data] of seedFiles()) await store.put(rel.split('/'), data, { contentType: contentTypeOf(rel) });
  const marker = JSON.stringify({ version: SEED_VERSION, at: new Date().toISOString() }) + '\n';
  await store.put([SEED_MARKER], marker, { contentType: 'application/json' });
  return true;
}
