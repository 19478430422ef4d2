// @ts-check
// A check on the built dist/: every dynamic import of a computed URL (shared/import-url.ts) still
// carries the markers that make a host's bundler leave it to the browser. The minifier keeps them
// only as annotation comments (build.mjs: `comments.annotation`); a minifier change that dropped
// them would bring back webpack's and Rspack's "Critical dependency" warning and their stub that
// rejects "Cannot find module", which no test of ours would see until a host did.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The markers, as shared/import-url.ts writes them. */
export const MARKERS = ['@vite-ignore', 'webpackIgnore: true', 'turbopackIgnore: true'];
/** `import(` followed by anything but a string: a computed specifier (comments included in the match). */
const COMPUTED_IMPORT = /(?<![.\w$])import\(((?:\s*\/\*[\s\S]*?\*\/)*)\s*(?![\s'"`])/g;

/**
 * The computed imports in `code` that lack a marker, as short excerpts (empty when all are marked).
 * @param {string} code
 * @returns {string[]}
 */
export function unmarkedImports(code) {
  /** @type {string[]} */
  const found = [];
  for (const m of code.matchAll(COMPUTED_IMPORT)) {
    const comments = m[1] ?? '';
    if (MARKERS.some((marker) => !comments.includes(marker))) found.push(code.slice(m.index, m.index + m[0].length + 20));
  }
  return found;
}

/**
 * Fails the build, naming the file, when a built file has a computed import without the markers.
 * @param {string} dist @param {string[]} files paths under dist/
 */
export async function checkNativeImports(dist, files) {
  for (const file of files) {
    const bad = unmarkedImports(await readFile(path.join(dist, file), 'utf8'));
    if (bad.length)
      throw new Error(
        `dist/${file}: a dynamic import of a computed URL lost the markers ${MARKERS.join(', ')} (${bad.join(' | ')}); see shared/import-url.ts`,
      );
  }
}
