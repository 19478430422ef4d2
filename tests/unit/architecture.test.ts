import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const rel = join(dir, name);
    return statSync(join(root, rel)).isDirectory() ? files(rel) : /\.(ts|tsx)$/.test(name) ? [rel] : [];
  });
}

const staticImports = (source: string) =>
  [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);

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
