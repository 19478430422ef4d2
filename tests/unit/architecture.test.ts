import { describe, expect, it } from 'vitest';
import { posix } from 'node:path';
import { files, importSpecifiers, source } from './import-graph';

const staticImports = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm)].flatMap((m) => m[1] ?? []);

describe('thread boundaries', () => {
  it('the main thread (src, playground) never statically imports three.js or worker code', () => {
    const offenders = [...files('src'), ...files('playground')].filter((f) =>
      staticImports(source(f)).some((spec) => /^three(\/|$)/.test(spec) || /\/worker\//.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  it('shared/ is thread-neutral: no three.js, no React, no DOM-only modules', () => {
    const offenders = files('shared').filter((f) =>
      staticImports(source(f)).some((spec) => /^(three|react|react-dom|antd)(\/|$)/.test(spec)),
    );
    expect(offenders).toEqual([]);
  });

  it('the fallback engine (worker/api.ts, which brings the engine) is loaded lazily, from one place only', () => {
    // Run-time imports of worker code; `typeof import(...)` is a type and loads nothing.
    const lazy = [...files('src'), ...files('playground')].filter((f) => /(?<!typeof\s+)import\(\s*['"][^'"]*\/worker\//.test(source(f)));
    // src/bridge/chunks.ts: where every lazily loaded part of the main thread fails as spec §8 says.
    expect(lazy).toEqual(['src/bridge/chunks.ts']);
    expect(source('src/bridge/chunks.ts')).toMatch(/(?<!typeof\s+)import\(\s*'\.\.\/\.\.\/worker\/api'\s*\)/);
  });
});

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
  const playground = files('playground');

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
  const scripts = files('scripts', /\.(mjs|js|ts)$/);

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
