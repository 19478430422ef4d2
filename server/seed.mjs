// @ts-check
// First start: the built-in resources the editor uses. Materials are folders holding
// '<folder>.airm' and a 'cut.jpg' thumbnail (spec §3 Material library item); sample models sit in
// one catalog. A hidden marker records the seed version, so a newer seed rewrites the built-ins
// (and only them) once, and user files are never touched.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './storage.mjs';
import { THUMBNAILS } from './seed-thumbnails.mjs';
import { cubeMtl, cubeObj, spherePcd } from './sample-models.mjs';
import { boxGltf, turntableGlb } from './sample-gltf.mjs';

/** Top folder of everything the seed writes: read-only to the API (DELETE refuses it). */
export const BUILT_IN_ROOT = 'built-in';
/** Catalog of the built-in materials (user materials are saved under '3d/materials'). */
export const BUILT_IN_MATERIAL_CATALOG = `${BUILT_IN_ROOT}/materials`;
/** Catalog of the sample models. */
export const BUILT_IN_MODEL_CATALOG = `${BUILT_IN_ROOT}/models`;
/** Version of the .airm file layout: `{ formatVersion, material }`. */
export const AIRM_FORMAT_VERSION = 1;
export const SEED_VERSION = 1;
export const SEED_MARKER = '.seeded';

/** A material entity with spec §9's "new material" defaults, then the given fields. */
function material(/** @type {Record<string, unknown>} */ fields) {
  return {
    uuid: '',
    name: '',
    type: 'physical',
    shaderCode: '',
    frameScript: '',
    envMap: '',
    side: 'FrontSide',
    combine: 'MultiplyOperation',
    rotation: 0,
    repeat: { u: 1, v: 1 },
    offset: { u: 0, v: 0 },
    center: { u: 0, v: 0 },
    color: '#ffffff',
    aoMapIntensity: 1,
    normalScale: 1,
    normalScaleY: false,
    emissive: '#000000',
    emissiveIntensity: 1,
    alphaTest: 0,
    opacity: 1,
    lightMapIntensity: 1,
    envMapIntensity: 1,
    roughness: 1,
    metalness: 0,
    ior: 1.5,
    specularIntensity: 1,
    specularColor: '#ffffff',
    shininess: 30,
    sizeAttenuation: true,
    fog: true,
    size: 1,
    path: BUILT_IN_MATERIAL_CATALOG,
    ...fields,
  };
}

/** Folder name = '<display name>-<type>' so the displayed name drops the type (spec §3). */
export const BUILT_IN_MATERIALS = [
  material({
    uuid: '6f1c2a7e-0b1d-4d53-9a43-5e1f0c7b2a01',
    name: 'brushed-steel-physical',
    type: 'physical',
    color: '#c9ced6',
    metalness: 0.9,
    roughness: 0.35,
  }),
  material({ uuid: '6f1c2a7e-0b1d-4d53-9a43-5e1f0c7b2a02', name: 'red-plastic-phong', type: 'phong', color: '#c0392b', shininess: 80 }),
  material({
    uuid: '6f1c2a7e-0b1d-4d53-9a43-5e1f0c7b2a03',
    name: 'frosted-glass-physical',
    type: 'physical',
    color: '#dff3ff',
    roughness: 0.15,
    opacity: 0.55,
    transparent: true,
  }),
  material({ uuid: '6f1c2a7e-0b1d-4d53-9a43-5e1f0c7b2a04', name: 'cyan-glow-points', type: 'points', color: '#39d0ff', size: 2 }),
];

/** @returns {Array<[string, string | Uint8Array]>} root-relative path and content */
export function seedFiles() {
  /** @type {Array<[string, string | Uint8Array]>} */
  const files = [];
  for (const m of BUILT_IN_MATERIALS) {
    const dir = `${BUILT_IN_MATERIAL_CATALOG}/${m.name}`;
    const thumb = THUMBNAILS[m.name];
    if (!thumb) throw new Error(`no thumbnail for ${m.name}`);
    files.push([`${dir}/${m.name}.airm`, JSON.stringify({ formatVersion: AIRM_FORMAT_VERSION, material: m }, null, 2) + '\n']);
    files.push([`${dir}/cut.jpg`, Buffer.from(thumb, 'base64')]);
  }
  const models = BUILT_IN_MODEL_CATALOG;
  files.push([`${models}/cube.obj`, cubeObj()], [`${models}/cube.mtl`, cubeMtl()]);
  files.push([`${models}/box.gltf`, boxGltf()], [`${models}/turntable.glb`, turntableGlb()]);
  files.push([`${models}/points.pcd`, spherePcd()]);
  return files;
}

/**
 * Writes the built-ins when the marker is missing or older than SEED_VERSION. Each file is written
 * atomically and the marker last, so an interrupted seed simply runs again on the next start.
 * @param {string} root
 * @returns {Promise<boolean>} whether it seeded
 */
export async function seedMediaRoot(root) {
  const marker = path.join(root, SEED_MARKER);
  const seen = await readFile(marker, 'utf8')
    .then((t) => Number(JSON.parse(t).version) || 0)
    .catch(() => 0);
  if (seen >= SEED_VERSION) return false;
  for (const [rel, data] of seedFiles()) await writeFileAtomic(path.join(root, ...rel.split('/')), data);
  await writeFileAtomic(marker, JSON.stringify({ version: SEED_VERSION, at: new Date().toISOString() }) + '\n');
  return true;
}
