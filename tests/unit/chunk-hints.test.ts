import { describe, expect, it } from 'vitest';
import { chunkHintKey, describeChunkHint } from '../../shared/chunk-hints';
import { describeChunkFailure } from '../../shared/chunks';

/*
 * A package file that was not served (a host bundler that does not emit the render worker or the
 * assets, esbuild for one): the spec's text stays as it is and names the file; the hint names the
 * fix, in both languages.
 */

const worker = { id: 'render-worker', type: 'missing' as const, url: 'http://host/chunks/render-worker.js' };

describe('chunkHintKey', () => {
  it('points a missing render worker (or parse worker) to createWorker and assetBase', () => {
    expect(chunkHintKey(worker)).toBe('chunk.hint.worker');
    expect(chunkHintKey({ ...worker, id: 'parse-worker' })).toBe('chunk.hint.worker');
  });

  it('points a missing decoder or environment preset to assetBase', () => {
    expect(chunkHintKey({ id: 'decoder-draco-wasm', type: 'missing', url: 'http://host/assets/draco/draco_decoder.wasm' })).toBe(
      'chunk.hint.assets',
    );
    expect(chunkHintKey({ id: 'environment-city', type: 'missing', url: 'http://host/city.exr' })).toBe('chunk.hint.assets');
  });

  it('gives none for a file that came too late, or a part that is not a package file served apart (a settings panel, a loader)', () => {
    expect(chunkHintKey({ ...worker, type: 'timeout' })).toBeNull();
    expect(chunkHintKey({ id: 'settings-space', type: 'missing', url: '/x.js' })).toBeNull();
    expect(chunkHintKey({ id: 'loader-gltf', type: 'missing', url: '/x.js' })).toBeNull();
  });

  it("gives none for a chunk a worker's served script asked for (a webpack-family build's worker): the worker was emitted", () => {
    expect(chunkHintKey({ ...worker, url: 'http://host/519.40cb888f.js', scriptServed: true })).toBeNull();
  });
});

describe('describeChunkHint', () => {
  it("names the host options, the copy command and the host guide's section, in English", () => {
    const hint = describeChunkHint(worker, 'en')!;
    for (const part of ['files.createWorker', 'files.assetBase', 'npx dash3d-assets', "Serving the package's files yourself"])
      expect(hint).toContain(part);
    expect(describeChunkHint({ ...worker, id: 'environment-sky' }, 'en')).not.toContain('createWorker');
  });

  it('and in Chinese, with the same option names and section title', () => {
    const hint = describeChunkHint(worker, 'zh_Hans')!;
    expect(hint).toMatch(/[\u4e00-\u9fff]/);
    for (const part of ['files.createWorker', 'files.assetBase', 'npx dash3d-assets', "Serving the package's files yourself"])
      expect(hint).toContain(part);
  });

  it('points to a host guide section and a command that exist', async () => {
    const { readFile } = await import('node:fs/promises');
    const guide = await readFile(new URL('../../docs/host-guide.md', import.meta.url), 'utf8');
    expect(guide).toContain("\n## Serving the package's files yourself\n");
    expect(guide).toContain('npx dash3d-assets');
    expect(describeChunkHint(worker, 'en')).toContain('docs/host-guide.md');
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin['dash3d-assets']).toBe('bin/dash3d-assets.mjs');
  });

  it("leaves the spec's text as it is", () => {
    expect(describeChunkFailure(worker, 'en')).toBe('Loading chunk render-worker failed (missing: http://host/chunks/render-worker.js)');
  });
});
