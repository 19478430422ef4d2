import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { MARKERS, hostBundlerProblems } from '../../../scripts/package/host-bundlers.mjs';
import { importUrl } from '../../../shared/import-url';

/*
 * The package build's check for what a host's bundler would trip on in dist/
 * (scripts/package/host-bundlers.mjs), and the sources written to pass it.
 */

const source = (rel: string) => readFile(new URL(`../../../${rel}`, import.meta.url), 'utf8');

describe('hostBundlerProblems: computed imports', () => {
  it('passes imports of a written path, which a bundler follows', () => {
    expect(hostBundlerProblems('import(`./gltf-a1.js`);import("./b.js");import(\'../c.js\')')).toEqual([]);
  });

  it("passes a computed import with every marker, in the minifier's layout and in the source's", () => {
    expect(hostBundlerProblems('return import(\n/* @vite-ignore */\n/* webpackIgnore: true */\n/* turbopackIgnore: true */\ne)')).toEqual(
      [],
    );
    expect(hostBundlerProblems(`import(${MARKERS.map((m) => `/* ${m} */`).join(' ')} url)`)).toEqual([]);
  });

  it('names a computed import without the markers, or with only some', () => {
    expect(hostBundlerProblems('let a=1;return import(e)}')).toEqual([
      'a computed import without the markers @vite-ignore, webpackIgnore: true, turbopackIgnore: true (shared/import-url.ts): import(e)}',
    ]);
    expect(hostBundlerProblems('import(/* @vite-ignore */ url)')).toHaveLength(1);
  });

  it('leaves alone what is not a dynamic import: import.meta, a method named import, a type', () => {
    expect(hostBundlerProblems("new URL('./x', import.meta.url); loader.import(y); type T = typeof import('./z');")).toEqual([]);
  });
});

describe('hostBundlerProblems: what Parcel refuses or polyfills', () => {
  it('names a bare importScripts call, and passes one through self', () => {
    expect(hostBundlerProblems('function m(e){importScripts(`http://[`)}')).toHaveLength(1);
    expect(hostBundlerProblems('function m(e=(...t)=>self.importScripts(...t)){e(`http://[`)}')).toEqual([]);
  });

  it('names Buffer as a free variable, and passes globalThis.Buffer and ArrayBuffer', () => {
    expect(hostBundlerProblems('WebAssembly.instantiate(Buffer.from(He,`base64`))')).toHaveLength(1);
    expect(hostBundlerProblems('globalThis.Buffer.from(He);new ArrayBuffer(8);SharedArrayBuffer.prototype')).toEqual([]);
  });
});

describe('the sources the check stands for', () => {
  it('importUrl is written with every marker', async () => {
    const code = await source('shared/import-url.ts');
    expect(hostBundlerProblems(code)).toEqual([]);
    expect(code).toContain(MARKERS.map((m) => `/* ${m} */`).join(' '));
  });

  it('importUrl imports the module at a URL (here a data: URL, as Node allows)', async () => {
    const mod = await importUrl<{ answer: number }>('data:text/javascript,export const answer = 42;');
    expect(mod.answer).toBe(42);
  });

  it("the parse workers' script-type test reaches importScripts through self", async () => {
    // Its comments name the call they avoid; the build checks code, from which the minifier drops them.
    const code = (await source('worker/models/load/parse/workers.ts')).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(hostBundlerProblems(code)).toEqual([]);
    expect(code).toContain('self.importScripts(');
  });
});
