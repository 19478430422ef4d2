// @ts-check
// `npm start` serves the playground's production build (dist-playground/; dist/ is the npm package's). It builds only when it is missing or was built
// from other sources: dist-playground/.build-stamp holds a hash of every input of the build, so a start with
// unchanged sources takes a second, and a changed file (or a `git pull`) rebuilds once.
import { createHash } from 'node:crypto';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { INDEX_PAGE } from 'dash3d/server';
import { PROJECT_ROOT } from './project-root.mjs';

export const DIST = path.join(PROJECT_ROOT, 'dist-playground');
const STAMP = '.build-stamp';

/** What the playground's build reads: its sources, the build config and the locked dependencies. */
// The folders' own tsconfig.json files extend tsconfig.base.json, which Vite reads for each source.
const INPUTS = [
  'playground',
  'src',
  'shared',
  'worker',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
];

/** Files under a path (or the file itself), project-relative, sorted so the hash is stable. */
async function filesOf(/** @type {string} */ rel) {
  const full = path.join(PROJECT_ROOT, rel);
  const st = await stat(full).catch(() => null);
  if (!st) return [];
  if (st.isFile()) return [rel];
  const entries = await readdir(full, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(PROJECT_ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

/** A hash of the names and contents of every build input (contents, not times: a checkout keeps it). */
export async function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const rel of await filesOf(input)) {
      hash
        .update(rel.split(path.sep).join('/'))
        .update('\0')
        .update(await readFile(path.join(PROJECT_ROOT, rel)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether dist holds a complete build of exactly these sources. */
async function isFresh(/** @type {string} */ hash) {
  const stamp = await readFile(path.join(DIST, STAMP), 'utf8').catch(() => '');
  if (stamp.trim() !== hash) return false;
  return (await stat(path.join(DIST, INDEX_PAGE)).catch(() => null))?.isFile() === true;
}

/**
 * Makes sure dist is a build of the current sources; returns its folder and whether it built.
 * The build goes to a private folder first and replaces dist at the end, so a server still serving
 * the old dist, or a second `npm start` building at the same time, never sees half a build.
 * @param {(line: string) => void} [say]
 */
export async function ensureBuilt(say = console.log) {
  const hash = await sourceHash();
  if (await isFresh(hash)) return { dist: DIST, built: false };

  say('  Building the playground into dist-playground/ (missing or older than the sources; later starts reuse it)…');
  const work = path.join(PROJECT_ROOT, `.dist-build-${process.pid}`);
  // Vite only when building: a start with a fresh dist does not pay for loading it.
  const { build } = await import('vite');
  try {
    await build({ configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'error', build: { outDir: work, emptyOutDir: true } });
    await writeFile(path.join(work, STAMP), `${hash}\n`);
    const old = path.join(PROJECT_ROOT, `.dist-old-${process.pid}`);
    await rename(DIST, old).catch((err) => {
      if (err.code !== 'ENOENT') throw err;
    });
    // Another start may have put its (equally fresh) build in place meanwhile: keep that one.
    await rename(work, DIST).catch((err) => {
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    });
    await rm(old, { recursive: true, force: true });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  say('  Built.');
  return { dist: DIST, built: true };
}
