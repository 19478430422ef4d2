// @ts-check
// dist/types/: the declarations of the main-thread entries, for hosts that use TypeScript. tsc emits
// them (tsconfig.types.json: emit only, into a folder of its own, so it never races `tsc -b`);
// this copies the ones reachable from the entries' declarations (entries.mjs) and writes every relative specifier as the file it names
// ('./x' -> './x.js', '../shared/schema' -> '../shared/schema/index.js'), the form Node's ESM
// resolution (and TypeScript's node16/nodenext and bundler modes) all accept.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MAIN_ENTRIES, declarationOf } from './entries.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Packages a host has when it uses the package's types (peer and plain dependencies). */
const TYPE_PACKAGES = /^(react|react-dom|antd|zod|comlink)(\/|$)/;
/** Specifiers in a declaration file: import/export ... from '...', import('...'). */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*)(['"])([^'"]+)\2/g;

const isFile = (/** @type {string} */ p) =>
  stat(p).then(
    (s) => s.isFile(),
    () => false,
  );

/** The declaration file a relative specifier names: x.d.ts or x/index.d.ts. */
async function resolveDeclaration(/** @type {string} */ from, /** @type {string} */ spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.d.ts`, path.join(base, 'index.d.ts')]) if (await isFile(candidate)) return candidate;
  throw new Error(`${path.basename(from)}: cannot find the declarations of '${spec}'`);
}

/** @param {string} outDir */
export async function writeTypes(outDir) {
  const DECLARATIONS = await mkdtemp(path.join(tmpdir(), 'dash3d-types-'));
  try {
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await promisify(execFile)(
      process.execPath,
      [tsc, '-p', path.join(ROOT, 'scripts', 'package', 'tsconfig.types.json'), '--outDir', DECLARATIONS],
      { cwd: ROOT },
    );
    return await copyReachable(DECLARATIONS, outDir);
  } finally {
    await rm(DECLARATIONS, { recursive: true, force: true });
  }
}

/** Copies the declarations reachable from the entries', each specifier written as the file it names. */
async function copyReachable(/** @type {string} */ DECLARATIONS, /** @type {string} */ outDir) {
  const entries = Object.values(MAIN_ENTRIES).map((source) => path.join(DECLARATIONS, declarationOf(source)));
  const queue = [...entries];
  const seen = new Set(queue);
  while (queue.length) {
    const file = /** @type {string} */ (queue.shift());
    const source = await readFile(file, 'utf8');
    /** @type {Promise<string>[]} */
    const rewrites = [];
    source.replace(SPECIFIER, (_all, _lead, _q, spec) => {
      rewrites.push(
        (async () => {
          if (!spec.startsWith('.')) {
            if (!TYPE_PACKAGES.test(spec))
              throw new Error(`${path.relative(DECLARATIONS, file)}: the public types import '${spec}', which a host does not have`);
            return spec;
          }
          const target = await resolveDeclaration(file, spec);
          if (!seen.has(target)) {
            seen.add(target);
            queue.push(target);
          }
          const rel = path
            .relative(path.dirname(file), target)
            .split(path.sep)
            .join('/')
            .replace(/\.d\.ts$/, '.js');
          return rel.startsWith('.') ? rel : `./${rel}`;
        })(),
      );
      return _all;
    });
    const resolved = await Promise.all(rewrites);
    let i = 0;
    const out = source.replace(SPECIFIER, (_all, lead, q) => `${lead}${q}${resolved[i++]}${q}`);
    const to = path.join(outDir, path.relative(DECLARATIONS, file));
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, out);
  }
  return { entries: entries.map((e) => path.join(outDir, path.relative(DECLARATIONS, e))), files: seen.size };
}
