import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePcd } from '../../../../worker/models/load/formats/pcd-parse';
import { errorText } from '../../../../worker/models/load/problem';
import { checkPoints, strideFor } from '../../../../worker/models/load/limits';
import { ModelLimitsSchema } from '../../../../shared/schema/limits';
import { formatBytes, formatCount } from '../../../../shared/model-notices';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'pcd');
const bytesOf = (name: string): ArrayBuffer => {
  const b = readFileSync(join(FIXTURES, name));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
};

/** A binary_compressed header declaring `points` x/y/z points, with LZF sizes and no data: a bomb's shape. */
function declared(points: number): ArrayBuffer {
  const head = new TextEncoder().encode(
    `VERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH ${points}\nHEIGHT 1\nPOINTS ${points}\nDATA binary_compressed\n`,
  );
  const out = new Uint8Array(head.length + 8 + 16);
  out.set(head);
  const dv = new DataView(out.buffer, head.length, 8);
  dv.setUint32(0, 16, true);
  dv.setUint32(4, points * 12, true);
  return out.buffer;
}

describe('model limits', () => {
  it('defaults, and comfortablePoints follows a lowered maxPoints down', () => {
    expect(ModelLimitsSchema.parse({})).toEqual({ maxModelBytes: 256 * 1024 * 1024, maxPoints: 8_000_000, comfortablePoints: 2_000_000 });
    expect(ModelLimitsSchema.parse({ maxPoints: 1000 }).comfortablePoints).toBe(1000);
    expect(ModelLimitsSchema.safeParse({ maxPoints: -5 }).success).toBe(false);
    expect(ModelLimitsSchema.safeParse({ maxModelBytes: 1.5e3 + 0.5 }).success).toBe(false);
  });

  it('a PCD header is checked before its data is unpacked (a 20 M-point header with 16 bytes of data)', () => {
    const limits = ModelLimitsSchema.parse({});
    let seen = 0;
    expect(() =>
      parsePcd(declared(20_000_000), {
        beforeAlloc: (h, dataBytes) => {
          seen = dataBytes;
          checkPoints('bomb.pcd', h.points, limits);
        },
      }),
    ).toThrow('bomb.pcd: 20 M points exceed the limit of 8 M points per model');
    expect(seen).toBe(240_000_000);
  });

  it('a stride keeps every n-th point with its colour, in every data kind', () => {
    for (const name of ['colored_cloud.pcd', 'bunny.pcd', 'milk_color.pcd']) {
      const all = parsePcd(bytesOf(name));
      const some = parsePcd(bytesOf(name), { beforeAlloc: () => 3 });
      expect(some.stride).toBe(3);
      expect(some.count).toBe(Math.ceil(all.header.points / 3) - some.skipped);
      // Without NaN points the kept ones are exactly points 0, 3, 6, ...
      if (all.skipped === 0) {
        for (const i of [0, 1, some.count - 1]) {
          expect([...some.position.subarray(i * 3, i * 3 + 3)]).toEqual([...all.position.subarray(i * 9, i * 9 + 3)]);
          if (all.color) expect([...some.color!.subarray(i * 3, i * 3 + 3)]).toEqual([...all.color.subarray(i * 9, i * 9 + 3)]);
        }
      }
    }
  });

  it('strideFor leaves about comfortablePoints', () => {
    const limits = ModelLimitsSchema.parse({ comfortablePoints: 2_000_000 });
    expect(strideFor(2_000_000, limits)).toBe(1);
    expect(strideFor(2_500_000, limits)).toBe(2);
    expect(strideFor(7_999_999, limits)).toBe(4);
  });

  it('sizes read at a glance', () => {
    expect([formatCount(999), formatCount(200_000), formatCount(2_500_000), formatCount(20_000_000)]).toEqual([
      '999',
      '200 k',
      '2.5 M',
      '20 M',
    ]);
    expect([formatBytes(512), formatBytes(50 * 1024), formatBytes(3.2e6), formatBytes(240e6)]).toEqual([
      '512 bytes',
      '50 kB',
      '3.1 MB',
      '229 MB',
    ]);
  });
});

describe('errorText', () => {
  it('reads what loaders reject with', () => {
    expect(errorText(new Error('boom'))).toBe('boom');
    // DRACOLoader rejects with its worker's message object.
    expect(errorText({ type: 'error', id: 3, error: 'Failed to decode point attributes.' })).toBe('Failed to decode point attributes.');
    expect(errorText({ message: 'from an object' })).toBe('from an object');
    expect(errorText({ type: 'error' })).toBe('error event');
    expect(errorText({ a: 1 })).toBe('{"a":1}');
    expect(errorText(undefined)).toBe('unknown error');
    expect(errorText('plain')).toBe('plain');
    expect(errorText({})).not.toContain('[object Object]');
  });
});
