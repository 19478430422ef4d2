// @ts-check
// The npm package's build (`npm pack` runs it as `prepack`; `npm run build:package` by hand).
// Writes dist/:
//   index.js          the main-thread entry: React components, createThreeDPlugin, the material
//                     editor, the media client; space.js, editor.js, material-editor.js the
//                     subpaths that hold parts of it (entries.mjs); they import one file per source module under
//                     src/ and shared/ (so hosts tree-shake by module). Not minified (the host's bundler does that);
//                     react, react-dom, antd, comlink and CodeMirror stay imports; the zod modules they use are
//                     under vendor/zod/. No three.js.
//   render-worker.js  the render worker (also started again as the model parse workers)
//   engine.js         the main-thread fallback engine, imported lazily by index.js
//   chunks/           what render-worker.js and engine.js share (three.js once), and their lazily
//                     loaded parts (loaders per format, decoders' glue)
//   assets/           the decoders, the 18 environment presets, the preview image: the files the
//                     code names with `new URL('./assets/...', import.meta.url)`
//   types/            .d.ts for the main-thread entries (scripts/package/types.mjs)
// Every worker is started and every asset named in the literal form host bundlers recognise
// (webpack 5, Vite, Parcel), so a host builds the package with no configuration (issue 17), and
// every import of a computed URL carries the markers that keep them off it (issue 31).
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { ensureAssets } from '../assets.mjs';
import { writeTypes } from './types.mjs';
import { MAIN_ENTRIES } from './entries.mjs';
import { writeNotices } from './notices.mjs';
import { checkForHostBundlers, noFreeBuffer } from './host-bundlers.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = path.join(ROOT, 'dist');
export const WORKER_ENTRY = path.join(ROOT, 'worker', 'index.ts');
const ENGINE_ENTRY = path.join(ROOT, 'worker', 'api.ts');
const GENERATED_ASSETS = path.join(ROOT, 'worker', 'assets', 'files');

/**
 * Bare imports the main-thread entry leaves to the host (peer and plain dependencies). CodeMirror
 * (the code editors) is imported only by a lazily loaded module (src/material-editor/code/cm/), so a
 * host's bundler puts it in a chunk of its own, fetched when a code field first shows.
 */
const HOST_PACKAGES = /^(react|react-dom|antd|comlink|@codemirror\/[a-z-]+|@lezer\/common)(\/|$)/;
/**
 * Bare imports bundled into dist/vendor/ instead, the modules the package uses and no more (one
 * file per module, like ours). zod: its index re-exports every module it has, the error messages
 * of some 50 languages and the JSON Schema converters among them (about 40 kB gzip), which a host
 * bundler that does not tree-shake keeps: Parcel without scope hoisting, which a worker needs there
 * (README, Each host build), put 221 kB of main-thread script before a viewer's first frame. Types
 * still come from the zod dependency (dist/types imports it).
 */
const BUNDLED_PACKAGES = /^zod(\/|$)/;
/** Stands for a file of dist/ until the chunk it ends up in is known (renderChunk makes it relative). */
const MARK = '__dash3d_package_file__/';
/** `new URL('<relative path>', import.meta.url)` as the source writes it. */
const NEW_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/** The name a source file gets under dist/assets/: its path under worker/assets/files/, else its own name. */
function assetName(/** @type {string} */ abs) {
  const rel = path.relative(GENERATED_ASSETS, abs);
  return rel.startsWith('..') || path.isAbsolute(rel) ? path.basename(abs) : rel.split(path.sep).join('/');
}

/**
 * The package's files in the code: the worker's URL becomes ./render-worker.js, each asset
 * ./assets/<name> (relative to the chunk it lands in), the fallback engine's import ./engine.js.
 * Everything else in the source stays as written.
 * @param {Map<string, string>} assets filled: name under assets/ -> source file
 * @returns {import('rolldown').Plugin}
 */
function packageFiles(assets) {
  return {
    name: 'dash3d:package-files',
    resolveId(source, importer) {
      // The main thread's lazy engine: a file of the package, not code to bundle into index.js.
      if (
        importer?.startsWith(path.join(ROOT, 'src') + path.sep) &&
        path.resolve(path.dirname(importer), source) === ENGINE_ENTRY.slice(0, -3)
      ) {
        return { id: `${MARK}engine.js`, external: true };
      }
      return null;
    },
    transform(code, id) {
      if (!code.includes('import.meta.url')) return null;
      const ours = !id.includes(`${path.sep}node_modules${path.sep}`);
      const out = code.replace(NEW_URL, (_all, _quote, rel) => {
        // three's DRACOLoader and KTX2Loader name their own copies of the decoders as defaults;
        // the engine always gives its own (worker/engine/assets.ts), so those are never fetched.
        // Left as they are, a host's bundler would look for them next to our chunks and fail.
        if (!ours) return `new URL(${JSON.stringify(`data:,not-shipped:${rel}`)})`;
        const abs = path.resolve(path.dirname(id), rel);
        if (abs === WORKER_ENTRY) return `new URL(${JSON.stringify(`${MARK}render-worker.js`)}, import.meta.url)`;
        const name = assetName(abs);
        const known = assets.get(name);
        if (known && known !== abs) throw new Error(`two package files would be dist/assets/${name}: ${known} and ${abs}`);
        assets.set(name, abs);
        return `new URL(${JSON.stringify(`${MARK}assets/${name}`)}, import.meta.url)`;
      });
      // Any other use of import.meta.url would mean something else in a host's bundle (webpack
      // replaces a bare one with the source file's file: URL). Comments do not count.
      const rest = out
        .replace(/new URL\("__dash3d_package_file__\/[^"]+", import\.meta\.url\)/g, '')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/[^\n]*/g, '');
      if (rest.includes('import.meta.url'))
        throw new Error(`${path.relative(ROOT, id)}: import.meta.url outside new URL('<relative path>', import.meta.url)`);
      return { code: out, map: null };
    },
    renderChunk(code, chunk) {
      const dir = path.posix.dirname(chunk.fileName);
      const fixed = code.replace(/(["'`])__dash3d_package_file__\/([^"'`]+)\1/g, (_all, _q, target) => {
        const rel = path.posix.relative(dir, target);
        return JSON.stringify(rel.startsWith('.') ? rel : `./${rel}`);
      });
      return { code: fixed, map: null };
    },
  };
}

/** zod's schema classes (zod/v4/classic/schemas.js), as the main-thread entries bundle them. */
const ZOD_CLASSIC_SCHEMAS = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
/** Each schema class hands itself to its JSON Schema converter (one line per class). */
const ZOD_INSTANCE_CONVERTER =
  /^[ \t]*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+Processor\(inst, ctx, json, params\);\n/gm;
const ZOD_INSTANCE_METHODS = 'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
/** What a schema's own JSON Schema methods (`.toJSONSchema()`, `~standard.jsonSchema`) say instead. */
const NO_INSTANCE_JSON_SCHEMA =
  "dash3d's schemas have no JSON Schema method on the main thread: use toJsonSchema(entity) from 'dash3d', z.toJSONSchema(schema), or the package's schema/*.schema.json";

/**
 * zod's schema classes without their JSON Schema converters (issue 31). zod 4 gives every schema
 * class a pointer to its converter and every schema `.toJSONSchema()`, so any page that makes a
 * schema carries all the converters (about 5 kB gzip before a viewer's first frame), though only
 * `toJsonSchema` (shared/schema/json-schema.ts, through z.toJSONSchema) converts. Without the
 * pointers, z.toJSONSchema finds each converter by the schema's type, as it does for zod/mini's
 * schemas, so `toJsonSchema` gives the same JSON Schema (tests/consumers/package.test.ts compares
 * it with schema/); the two methods on a schema throw, naming what to use. The render worker's
 * build keeps zod as it is.
 * @returns {import('rolldown').Plugin}
 */
function zodWithoutInstanceJsonSchema() {
  return {
    name: 'dash3d:zod-without-instance-json-schema',
    transform(code, id) {
      if (!ZOD_CLASSIC_SCHEMAS.test(id)) return null;
      const converters = code.match(ZOD_INSTANCE_CONVERTER)?.length ?? 0;
      let out = code.replace(ZOD_INSTANCE_CONVERTER, '');
      const methods = out.split(ZOD_INSTANCE_METHODS).length - 1;
      out = out.replace(
        ZOD_INSTANCE_METHODS,
        `const createStandardJSONSchemaMethod = () => () => { throw new Error(${JSON.stringify(NO_INSTANCE_JSON_SCHEMA)}); };\n` +
          'const createToJSONSchemaMethod = createStandardJSONSchemaMethod;',
      );
      // A zod that writes these otherwise fails the build here rather than ship the converters again.
      if (converters < 30 || methods !== 1 || /processJSONSchema|to-json-schema/.test(out))
        throw new Error(
          `${id}: zod's JSON Schema hooks are not where scripts/package/build.mjs expects them (${converters} converters, ${methods} method imports): update zodWithoutInstanceJsonSchema`,
        );
      return { code: out, map: null };
    },
  };
}

/** Fails the build on a bare import the main thread must not have (three above all). */
function onlyHostPackages() {
  /** @type {import('rolldown').Plugin} */
  const plugin = {
    name: 'dash3d:only-host-packages',
    resolveId(source, importer) {
      if (source.startsWith('.') || source.startsWith('/') || source.startsWith('\0') || source.startsWith(MARK)) return null;
      if (HOST_PACKAGES.test(source)) return { id: source, external: true };
      if (BUNDLED_PACKAGES.test(source)) return null;
      throw new Error(
        `the main-thread entry imports ${source} (from ${importer}): only ${HOST_PACKAGES} may stay imports, and ${BUNDLED_PACKAGES} be bundled`,
      );
    },
  };
  return plugin;
}

const shared = {
  platform: /** @type {const} */ ('browser'),
  // The test hooks that import computed URLs are dropped (src/build-flags.d.ts).
  transform: { define: { __DASH3D_TEST_HOOKS__: 'false' }, jsx: /** @type {const} */ ('react-jsx') },
  checks: { pluginTimings: false },
};

/**
 * The minifier writes strings as template literals; the package files' URLs go back to plain
 * quotes, the form every bundler's `new URL(..., import.meta.url)` detection knows best.
 * @param {string[]} files
 */
async function plainUrlStrings(files) {
  for (const file of files) {
    const code = await readFile(file, 'utf8');
    const fixed = code.replace(
      /new URL\(`(\.{1,2}\/[^`$]+)`,import\.meta\.url\)/g,
      (_all, rel) => `new URL(${JSON.stringify(rel)},import.meta.url)`,
    );
    if (fixed !== code) await writeFile(file, fixed);
  }
}

/**
 * The workers and the fallback engine into `dir`: everything bundled, three.js once (in a shared
 * chunk). The package minifies them with the test hooks off; the browser tests build the render
 * worker alone with them on (tests/browser/support/test-worker.ts), so that a space's start loads
 * one script instead of some 200 dev-server modules. `assets` is filled with the files they name.
 * @param {{ dir: string, assets: Map<string, string>, testHooks: boolean, input?: Record<string, string> }} o
 */
export async function buildEngine({ dir, assets, testHooks, input = { 'render-worker': WORKER_ENTRY, engine: ENGINE_ENTRY } }) {
  const engine = await rolldown({
    ...shared,
    input,
    transform: {
      ...shared.transform,
      define: { __DASH3D_TEST_HOOKS__: String(testHooks), 'process.env.NODE_ENV': testHooks ? '"development"' : '"production"' },
    },
    plugins: [packageFiles(assets), noFreeBuffer()],
  });
  const built = await engine.write({
    dir,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    minify: !testHooks,
    // Licence headers stay (three.js's among them); THIRD_PARTY_NOTICES.md has the full texts. So
    // do annotations: the markers that keep a host's bundler off a computed import
    // (shared/import-url.ts; host-bundlers.mjs below) survive the minifier only as those; the pure marks
    // they bring along help the host's minifier (1.4 kB gzip over the worker's files).
    comments: { legal: true, annotation: true, jsdoc: false },
  });
  await engine.close();
  return built;
}

/** Copies the files `assets` names (buildEngine, packageFiles) under `dir`/assets/. @param {string} dir @param {Map<string, string>} assets */
export async function copyAssets(dir, assets) {
  for (const [name, from] of assets) {
    const to = path.join(dir, 'assets', ...name.split('/'));
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(from, to);
  }
}

/** @param {(line: string) => void} say */
export async function buildPackage(say = console.log) {
  const started = performance.now();
  await ensureAssets();
  await rm(DIST, { recursive: true, force: true });
  /** @type {Map<string, string>} */
  const assets = new Map();

  const built = await buildEngine({ dir: DIST, assets, testHooks: false });

  // The main-thread entries (entries.mjs): dash3d, and its subpaths space, editor, material-editor.
  const main = await rolldown({
    ...shared,
    input: Object.fromEntries(Object.entries(MAIN_ENTRIES).map(([name, source]) => [name, path.join(ROOT, source)])),
    plugins: [onlyHostPackages(), zodWithoutInstanceJsonSchema(), packageFiles(assets)],
  });
  // One file per source module (dist/src/..., dist/shared/...), as they are in the source: a host's
  // bundler then drops whole modules a page does not use (a dashboard viewer leaves out the settings
  // panels, the material editor and antd), which one big file with top-level schema calls defeats.
  const { output } = await main.write({
    dir: DIST,
    format: 'esm',
    preserveModules: true,
    preserveModulesRoot: ROOT,
    // A bundled package's modules go under vendor/ (npm pack leaves out any folder named node_modules).
    entryFileNames: (chunk) => `${chunk.name.replace(/^(.*\/)?node_modules\//, 'vendor/')}.js`,
  });
  await main.close();
  const mainChunks = output.filter((o) => o.type === 'chunk');

  await plainUrlStrings(built.output.filter((o) => o.type === 'chunk').map((o) => path.join(DIST, o.fileName)));
  await checkForHostBundlers(
    DIST,
    [...built.output, ...output].flatMap((o) => (o.type === 'chunk' ? [o.fileName] : [])),
  );
  await copyAssets(DIST, assets);
  await writeTypes(path.join(DIST, 'types'));
  const bundled = [...built.output, ...output].flatMap((o) => (o.type === 'chunk' ? o.moduleIds : []));
  await writeNotices(DIST, bundled);
  say(
    `  package built into dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s: main-thread entries ${Object.keys(MAIN_ENTRIES)
      .map((e) => `${e}.js`)
      .join(
        ', ',
      )} and the ${mainChunks.length - Object.keys(MAIN_ENTRIES).length} modules under src/ and shared/ they import; ${assets.size} assets`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildPackage();
