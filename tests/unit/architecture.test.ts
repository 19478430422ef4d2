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

  it('the fallback engine is loaded lazily, from one place only', () => {
    const lazy = files('src').filter((f) => /import\(\s*['"][^'"]*worker\/engine/.test(readFileSync(join(root, f), 'utf8')));
    // src/bridge/chunks.ts: where every lazily loaded part of the main thread fails as spec §8 says.
    expect(lazy).toEqual(['src/bridge/chunks.ts']);
  });
});
