// @ts-check
// The package's asset files, written into worker/assets/files/ (git-ignored) from the packages
// that carry them: three's Draco and Basis (KTX2) decoders, as they are, and the 18 environment
// presets of @pmndrs/assets (CC0), decoded from the base64 ES modules that package ships into the
// plain .exr files they hold. The engine names each with a literal `new URL(..., import.meta.url)`
// (worker/engine/assets.ts, worker/features/environment-presets.ts), so our dev server serves
// them as files, and the package build copies them to dist/assets/ under the same names.
// Idempotent: a stamp of both packages' versions skips the work when nothing changed.
import { mkdir, readFile, rename, rm, writeFile, copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ASSETS_DIR = path.join(ROOT, 'worker', 'assets', 'files');
const require = createRequire(import.meta.url);

/** Folder of an installed package (its package.json may not be exported, so found through node_modules). */
const packageDir = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', ...name.split('/'));

/** The 18 preset names (spec §3 environmentConfig.type); shared/schema/scene.ts lists the same. */
export const ENVIRONMENTS = [
  'apartment',
  'bridge',
  'city',
  'dawn',
  'esplanade',
  'forest',
  'hall',
  'lab',
  'lobby',
  'night',
  'park',
  'sky',
  'studio',
  'sunrise',
  'sunset',
  'venice',
  'warehouse',
  'workshop',
];

/**
 * Decoder files: name under files/ -> path inside the three package. The JavaScript glue is
 * Emscripten output that three's loaders fetch as text and run in workers of their own: named
 * .js.txt so that no host's minifier takes it for a module of the build (esbuild's renames its
 * top-level names, which the loaders look up) and no linter for an ES module of the package.
 */
const DECODERS = {
  'draco/draco_wasm_wrapper.js.txt': 'examples/jsm/libs/draco/gltf/draco_wasm_wrapper.js',
  'draco/draco_decoder.wasm': 'examples/jsm/libs/draco/gltf/draco_decoder.wasm',
  'basis/basis_transcoder.js.txt': 'examples/jsm/libs/basis/basis_transcoder.js',
  'basis/basis_transcoder.wasm': 'examples/jsm/libs/basis/basis_transcoder.wasm',
};

async function versionOf(/** @type {string} */ name) {
  return JSON.parse(await readFile(path.join(packageDir(name), 'package.json'), 'utf8')).version;
}

/** The bytes inside `export default 'data:...;base64,...'`. */
function presetBytes(/** @type {string} */ source, /** @type {string} */ file) {
  const m = /^export default ['"]data:[^;,]*;base64,([A-Za-z0-9+/=]+)['"];?\s*$/.exec(source.trim());
  if (!m?.[1]) throw new Error(`${file}: not the base64 module @pmndrs/assets ships; its format changed?`);
  return Buffer.from(m[1], 'base64');
}

/**
 * Writes the files unless the stamp says they are there already; answers the folder. A second
 * process writing at the same time is harmless: each writes into a folder of its own and renames.
 * @param {string} [dir]
 */
export async function ensureAssets(dir = ASSETS_DIR) {
  const stamp = `three ${await versionOf('three')}, @pmndrs/assets ${await versionOf('@pmndrs/assets')}, format 2\n`;
  if ((await readFile(path.join(dir, '.stamp'), 'utf8').catch(() => '')) === stamp) return dir;
  const work = `${dir}.tmp-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  for (const sub of ['draco', 'basis', 'environments']) await mkdir(path.join(work, sub), { recursive: true });
  for (const [name, from] of Object.entries(DECODERS)) await copyFile(path.join(packageDir('three'), from), path.join(work, name));
  for (const env of ENVIRONMENTS) {
    const file = require.resolve(`@pmndrs/assets/hdri/${env}.exr.js`);
    await writeFile(path.join(work, 'environments', `${env}.exr`), presetBytes(await readFile(file, 'utf8'), file));
  }
  await writeFile(path.join(work, '.stamp'), stamp);
  await rm(dir, { recursive: true, force: true });
  await rename(work, dir).catch(async (err) => {
    // Another process finished first with the same files: keep theirs.
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    await rm(work, { recursive: true, force: true });
  });
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(`assets in ${await ensureAssets()}`);
