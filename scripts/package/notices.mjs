// @ts-check
// dist/THIRD_PARTY_NOTICES.md: the licences of what the package carries inside its own files. The
// bundled npm packages are read off the build (every module id under node_modules/), so a new
// dependency is listed the day it is bundled; the asset files come from packages' folders whose
// licences are not in their package.json, so they are named here.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Files in dist/assets/ and where their licences are. */
const ASSET_NOTICES = [
  {
    what: 'assets/draco/ (Draco glTF decoder, from three/examples/jsm/libs/draco/gltf)',
    licence:
      'Apache-2.0, Copyright Google LLC: https://github.com/google/draco/blob/main/LICENSE (the licence text is given under comlink below)',
  },
  {
    what: 'assets/basis/ (Basis Universal transcoder, from three/examples/jsm/libs/basis)',
    licence:
      'Apache-2.0, Copyright Binomial LLC: https://github.com/BinomialLLC/basis_universal/blob/master/LICENSE (the licence text is given under comlink below)',
  },
  {
    what: 'assets/environments/ (HDR presets, decoded from @pmndrs/assets/hdri)',
    licence: 'CC0-1.0 (public domain dedication): https://github.com/pmndrs/assets',
  },
];

/** The npm package a module id belongs to, or null for our own sources. */
function packageOf(/** @type {string} */ id) {
  const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return m?.[1]?.replace(/\\/g, '/') ?? null;
}

/**
 * @param {string} dist
 * @param {readonly string[]} moduleIds every module the build bundled
 */
export async function writeNotices(dist, moduleIds) {
  const packages = [...new Set(moduleIds.map(packageOf).filter((p) => p !== null))].sort();
  const parts = ['# Third-party notices', '', 'dash3d bundles the following into the files of this package.', ''];
  for (const a of ASSET_NOTICES) parts.push(`- ${a.what}: ${a.licence}`);
  parts.push('');
  for (const name of packages) {
    const dir = path.join(ROOT, 'node_modules', ...name.split('/'));
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    const text = await readFile(path.join(dir, 'LICENSE'), 'utf8').catch(() => readFile(path.join(dir, 'LICENSE.md'), 'utf8'));
    parts.push(`## ${name} ${pkg.version} (${pkg.license})`, '', '```', text.trim(), '```', '');
  }
  await writeFile(path.join(dist, 'THIRD_PARTY_NOTICES.md'), parts.join('\n'));
  return packages;
}
