import { describe, expect, it } from 'vitest';
import { MARKERS, unmarkedImports } from '../../../scripts/package/native-imports.mjs';
import { importUrl } from '../../../shared/import-url';

/*
 * The build's check that a computed import keeps the markers host bundlers honour
 * (scripts/package/native-imports.mjs), and the one source of such imports that writes them.
 */

describe('unmarkedImports', () => {
  it('passes imports of a written path, which a bundler follows', () => {
    expect(unmarkedImports('import(`./gltf-a1.js`);import("./b.js");import(\'../c.js\')')).toEqual([]);
  });

  it("passes a computed import with every marker, in the minifier's layout and in the source's", () => {
    expect(unmarkedImports('return import(\n/* @vite-ignore */\n/* webpackIgnore: true */\n/* turbopackIgnore: true */\ne)')).toEqual([]);
    expect(unmarkedImports(`import(${MARKERS.map((m) => `/* ${m} */`).join(' ')} url)`)).toEqual([]);
  });

  it('names a computed import without the markers, or with only some', () => {
    expect(unmarkedImports('let a=1;return import(e)}')).toEqual(['import(e)}']);
    expect(unmarkedImports('import(/* @vite-ignore */ url)')).toHaveLength(1);
  });

  it('leaves alone what is not a dynamic import: import.meta, a method named import, a type', () => {
    expect(unmarkedImports("new URL('./x', import.meta.url); loader.import(y); type T = typeof import('./z');")).toEqual([]);
  });
});

describe('importUrl', () => {
  it('is written with every marker, so that the build check holds on its own source', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('../../../shared/import-url.ts', import.meta.url), 'utf8');
    expect(unmarkedImports(source)).toEqual([]);
    expect(source).toContain(MARKERS.map((m) => `/* ${m} */`).join(' '));
  });

  it('imports the module at a URL (here a data: URL, as Node allows)', async () => {
    const mod = await importUrl<{ answer: number }>('data:text/javascript,export const answer = 42;');
    expect(mod.answer).toBe(42);
  });
});
