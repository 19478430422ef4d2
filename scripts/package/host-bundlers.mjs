// @ts-check
// What a host's bundler would refuse or misread in dist/, none of which our own builds see (Vite
// and rolldown accept all of it): a check on the built files, so that a change of source,
// dependency or minifier that brings one back fails the package build, naming the file, instead of
// a host's build; and the one rewrite of a dependency's code it needs (noFreeBuffer).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The markers that make a host's bundler leave a computed import to the browser, as shared/import-url.ts writes them. */
export const MARKERS = ['@vite-ignore', 'webpackIgnore: true', 'turbopackIgnore: true'];
/** `import(` followed by anything but a string: a computed specifier (comments included in the match). */
const COMPUTED_IMPORT = /(?<![.\w$])import\(((?:\s*\/\*[\s\S]*?\*\/)*)\s*(?![\s'"`])/g;
/** A bare importScripts(...) call (not `self.importScripts(...)`). */
const BARE_IMPORT_SCRIPTS = /(?<![.\w$])importScripts\s*\(/g;
/** Node's Buffer used as a free variable (not `globalThis.Buffer`, not ArrayBuffer). */
const FREE_BUFFER = /(?<![.\w$])Buffer\s*\./g;

/** 20 characters of `code` from `index`, to name a finding. */
const at = (/** @type {string} */ code, /** @type {number} */ index) => code.slice(index, index + 40).replace(/\s+/g, ' ');

/**
 * What a host's bundler would trip on in `code`, one line each (empty when nothing):
 * - a computed import() without the markers: webpack and Rspack warn "Critical dependency" and
 *   compile it into a stub that rejects "Cannot find module", Turbopack into one that throws;
 * - a bare importScripts(...) call: Parcel stops the build ("importScripts() is not supported in
 *   module workers"), since the render worker is a module worker;
 * - a free Buffer: Parcel installs the `buffer` polyfill into the host's own package.json.
 * @param {string} code
 * @returns {string[]}
 */
export function hostBundlerProblems(code) {
  /** @type {string[]} */
  const found = [];
  for (const m of code.matchAll(COMPUTED_IMPORT)) {
    const comments = m[1] ?? '';
    if (MARKERS.some((marker) => !comments.includes(marker)))
      found.push(`a computed import without the markers ${MARKERS.join(', ')} (shared/import-url.ts): ${at(code, m.index)}`);
  }
  for (const m of code.matchAll(BARE_IMPORT_SCRIPTS)) found.push(`a bare importScripts call (reach it through self): ${at(code, m.index)}`);
  for (const m of code.matchAll(FREE_BUFFER))
    found.push(`Node's Buffer as a free variable (write globalThis.Buffer): ${at(code, m.index)}`);
  return found;
}

/**
 * Fails the build, naming the file, when a built file has any of hostBundlerProblems.
 * @param {string} dist @param {string[]} files paths under dist/
 */
export async function checkForHostBundlers(dist, files) {
  const problems = [];
  for (const file of files)
    for (const p of hostBundlerProblems(await readFile(path.join(dist, file), 'utf8'))) problems.push(`dist/${file}: ${p}`);
  if (problems.length) throw new Error(`the package's files would trip a host's bundler:\n${problems.join('\n')}`);
}

/**
 * Bundled dependencies' Node branches name Buffer (three's zstd decoder, for the KTX2 loader:
 * `typeof fetch < "u" ? fetch(...) : WebAssembly.instantiate(Buffer.from(...))`). A worker always
 * has fetch, so the branch never runs; written as globalThis.Buffer it means the same, and Parcel
 * no longer sees a Node global to polyfill.
 * @returns {import('rolldown').Plugin}
 */
export function noFreeBuffer() {
  return {
    name: 'dash3d:no-free-buffer',
    transform(code, id) {
      if (!id.includes(`${path.sep}node_modules${path.sep}`)) return null;
      const out = code.replace(FREE_BUFFER, (m) => `globalThis.${m}`);
      return out === code ? null : { code: out, map: null };
    },
  };
}
