import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

function files(dir: string, ext = /\.(ts|tsx)$/): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = join(dir, name);
    return statSync(join(root, rel)).isDirectory() ? files(rel, ext) : ext.test(name) ? [rel] : [];
  });
}

const staticImports = (source: string) =>
  [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm)].flatMap((m) => m[1] ?? []);

describe('thread boundaries', () => {
  it('the main thread (src, playground) never statically imports three.js or worker code', () => {
    const offenders = [...files('src'), ...files('playground')].filter((f) =>
      staticImports(readFileSync(join(root, f), 'utf8')).some((spec) => /^three(\/|$)/.test(spec) || /\/worker\//.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  it('shared/ is thread-neutral: no three.js, no React, no DOM-only modules', () => {
    const offenders = files('shared').filter((f) =>
      staticImports(readFileSync(join(root, f), 'utf8')).some((spec) => /^(three|react|react-dom|antd)(\/|$)/.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  it('the fallback engine (worker/api.ts, which brings the engine) is loaded lazily, from one place only', () => {
    // Run-time imports of worker code; `typeof import(...)` is a type and loads nothing.
    const lazy = [...files('src'), ...files('playground')].filter((f) =>
      /(?<!typeof\s+)import\(\s*['"][^'"]*\/worker\//.test(readFileSync(join(root, f), 'utf8')),
    );
    // src/bridge/chunks.ts: where every lazily loaded part of the main thread fails as spec §8 says.
    expect(lazy).toEqual(['src/bridge/chunks.ts']);
    expect(readFileSync(join(root, 'src/bridge/chunks.ts'), 'utf8')).toMatch(/(?<!typeof\s+)import\(\s*'\.\.\/\.\.\/worker\/api'\s*\)/);
  });
});

/** Every import of a file: static, re-export, side-effect, dynamic and type-only alike. */
const importSpecifiers = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
const relativeImports = (source: string) => importSpecifiers(source).filter((spec) => /^\.{1,2}\//.test(spec));

/**
 * A playground file's imports that a host outside this repository could not write: a path leaving
 * playground/ (relative, or root-relative as Vite reads '/src/...') or a deep path into the package
 * ('dash3d/...'). Other packages (react, antd) are the host's own dependencies.
 */
function hostViolations(file: string, source: string): string[] {
  const leaves = (spec: string) => {
    if (/^dash3d\//.test(spec)) return true;
    if (!/^[./]/.test(spec)) return false;
    const target = spec.startsWith('/') ? spec.slice(1) : posix.join(posix.dirname(file), spec);
    return !posix.normalize(target).startsWith('playground/');
  };
  return importSpecifiers(source)
    .filter(leaves)
    .map((spec) => `${file}: ${spec}`);
}

describe('the playground is a host like any other (ARCHITECTURE.md example 16)', () => {
  const playground = files('playground').map((f) => f.split('\\').join('/'));
  const source = (f: string) => readFileSync(join(root, f), 'utf8');

  it("imports the plug-in only through its public entry, the bare name 'dash3d'", () => {
    expect(playground.flatMap((f) => hostViolations(f, source(f)))).toEqual([]);
    // The check reads the imports it judges: most of the playground's files use the plug-in.
    expect(playground.filter((f) => importSpecifiers(source(f)).includes('dash3d')).length).toBeGreaterThan(15);
  });

  it('the check catches a path out of playground/ and a deep path into the package', () => {
    const file = [
      "import type { Widget } from '../../shared/schema/dashboard';",
      "import { createThreeDPlugin } from 'dash3d/src/plugin';",
      "const lazy = () => import('/src/index');",
      "import { findWidget } from '../store/tree';",
      "import { Button } from 'antd';",
      "import { t, type Locale } from 'dash3d';",
    ].join('\n');
    expect(hostViolations('playground/editor/Canvas.tsx', file)).toEqual([
      'playground/editor/Canvas.tsx: ../../shared/schema/dashboard',
      'playground/editor/Canvas.tsx: dash3d/src/plugin',
      'playground/editor/Canvas.tsx: /src/index',
    ]);
  });
});

/**
 * A script's imports of the media service other than its public entry: a path into server/
 * (relative, root-relative or bare 'server/...') or a deep path 'dash3d/server/...'. The scripts
 * (npm start, npm run dev) use the service as a host's server would; scripts/package/ included, as
 * the package build only copies server/ and imports none of it.
 */
function serverEntryViolations(file: string, source: string): string[] {
  const intoServer = (spec: string) => {
    if (/^dash3d\/server\//.test(spec)) return true;
    const target = /^\.{1,2}\//.test(spec) ? posix.join(posix.dirname(file), spec) : spec.replace(/^\//, '');
    return /^server(\/|$)/.test(posix.normalize(target));
  };
  return importSpecifiers(source)
    .filter(intoServer)
    .map((spec) => `${file}: ${spec}`);
}

describe("the repository's scripts use the media service through 'dash3d/server' (issue 17, point 6)", () => {
  const scripts = files('scripts', /\.(mjs|js|ts)$/).map((f) => f.split('\\').join('/'));
  const source = (f: string) => readFileSync(join(root, f), 'utf8');

  it('no script imports a file of server/', () => {
    expect(scripts.flatMap((f) => serverEntryViolations(f, source(f)))).toEqual([]);
    // The check reads the imports it judges: npm start, npm run dev and what they share use the entry.
    expect(scripts.filter((f) => importSpecifiers(source(f)).includes('dash3d/server')).sort()).toEqual([
      'scripts/build-once.mjs',
      'scripts/dev.mjs',
      'scripts/launch.mjs',
      'scripts/start.mjs',
    ]);
  });

  it('the check catches relative, bare and deep paths into server/, JSDoc types included', () => {
    const file = [
      "import { startMediaServer } from '../server/index.mjs';",
      "/** @param {import('../server/sessions.mjs').Sessions} s */",
      "const lazy = () => import('server/app.mjs');",
      "import { signInLink } from 'dash3d/server/index.mjs';",
      "import { INDEX_PAGE } from 'dash3d/server';",
      "import { PROJECT_ROOT } from './project-root.mjs';",
      "import { ensureAssets } from '../assets.mjs';",
    ].join('\n');
    expect(serverEntryViolations('scripts/start.mjs', file)).toEqual([
      'scripts/start.mjs: ../server/index.mjs',
      'scripts/start.mjs: ../server/sessions.mjs',
      'scripts/start.mjs: server/app.mjs',
      'scripts/start.mjs: dash3d/server/index.mjs',
    ]);
    // Relative to the file that imports: one folder deeper, one more step up.
    expect(serverEntryViolations('scripts/package/build.mjs', "import { seed } from '../../server/seed.mjs';")).toEqual([
      'scripts/package/build.mjs: ../../server/seed.mjs',
    ]);
    expect(serverEntryViolations('scripts/package/build.mjs', "import { ensureAssets } from '../assets.mjs';")).toEqual([]);
  });
});

/** Who imports whom among the worker's and shared/'s modules (repository paths, e.g. worker/models/node.ts). */
function importGraph(): Map<string, string[]> {
  const all = [...files('worker'), ...files('shared')].map((f) => f.split('\\').join('/'));
  const known = new Set(all);
  const resolve = (from: string, spec: string) => {
    const base = posix.normalize(posix.join(posix.dirname(from), spec));
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((c) => known.has(c)) ?? `${base} (not found)`;
  };
  return new Map(all.map((f) => [f, relativeImports(readFileSync(join(root, f), 'utf8')).map((s) => resolve(f, s))]));
}

/**
 * worker/models as the data flows (ARCHITECTURE.md example 14): a load pipeline (fetch -> parse
 * worker -> a parser per format -> pack -> unpack -> upload) in one room, what acts on a loaded
 * model in another, the model widget on top joining them, and a floor of shared types both stand
 * on. Each layer lists the layers of worker/models it may import; anything else is an arrow running
 * back up (or across). First match wins.
 */
const MODEL_LAYERS: { name: string; files: RegExp; may: string[] }[] = [
  {
    name: 'model widget',
    files: /^worker\/models\/(node|registry)\.ts$/,
    may: ['model widget', 'features', 'load', 'load steps', 'floor'],
  },
  { name: 'features', files: /^worker\/models\/features\//, may: ['features', 'floor'] },
  { name: 'load', files: /^worker\/models\/load\/index\.ts$/, may: ['parse worker', 'transfer', 'load steps', 'floor'] },
  { name: 'parse worker', files: /^worker\/models\/load\/parse\//, may: ['parse worker', 'formats', 'transfer', 'load steps', 'floor'] },
  { name: 'formats', files: /^worker\/models\/load\/formats\//, may: ['formats', 'load steps', 'floor'] },
  // The packed form knows no format, no parser and no fetch: only the model it carries.
  { name: 'transfer', files: /^worker\/models\/load\/transfer\//, may: ['transfer', 'floor'] },
  { name: 'load steps', files: /^worker\/models\/load\/[^/]+$/, may: ['load steps', 'floor'] },
  // types.ts, dispose.ts, raycast.ts: what both rooms share. A new file here is floor too.
  { name: 'floor', files: /^worker\/models\/[^/]+$/, may: ['floor'] },
];
const layerOf = (f: string) => MODEL_LAYERS.find((l) => l.files.test(f));

/** Folders outside worker/models with what they must never import. */
const FORBIDDEN: { from: RegExp; to: RegExp; why: string }[] = [
  { from: /^worker\/materials\//, to: /^worker\/models\//, why: 'a material is built from its entity, not from a model' },
  { from: /^worker\/features\//, to: /^worker\/(models|materials)\//, why: "the scene's features know no model" },
  {
    from: /^worker\/models\//,
    to: /^worker\/features\//,
    why: "a model does not reach into the scene's features (shared helpers live in worker/util)",
  },
  { from: /^worker\/util\//, to: /^worker\/(?!util\/|engine\/urls\.ts$)/, why: 'utilities import only each other and engine/urls' },
];

/** The import arrows that break the layering, as "from -> to (why)". */
function layeringViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const a = from.startsWith('worker/models/') ? layerOf(from) : undefined;
      const b = to.startsWith('worker/models/') ? layerOf(to) : undefined;
      if (a && b && !a.may.includes(b.name)) out.push(`${from} -> ${to} (${a.name} may not import ${b.name})`);
      for (const rule of FORBIDDEN) if (rule.from.test(from) && rule.to.test(to)) out.push(`${from} -> ${to} (${rule.why})`);
    }
  }
  return out;
}

/** Groups of modules that import each other, directly or round a loop (Tarjan's strongly connected components). */
function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) cycles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('worker layering: no import runs back up (ARCHITECTURE.md example 14)', () => {
  const graph = importGraph();

  it('sees the imports it judges (the graph is read, not empty)', () => {
    expect(graph.get('worker/models/node.ts')).toEqual(
      expect.arrayContaining(['worker/models/load/index.ts', 'worker/models/features/index.ts', 'worker/models/types.ts']),
    );
    // Dynamic imports count: the load pipeline's lazily loaded parts.
    expect(graph.get('worker/models/load/index.ts')).toContain('worker/models/load/parse/client.ts');
    expect([...graph.values()].flat().filter((t) => t.endsWith('(not found)'))).toEqual([]);
  });

  it('every relative import in worker/models, worker/materials, worker/features and worker/util goes the allowed way', () => {
    expect(layeringViolations(graph)).toEqual([]);
  });

  it('the worker has no import cycles', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('the checks catch an arrow back up and a cycle', () => {
    const bad = new Map([
      ['worker/models/load/transfer/pack.ts', ['worker/models/load/formats/gltf.ts']],
      ['worker/models/load/fetch.ts', ['worker/models/features/parts.ts']],
      ['worker/models/features/picking.ts', ['worker/models/node.ts']],
      ['worker/models/types.ts', ['worker/models/load/job.ts']],
      ['worker/materials/build.ts', ['worker/models/types.ts']],
      ['worker/util/colour.ts', ['worker/features/fog.ts']],
      ['worker/models/node.ts', ['worker/models/features/picking.ts']],
    ]);
    expect(layeringViolations(bad)).toHaveLength(6);
    expect(importCycles(bad)).toEqual([['worker/models/features/picking.ts', 'worker/models/node.ts']]);
  });
});
