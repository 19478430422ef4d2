import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isCutImage, mayStartDecoderWorkers } from '../../../../worker/models/load/formats/gltf-check';

const fixture = (...path: string[]) => readFileSync(join(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', ...path));
const JPEG = new Uint8Array(fixture('gltf', 'DamagedHelmet', 'Default_emissive.jpg'));
const buffer = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** A PNG's bytes: the signature and chunks (CRCs left zero: not checked). */
function png(...chunks: [string, number][]): Uint8Array {
  const parts: number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const [type, length] of chunks) {
    parts.push((length >>> 24) & 255, (length >>> 16) & 255, (length >>> 8) & 255, length & 255);
    parts.push(...[...type].map((c) => c.charCodeAt(0)), ...new Array<number>(length + 4).fill(7));
  }
  return new Uint8Array(parts);
}

// Firefox decodes the part of a cut image there is, without an error: the check is on the bytes.
describe('isCutImage (a data: image of a .gltf cut short)', () => {
  it('a whole PNG and JPEG are not cut; the same cut in half are', () => {
    const whole = png(['IHDR', 13], ['IDAT', 300], ['IEND', 0]);
    expect(isCutImage(whole)).toBe(false);
    expect(isCutImage(whole.subarray(0, whole.length >> 1))).toBe(true);
    expect(isCutImage(whole.subarray(0, whole.length - 2))).toBe(true);
    expect(isCutImage(png(['IHDR', 13], ['IDAT', 300]))).toBe(true);
    expect(isCutImage(JPEG)).toBe(false);
    expect(isCutImage(JPEG.subarray(0, JPEG.length >> 1))).toBe(true);
  });

  it('other types are not judged', () => {
    expect(isCutImage(new TextEncoder().encode('GIF89a'))).toBe(false);
    expect(isCutImage(new Uint8Array())).toBe(false);
  });
});

// Decides whether the parse client sends a copy of the file (its parse worker may stall starting a decoder).
describe('mayStartDecoderWorkers (a glTF whose parse starts Draco or KTX2 workers)', () => {
  it("the team's Draco and KTX2 models do; a plain .gltf and the meshopt-only parts do not count", () => {
    expect(mayStartDecoderWorkers(buffer(fixture('gltf', 'gears.glb')))).toBe(true);
    expect(mayStartDecoderWorkers(buffer(fixture('gltf', 'facecap.glb')))).toBe(true);
    expect(mayStartDecoderWorkers(buffer(fixture('gltf', 'DamagedHelmet', 'DamagedHelmet.gltf')))).toBe(false);
  });

  it('a .gltf is read whole (a texture may use KTX2 without extensionsUsed saying so)', () => {
    const gltf = { asset: { version: '2.0' }, textures: [{ extensions: { KHR_texture_basisu: { source: 0 } } }] };
    expect(mayStartDecoderWorkers(buffer(new TextEncoder().encode(JSON.stringify(gltf))))).toBe(true);
  });

  it('a .glb whose header is damaged counts as yes (a copy costs memory; a lost file costs the model)', () => {
    const b = new Uint8Array(buffer(fixture('gltf', 'gears.glb')).slice(0, 40));
    b[16] = 0; // not the JSON chunk's type
    expect(mayStartDecoderWorkers(buffer(b))).toBe(true);
  });
});
