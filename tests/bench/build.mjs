import { build, preview, runnerImport } from 'vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { serveFixtures } from './fixtures.mjs';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const OUT_DIR = 'dist-bench';
export const PAGE = 'tests/bench/page/index.html';
/** The model-load page (models.mjs), built in the same run and served next to PAGE. */
export const MODELS_PAGE = 'tests/bench/page/models.html';
/** The many-spaces page (spaces.mjs), likewise. */
export const SPACES_PAGE = 'tests/bench/page/spaces.html';
/** The component-group page (groups.mjs), likewise. */
export const GROUPS_PAGE = 'tests/bench/page/groups.html';
/** The data-cards page (cards.mjs), likewise. */
export const CARDS_PAGE = 'tests/bench/page/cards.html';
/** The material-editor page (materials.mjs), likewise. */
export const MATERIALS_PAGE = 'tests/bench/page/materials.html';
/** The rules page (rules.mjs), likewise. */
export const RULES_PAGE = 'tests/bench/page/rules.html';

/** A string every copy of three.js carries, minified or not (its renderer's own log prefix). */
const THREE_MARKER = /THREE\.WebGLRenderer/;

/**
 * Build the benchmark page for production with the project's own Vite setup (the same plugins and
 * worker bundling as the app), and report where three.js ended up.
 */
export async function buildBench() {
  // vite.config.ts is TypeScript: let Vite's module runner import it rather than Node.
  const { module } = await runnerImport(join(projectRoot, 'vite.config.ts'));
  // runnerImport resolves a dev config and leaves NODE_ENV=development behind: React would then be
  // bundled as its development build, and the benchmark would measure that.
  process.env.NODE_ENV = 'production';
  const result = await build({
    ...module.baseConfig(),
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    build: {
      outDir: OUT_DIR,
      emptyOutDir: true,
      // BENCH_NO_MINIFY=1: readable function names in a CPU profile of a bench page (docs/cards-profile.md).
      minify: process.env.BENCH_NO_MINIFY ? false : undefined,
      chunkSizeWarningLimit: 1200,
      // The build's own timing report is noise next to the benchmark's progress lines.
      rolldownOptions: {
        input: [
          join(projectRoot, PAGE),
          join(projectRoot, MODELS_PAGE),
          join(projectRoot, SPACES_PAGE),
          join(projectRoot, GROUPS_PAGE),
          join(projectRoot, CARDS_PAGE),
          join(projectRoot, MATERIALS_PAGE),
          join(projectRoot, RULES_PAGE),
        ],
        checks: { bundlerTimings: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  return { chunks: placeThree(outputs) };
}

/**
 * Classify every built script: the entry and what it imports statically load with the page; a
 * dynamic chunk loads only when asked (the main-thread fallback); a .js asset is a worker bundle.
 */
function placeThree(outputs) {
  const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  // The scene page's entry: the model page is built alongside and shares its chunks.
  const entries = [...chunks.values()].filter((c) => c.isEntry);
  const entry = entries.find((c) => c.facadeModuleId?.endsWith(PAGE)) ?? entries[0];
  if (!entry) throw new Error('the benchmark build has no entry chunk');
  const atStart = new Set();
  const visit = (name) => {
    if (atStart.has(name)) return;
    atStart.add(name);
    for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
  };
  visit(entry.fileName);

  const files = [];
  for (const c of chunks.values()) {
    files.push({
      file: c.fileName,
      kind:
        c.fileName === entry.fileName
          ? 'entry'
          : c.isEntry
            ? 'entry of another benchmark page'
            : atStart.has(c.fileName)
              ? 'loaded with the entry'
              : 'lazy (dynamic import)',
      bytes: Buffer.byteLength(c.code),
      three: THREE_MARKER.test(c.code),
    });
  }
  for (const a of outputs.filter((o) => o.type === 'asset' && o.fileName.endsWith('.js'))) {
    const code = typeof a.source === 'string' ? a.source : Buffer.from(a.source).toString('utf8');
    files.push({ file: a.fileName, kind: 'worker', bytes: Buffer.byteLength(code), three: THREE_MARKER.test(code) });
  }
  const startHasThree = files.some((f) => f.three && (f.kind === 'entry' || f.kind === 'loaded with the entry'));
  const workerHasThree = files.some((f) => f.three && f.kind === 'worker');
  return { files, startHasThree, workerHasThree };
}

/** Serve the built pages, and the fixtures at /fixtures/, on a free loopback port. */
export async function serveBench() {
  const server = await preview({
    root: projectRoot,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: OUT_DIR },
    plugins: [serveFixtures()],
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('the preview server has no port');
  const built = join(projectRoot, OUT_DIR, PAGE);
  readFileSync(built); // fails loudly if the page was not where the build should have put it
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    url: `${origin}/${PAGE}`,
    modelsUrl: `${origin}/${MODELS_PAGE}`,
    spacesUrl: `${origin}/${SPACES_PAGE}`,
    groupsUrl: `${origin}/${GROUPS_PAGE}`,
    cardsUrl: `${origin}/${CARDS_PAGE}`,
    materialsUrl: `${origin}/${MATERIALS_PAGE}`,
    rulesUrl: `${origin}/${RULES_PAGE}`,
    close: () => server.close(),
  };
}
