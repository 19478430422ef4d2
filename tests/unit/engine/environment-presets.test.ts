import { describe, expect, it } from 'vitest';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';
import { ENVIRONMENT_TYPES } from '../../../shared/schema/scene';
import { ENVIRONMENT_PRESETS } from '../../../worker/features/environment-presets';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Every one of the 18 presets (spec §3 environmentConfig.type) is shipped and decodes, through the
 * engine's own decoding, into an HDR image with light in it; no two are the same picture. The
 * browser test (tests/browser/environment.test.tsx) lights a sphere with a representative few of
 * them: the prefiltering and lighting code is one path for all, the data is what differs.
 */
describe('environment preset data', () => {
  const seen = new Map<string, string>();

  it.each(ENVIRONMENT_TYPES.map((t) => [t]))('%s decodes into a lit HDR image', async (type) => {
    const file = ENVIRONMENT_PRESETS[type];
    // The file the engine fetches, where the build's `new URL` puts it (worker/assets/files/ here).
    expect(file.built.protocol).toBe('file:');
    expect(file.name).toBe(`environments/${type}.exr`);
    const bytes = await readFile(fileURLToPath(file.built));
    const parsed = new EXRLoader().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const width = parsed.width ?? 0;
    const height = parsed.height ?? 0;
    expect(width).toBeGreaterThan(16);
    expect(height).toBeGreaterThan(8);
    const data = parsed.data as ArrayLike<number>;
    expect(data.length).toBe(width * height * 4);
    // Half floats come as 16-bit words; either way, some texels carry light.
    let lit = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 0 || data[i + 1]! > 0 || data[i + 2]! > 0) lit++;
    expect(lit).toBeGreaterThan(width * height * 0.5);
    // A fingerprint of the picture: no preset is another one's copy.
    let h = 0;
    for (let i = 0; i < data.length; i += 97) h = (h * 31 + Math.round(Number(data[i]) * 1000)) | 0;
    const key = `${width}x${height}:${h}`;
    expect(seen.get(key), `${type} is the same image as ${seen.get(key)}`).toBeUndefined();
    seen.set(key, type);
  });
});
