// @ts-check
// What `dash3d-assets <dir>` does (bin/dash3d-assets.mjs): copies the package's browser files, the
// ones a host's bundler finds and emits by itself when it can (Vite, webpack, Rspack, Parcel) and
// that others leave out (esbuild emits neither a `new Worker(new URL(...))` script nor the files
// named by `new URL(..., import.meta.url)`), into a folder the host serves, and says what to set
// in the host (ThreeDHost.files) so that dash3d fetches them from there.
import { cp, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** What the render worker needs at run time, under dist/: its script, its chunks, the assets, and the licences of what they bundle. */
export const BROWSER_FILES = ['render-worker.js', 'chunks', 'assets', 'THIRD_PARTY_NOTICES.md'];

export const USAGE = `Usage: dash3d-assets <folder> [--url <path>]

Copies dash3d's browser files (the render worker, its chunks, the decoders and environment
presets) into <folder>, for a host whose bundler does not emit them (esbuild), or that serves
them from a path or CDN of its own. Then set ThreeDHost.files as it prints (docs/host-guide.md,
"Serving the package's files yourself"). Copy again after each update of dash3d, and after each
build when the folder is inside the build's output (a build may empty it).

  --url <path>   the URL path the folder is served under (default: its path after the last
                 folder a site is served from: public/ or static/, or a build's output
                 dist/, build/ or out/ (dist-prod/ too): public/vendor/dash3d and
                 dist/vendor/dash3d -> /vendor/dash3d/)
  --help         this text`;

/** Folders a site's files are copied from by its bundler: kept between builds. */
const SOURCE_ROOTS = /^(public|static)$/;
/** A build's output folders (dist, build, out, and dist-prod, build_x…): a build may empty them. */
const OUTPUT_ROOTS = /^(dist|build|out)([-_.].+)?$/;

/**
 * The URL path a folder is likely served under, and the folder in its path that rests on: what
 * follows the outermost folder a site is served from (public/ or static/, Vite's, Next.js's and
 * Parcel's convention, or a build's output such as dist/ or dist-prod/, served as the site's
 * root), looked for in its path from the current folder (or in its whole path when it lies
 * elsewhere), else that path, else its name. `output`: that folder is a build's output, which the
 * next build may empty.
 * @returns {{ url: string, root: string | null, output: boolean }}
 */
export function guessUrl(/** @type {string} */ folder, cwd = process.cwd()) {
  const rel = path.relative(cwd, path.resolve(cwd, folder));
  const inside = !(rel.startsWith('..') || path.isAbsolute(rel));
  const parts = (inside ? rel : path.resolve(cwd, folder)).split(path.sep).filter(Boolean);
  const isRoot = (/** @type {string} */ p) => SOURCE_ROOTS.test(p) || OUTPUT_ROOTS.test(p);
  const at = inside ? parts.findIndex(isRoot) : parts.findLastIndex(isRoot);
  if (at >= 0) {
    const root = parts[at] ?? '';
    return { url: `/${parts.slice(at + 1).join('/')}/`.replace(/\/+/g, '/'), root, output: OUTPUT_ROOTS.test(root) };
  }
  const served = inside ? parts.join('/') : path.basename(folder);
  return { url: `/${served}/`.replace(/\/+/g, '/'), root: null, output: false };
}

/**
 * Why a copy failed, for the person who ran it.
 * @param {string} folder @param {unknown} e
 */
export function copyFailure(folder, e) {
  const code = /** @type {NodeJS.ErrnoException} */ (e)?.code;
  const why =
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? 'it is not writable; choose a folder you can write, or run with the rights to write it'
      : code === 'ENOTDIR' || code === 'EEXIST'
        ? 'a file is in the way, where a folder should be'
        : 'the copy failed';
  return `dash3d-assets: cannot copy into ${folder}: ${why} (${e instanceof Error ? e.message : String(e)})`;
}

/** The host settings to paste, for files served under `url` (ending in '/'). */
export function hostSettings(/** @type {string} */ url) {
  return [
    'files: {',
    `  createWorker: () => new Worker(new URL('${url}render-worker.js', location.href), { type: 'module', name: 'dash3d-render' }),`,
    `  assetBase: '${url}assets/',`,
    '},',
  ].join('\n');
}

/** The command line: a folder, and perhaps --url or --help. */
const parse = (/** @type {string[]} */ argv) =>
  parseArgs({ args: argv, options: { url: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true });

/** Files under a path (1 for a file). */
async function countFiles(/** @type {string} */ p) {
  if (!(await stat(p)).isDirectory()) return 1;
  return (await readdir(p, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
}

/**
 * The command. Answers its exit code: 0 done, 2 a wrong command line, 1 a copy that failed.
 * @param {string[]} argv the arguments after the command's name
 * @param {{ dist: string, cwd?: string, out?: (s: string) => void, err?: (s: string) => void }} io
 *   dist: the package's dist/ folder, where the files come from
 */
export async function copyBrowserFiles(argv, { dist, cwd = process.cwd(), out = console.log, err = console.error }) {
  /** @type {ReturnType<typeof parse>} */
  let args;
  try {
    args = parse(argv);
  } catch (e) {
    err(`dash3d-assets: ${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    out(USAGE);
    return 0;
  }
  const [folder, ...extra] = args.positionals;
  if (!folder || extra.length) {
    err(
      `dash3d-assets: ${folder ? `one folder only (got ${args.positionals.join(', ')})` : 'name the folder to copy the files into, e.g. npx dash3d-assets public/vendor/dash3d'}\n\n${USAGE}`,
    );
    return 2;
  }
  const target = path.resolve(cwd, folder);
  const missing = [];
  for (const name of BROWSER_FILES) if (!(await stat(path.join(dist, name)).catch(() => null))) missing.push(name);
  if (missing.length) {
    err(
      `dash3d-assets: the package's files are not where this command expects them (${missing.join(', ')} missing in ${dist}); reinstall dash3d`,
    );
    return 1;
  }
  if (path.relative(dist, target) === '' || !path.relative(dist, target).startsWith('..')) {
    err(`dash3d-assets: ${folder} is inside the package's own dist/ folder; name a folder your site serves`);
    return 2;
  }
  const counts = [];
  try {
    for (const name of BROWSER_FILES) {
      await cp(path.join(dist, name), path.join(target, name), { recursive: true, force: true });
      counts.push(`${name}${name.includes('.') ? '' : `/ (${await countFiles(path.join(dist, name))} files)`}`);
    }
  } catch (e) {
    err(copyFailure(folder, e));
    return 1;
  }
  const guessed = guessUrl(folder, cwd);
  const url = args.values.url ? `${args.values.url.replace(/\/+$/, '')}/` : guessed.url;
  const again = `dash3d-assets ${folder}${args.values.url ? ` --url ${url}` : ''}`;
  // A guess that rests on no folder a site is served from is said first, on its own, not in passing.
  if (!args.values.url && !guessed.root)
    err(
      `dash3d-assets: check the URL below: ${folder} has no public/, static/, dist/, build/ or out/ folder in its path, so it is guessed to be served at ${url}. If your site serves it elsewhere, run again with --url <path> (e.g. --url /vendor/dash3d/).`,
    );
  const where = args.values.url
    ? `${url} is where you said the folder is served.`
    : guessed.root
      ? `${url} is where the folder is served if ${guessed.root}/ is your site's root; otherwise give the path with --url <path>.`
      : `${url} is a guess (see above); otherwise give the path with --url <path>.`;
  const when = guessed.output
    ? [
        `${guessed.root}/ is a build's output, which a build may empty: copy after each build, e.g.`,
        `"build": "<your build> && ${again}" in your package.json.`,
      ]
    : [
        `Copy again after each update of dash3d (e.g. "postinstall": "${again}" in your package.json):`,
        'the render worker and the page must come from the same version.',
      ];
  out(
    [
      `Copied dash3d's browser files into ${folder}: ${counts.join(', ')}.`,
      '',
      `Serve that folder with your page, and tell dash3d where it is: in your ThreeDHost (or the files prop`,
      `of ThreeDSpace), as docs/host-guide.md says under "Serving the package's files yourself":`,
      '',
      hostSettings(url).replace(/^/gm, '  '),
      '',
      where,
      ...when,
    ].join('\n'),
  );
  return 0;
}
