import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Color, PointsMaterial, SRGBColorSpace, type BufferAttribute } from 'three';
import { PCDLoader } from 'three/examples/jsm/loaders/PCDLoader.js';
import { parsePcd } from '../../../../worker/models/load/formats/pcd-parse';
import { parsePcdHeader } from '../../../../worker/models/load/formats/pcd-header';
import { lzfDecompress } from '../../../../worker/models/load/formats/lzf';
import { pointsOf } from '../../../../worker/models/load/formats/pcd';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'pcd');
const bytesOf = (name: string): ArrayBuffer => {
  const b = readFileSync(join(FIXTURES, name));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

/**
 * A second opinion on every file: three's own PCDLoader keeps NaN points, so the points it returns
 * minus those with a NaN coordinate is what ours must keep. Its position order is the file's.
 */
const references = new Map<string, ReturnType<typeof readReference>>();
const reference = (name: string) => references.get(name) ?? references.set(name, readReference(name)).get(name)!;
function readReference(name: string) {
  // It computes a bounding sphere over the NaN points and complains: expected here.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  const geometry = new PCDLoader().parse(bytesOf(name)).geometry;
  quiet.mockRestore();
  const pos = geometry.getAttribute('position') as BufferAttribute;
  const finite: number[] = [];
  for (let i = 0; i < pos.count; i++) if ([pos.getX(i), pos.getY(i), pos.getZ(i)].every(Number.isFinite)) finite.push(i);
  return { geometry, total: pos.count, finite };
}

const FILES = [
  // name, DATA kind, points in the file (README / header)
  ['simple.pcd', 'ascii', 213],
  ['bunny.pcd', 'ascii', 397],
  ['colored_cloud.pcd', 'binary', 1000],
  ['pcl_logo.pcd', 'binary_compressed', 12909],
  ['milk_color.pcd', 'binary_compressed', 13704],
  ['cturtle.pcd', 'binary_compressed', 167198],
  ['table_scene_mug_stereo_textured.pcd', 'binary_compressed', 640 * 480],
] as const;

describe('PCD parser', () => {
  it.each(FILES)('%s (%s) keeps every point with finite coordinates, in file order', (name, kind, points) => {
    const cloud = parsePcd(bytesOf(name));
    const ref = reference(name);
    expect(cloud.header.data).toBe(kind);
    expect(ref.total).toBe(points);
    expect(cloud.count).toBe(ref.finite.length);
    expect(cloud.count + cloud.skipped).toBe(points);
    const refPos = ref.geometry.getAttribute('position') as BufferAttribute;
    for (const k of [0, Math.floor(cloud.count / 2), cloud.count - 1]) {
      const i = ref.finite[k]!;
      expect([...cloud.position.subarray(k * 3, k * 3 + 3)]).toEqual([refPos.getX(i), refPos.getY(i), refPos.getZ(i)]);
    }
    expect(cloud.position.every(Number.isFinite)).toBe(true);
  });

  it('the organized 640x480 stereo cloud drops its NaN points (a large share of the grid)', () => {
    const cloud = parsePcd(bytesOf('table_scene_mug_stereo_textured.pcd'));
    const nan = 640 * 480 - reference('table_scene_mug_stereo_textured.pcd').finite.length;
    expect(nan).toBeGreaterThan(10_000);
    expect(cloud.skipped).toBe(nan);
    expect(cloud.count).toBe(640 * 480 - nan);
  });

  it.each(['simple.pcd', 'colored_cloud.pcd', 'pcl_logo.pcd'])('%s: rgb colours match three’s reading of the same bytes', (name) => {
    const cloud = parsePcd(bytesOf(name));
    const ref = reference(name);
    const refCol = ref.geometry.getAttribute('color') as BufferAttribute;
    const c = new Color();
    for (let k = 0; k < cloud.count; k += Math.max(1, Math.floor(cloud.count / 50))) {
      const [r, g, b] = cloud.color!.subarray(k * 3, k * 3 + 3);
      c.setRGB(r! / 255, g! / 255, b! / 255, SRGBColorSpace);
      const i = ref.finite[k]!;
      expect(c.r).toBeCloseTo(refCol.getX(i), 5);
      expect(c.g).toBeCloseTo(refCol.getY(i), 5);
      expect(c.b).toBeCloseTo(refCol.getZ(i), 5);
    }
  });

  it.each(['milk_color.pcd', 'table_scene_mug_stereo_textured.pcd'])(
    '%s: rgba colours are read (varied, neither all white nor all black)',
    (name) => {
      const { color, count } = parsePcd(bytesOf(name));
      expect(color).toBeDefined();
      const distinct = new Set<number>();
      let dark = 0,
        light = 0;
      for (let k = 0; k < count; k++) {
        const [r, g, b] = color!.subarray(k * 3, k * 3 + 3) as unknown as [number, number, number];
        distinct.add((r << 16) | (g << 8) | b);
        if (r + g + b === 0) dark++;
        if (r + g + b === 765) light++;
      }
      expect(distinct.size).toBeGreaterThan(100);
      expect(dark).toBeLessThan(count / 2);
      expect(light).toBeLessThan(count / 2);
    },
  );

  it('cturtle: intensity is read and scaled to 0..1 over the cloud’s range', () => {
    const cloud = parsePcd(bytesOf('cturtle.pcd'));
    const raw = reference('cturtle.pcd').geometry.getAttribute('intensity') as BufferAttribute;
    expect(cloud.intensity).toHaveLength(cloud.count);
    expect(cloud.color).toBeUndefined();
    const values = Array.from(raw.array as Float32Array);
    const lo = values.reduce((a, b) => Math.min(a, b)),
      hi = values.reduce((a, b) => Math.max(a, b));
    expect(hi).toBeGreaterThan(lo);
    for (const k of [0, 1000, 99_999, cloud.count - 1]) expect(cloud.intensity![k]).toBeCloseTo((values[k]! - lo) / (hi - lo), 5);
    expect(cloud.intensity!.reduce((a, b) => Math.min(a, b))).toBe(0);
    expect(cloud.intensity!.reduce((a, b) => Math.max(a, b))).toBe(1);
  });

  it('colored_cloud: normals are read', () => {
    const cloud = parsePcd(bytesOf('colored_cloud.pcd'));
    const ref = reference('colored_cloud.pcd').geometry.getAttribute('normal') as BufferAttribute;
    expect(cloud.normal).toHaveLength(cloud.count * 3);
    expect([...cloud.normal!.subarray(30, 33)]).toEqual([ref.getX(10), ref.getY(10), ref.getZ(10)]);
  });

  it('a damaged or cut file fails with a message that says what is wrong', () => {
    const cut = (name: string, keep: number) => bytesOf(name).slice(0, keep);
    const headerOf = (name: string) => parsePcdHeader(new Uint8Array(bytesOf(name))).headerLength;
    expect(() => parsePcd(cut('cturtle.pcd', 5000))).toThrow(/compressed point data is cut short/);
    expect(() => parsePcd(cut('colored_cloud.pcd', headerOf('colored_cloud.pcd') + 100))).toThrow(
      /point data is cut short \(100 of 32000 bytes\)/,
    );
    expect(() => parsePcd(cut('bunny.pcd', 2000))).toThrow(/cut short \(\d+ of 397 points\)/);
    expect(() => parsePcd(new TextEncoder().encode('solid cube\nfacet normal 0 0 1\n').buffer)).toThrow(/not a PCD file/);
    // Flipped bytes inside the compressed stream: a back reference leaves the output or the sizes disagree.
    const flipped = new Uint8Array(bytesOf('pcl_logo.pcd'));
    const start = headerOf('pcl_logo.pcd') + 8;
    for (let i = start; i < start + 400; i += 7) flipped[i] = 0xff;
    expect(() => parsePcd(flipped.buffer)).toThrow(/compressed data/);
  });
});

describe('LZF', () => {
  it('copies literal runs and (overlapping) back references', () => {
    const abc = [2, 97, 98, 99];
    expect(new TextDecoder().decode(lzfDecompress(new Uint8Array([...abc, 1 << 5, 2]), 6))).toBe('abcabc');
    // "ab", then 5 bytes from 2 back: the copy reads what it is writing.
    expect(new TextDecoder().decode(lzfDecompress(new Uint8Array([1, 97, 98, 3 << 5, 1]), 7))).toBe('abababa');
    // A long match: length 7 + extra byte.
    expect(lzfDecompress(new Uint8Array([0, 120, 7 << 5, 3, 0]), 1 + 12).every((b) => b === 120)).toBe(true);
    expect(() => lzfDecompress(new Uint8Array([...abc, 1 << 5, 9]), 6)).toThrow(/before its start/);
    expect(() => lzfDecompress(new Uint8Array(abc), 6)).toThrow(/gives 3 of 6 bytes/);
  });
});

describe('point cloud object', () => {
  const attrs = (name: string) => {
    const points = pointsOf(parsePcd(bytesOf(name)), name);
    return { points, geometry: points.geometry, material: points.material as PointsMaterial };
  };

  it('rgb clouds: linear colour attribute, vertex colours, colourSource rgb', () => {
    const { geometry, material, points } = attrs('milk_color.pcd');
    expect(geometry.userData.colourSource).toBe('rgb');
    expect(material.vertexColors).toBe(true);
    expect(geometry.getAttribute('color').count).toBe(13704);
    expect(points.name).toBe('milk_color.pcd');
    // The file's sRGB bytes, as linear values (three's colour attributes are linear).
    const { color } = parsePcd(bytesOf('milk_color.pcd'));
    const c = new Color().setRGB(color![0]! / 255, color![1]! / 255, color![2]! / 255, SRGBColorSpace);
    const col = geometry.getAttribute('color') as BufferAttribute;
    expect([col.getX(0), col.getY(0), col.getZ(0)].map((v) => v.toFixed(5))).toEqual([c.r, c.g, c.b].map((v) => v.toFixed(5)));
    expect(c.r).not.toBeCloseTo(color![0]! / 255, 2);
  });

  it('intensity clouds and plain clouds say so, for hotColor; sizes follow the cloud’s spacing', () => {
    const turtle = attrs('cturtle.pcd');
    expect(turtle.geometry.userData.colourSource).toBe('intensity');
    expect(turtle.geometry.getAttribute('intensity').count).toBe(167198);
    expect(turtle.geometry.getAttribute('color')).toBeUndefined();
    expect(turtle.material.vertexColors).toBe(false);
    const bunny = attrs('bunny.pcd');
    expect(bunny.geometry.userData.colourSource).toBe('none');
    expect(bunny.material.sizeAttenuation).toBe(true);
    // The bunny is about 0.15 units across with 397 points: points of some millimetres, not 1 unit.
    expect(bunny.material.size).toBeGreaterThan(0.001);
    expect(bunny.material.size).toBeLessThan(0.05);
  });
});
