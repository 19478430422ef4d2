// @ts-check
// First start: the built-in resources the editor uses. Materials (seed-materials.mjs) are folders
// holding '<folder>.airm', a 'cut.jpg' thumbnail and any texture the material names (spec §3 Material library item); sample models sit in
// one catalog. A hidden marker records the seed version, so a newer seed rewrites the built-ins
// (and only them) once, and user files are never touched.
import { contentTypeOf } from './formats.mjs';
import { THUMBNAILS } from './seed-thumbnails.mjs';
import { AIRM_FORMAT_VERSION, BUILT_IN_MATERIAL_CATALOG, BUILT_IN_MATERIALS, BUILT_IN_TEXTURES } from './seed-materials.mjs';
import { cubeMtl, cubeObj, spherePcd } from './sample-models.mjs';
import { boxGltf, pumpLineGlb, turntableGlb } from './sample-gltf.mjs';

/** Top folder of everything the seed writes: read-only to the API (DELETE refuses it). */
export const BUILT_IN_ROOT = 'built-in';
/** Catalog of the sample models. */
export const BUILT_IN_MODEL_CATALOG = `${BUILT_IN_ROOT}/models`;
export { AIRM_FORMAT_VERSION, BUILT_IN_MATERIAL_CATALOG, BUILT_IN_MATERIALS };
/** 2: the twelve-plus built-in library with rendered thumbnails and generated textures. */
export const SEED_VERSION = 2;
export const SEED_MARKER = '.seeded';

/** The sample models in the built-in model catalog, each made when seeded. @type {Array<[string, () => string | Uint8Array]>} */
const MODEL_FILES = [
  ['cube.obj', cubeObj],
  ['cube.mtl', cubeMtl],
  ['box.gltf', boxGltf],
  ['turntable.glb', turntableGlb],
  ['pump-line.glb', pumpLineGlb],
  ['points.pcd', spherePcd],
];

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
  for (const [name, make] of MODEL_FILES) files.push([`${BUILT_IN_MODEL_CATALOG}/${name}`, make()]);
  return files;
}

/** How many files seedFiles() gives, without making them (health says it from the start, before the marker is read). */
export function seedFileCount() {
  let n = MODEL_FILES.length;
  for (const m of BUILT_IN_MATERIALS) n += 1 + (BUILT_IN_TEXTURES[m.name]?.length ?? 0) + (THUMBNAILS[m.name] ? 1 : 0);
  return n;
}

/** Files written at the same time: a slow store is used in parallel, within this bound. */
export const SEED_CONCURRENCY = 8;

/**
 * @typedef {object} SeedProgress
 * @property {number} total built-in files
 * @property {number} written written by this run
 * @property {number} inPlace already in the store with the same bytes (an earlier, interrupted run)
 */

/** A seed that stopped at one file: names it. */
export class SeedError extends Error {
  /** @param {string} file root-relative @param {unknown} cause */
  constructor(file, cause) {
    super(`${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.file = file;
  }
}

/** Whether the store holds exactly these bytes under this name. @param {import('./store.mjs').Store} store @param {string[]} segs @param {Uint8Array} bytes */
async function holds(store, segs, bytes) {
  const file = await store.read(segs);
  if (!file) return false;
  if (file.size !== bytes.length) {
    file.body.destroy();
    return false;
  }
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of file.body) chunks.push(chunk);
  return Buffer.concat(chunks).equals(bytes);
}

/**
 * Runs `task` on each item, at most `limit` at a time. On the first failure no new task starts; the
 * running ones finish, then it rejects with that failure.
 * @template T @param {T[]} items @param {number} limit @param {(item: T) => Promise<void>} task
 */
async function eachLimited(items, limit, task) {
  let next = 0;
  /** @type {unknown[]} */
  const failures = [];
  const worker = async () => {
    while (failures.length === 0 && next < items.length) {
      const item = /** @type {T} */ (items[next++]);
      await task(item).catch((err) => failures.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
}

/**
 * Writes the built-ins when the marker is missing or older than SEED_VERSION, SEED_CONCURRENCY at
 * a time. A file the store already holds with the same bytes is not written again, and the marker
 * is written last, so a seed interrupted by a failure or a restart goes on where it stopped. Two
 * instances starting together on one store both write the same bytes: harmless.
 * @param {import('./store.mjs').Store} store the media library's
 * @param {{ progress?: (p: SeedProgress) => void }} [o] told at the start and after each file
 * @returns {Promise<boolean>} whether it seeded; rejects with a SeedError naming the file it stopped at
 */
export async function seedMediaRoot(store, { progress = () => {} } = {}) {
  const text = await store.readText([SEED_MARKER]).catch(() => null);
  let seen = 0;
  try {
    seen = Number(JSON.parse(text ?? '{}').version) || 0;
  } catch {
    // A damaged marker seeds again.
  }
  if (seen >= SEED_VERSION) return false;
  const files = seedFiles();
  /** @type {SeedProgress} */
  const counts = { total: files.length, written: 0, inPlace: 0 };
  progress({ ...counts });
  await eachLimited(files, SEED_CONCURRENCY, async ([rel, data]) => {
    const segs = rel.split('/');
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    try {
      if (await holds(store, segs, bytes)) counts.inPlace++;
      else {
        await store.put(segs, bytes, { contentType: contentTypeOf(rel) });
        counts.written++;
      }
    } catch (err) {
      throw new SeedError(rel, err);
    }
    progress({ ...counts });
  });
  const marker = JSON.stringify({ version: SEED_VERSION, at: new Date().toISOString() }) + '\n';
  await store.put([SEED_MARKER], marker, { contentType: 'application/json' }).catch((err) => {
    throw new SeedError(SEED_MARKER, err);
  });
  return true;
}
