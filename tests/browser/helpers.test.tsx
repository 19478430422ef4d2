import { afterEach, describe, expect, it } from 'vitest';
import type { PixelReadout } from '../../shared/protocol';
import { diffShare, EMPTY, hexToRgb, mountSpace, rgbaAt, unmountAll } from './support/harness';

afterEach(unmountAll);

const withHelpers = (helperConfig: object) => ({ ...EMPTY, helperConfig });

/**
 * Pixels within the box (fractions x0, y0, x1, y1) showing `hex` over the black background. Lines
 * are one pixel wide and antialiased, so a line straddling two pixels shows as a dimmer copy of its
 * colour: a pixel matches when it is the colour scaled by at least a third.
 */
type RGB = [number, number, number];
/** x0, y0, x1, y1 as fractions of the readout. */
type Box = [number, number, number, number];
const CHANNELS = [0, 1, 2] as const;

function countNear(p: PixelReadout, hex: string, box: Box = [0, 0, 1, 1], tol = 24): number {
  const t = hexToRgb(hex);
  const peak = Math.max(...t);
  return countWhere(p, box, (px) => {
    const k = Math.max(...px) / peak;
    return k >= 1 / 3 && CHANNELS.every((c) => Math.abs(px[c] - k * t[c]) <= tol);
  });
}

function countWhere(p: PixelReadout, box: Box, match: (rgb: RGB) => boolean): number {
  let n = 0;
  for (let y = Math.floor(box[1] * p.height); y < Math.floor(box[3] * p.height); y++)
    for (let x = Math.floor(box[0] * p.width); x < Math.floor(box[2] * p.width); x++) {
      const [r, g, b] = rgbaAt(p, (y * p.width + x) * 4);
      if (match([r, g, b])) n++;
    }
  return n;
}

/**
 * three's axes shade each line from its pure colour toward a lighter tint (red to orange, green to
 * lime, blue to sky blue), so match "mostly this channel" rather than one exact colour.
 */
const axis = (c: 0 | 1 | 2) => (rgb: RGB) => rgb[c] >= 60 && rgb.every((v, i) => i === c || v < rgb[c] * 0.75) && Math.min(...rgb) <= 20;
const [X, Y, Z] = [axis(0), axis(1), axis(2)];

describe('helpers', () => {
  it('the grid appears, follows its colours and size, and its buffers are freed when disabled', async () => {
    const m = await mountSpace(withHelpers({}));
    const before = await m.pixels();
    const base = (await m.handle.stats()).memory;
    expect(countNear(before, '#00ff00')).toBe(0);

    const grid = { enable: true, colorGrid: '#00ff00', colorCenterLine: '#ffff00' };
    await m.update(withHelpers({ gridConfig: grid }));
    const green = await m.pixels();
    expect(diffShare(before, green)).toBeGreaterThan(0.02);
    // Default camera (0,200,500) looks at the origin: the grid covers the lower part of the view.
    expect(countNear(green, '#00ff00', [0, 0.5, 1, 1])).toBeGreaterThan(200);
    expect(countNear(green, '#00ff00', [0, 0.6, 0.3, 1])).toBeGreaterThan(50);
    // The centre line along Z runs down the middle of the view below the origin.
    expect(countNear(green, '#ffff00', [0.45, 0.6, 0.55, 1])).toBeGreaterThan(20);
    expect(countNear(green, '#ffff00', [0, 0.6, 0.3, 1])).toBe(0);
    expect((await m.handle.stats()).memory.geometries).toBe(base.geometries + 1);

    await m.update(withHelpers({ gridConfig: { ...grid, colorGrid: '#ff00ff' } }));
    const magenta = await m.pixels();
    expect(countNear(magenta, '#00ff00')).toBe(0);
    expect(countNear(magenta, '#ff00ff', [0, 0.5, 1, 1])).toBeGreaterThan(200);

    // Fewer divisions: fewer line pixels.
    await m.update(withHelpers({ gridConfig: { ...grid, colorGrid: '#ff00ff', divisions: 4 } }));
    expect(countNear(await m.pixels(), '#ff00ff')).toBeLessThan(countNear(magenta, '#ff00ff') / 2);

    await m.update(withHelpers({ gridConfig: { ...grid, enable: false } }));
    expect(diffShare(before, await m.pixels())).toBe(0);
    expect((await m.handle.stats()).memory).toEqual(base);
  });

  it('the axes draw red X, green Y and blue Z from the origin and are freed when disabled', async () => {
    const m = await mountSpace(withHelpers({}));
    const base = (await m.handle.stats()).memory;
    const before = await m.pixels();
    expect(countWhere(before, [0, 0, 1, 1], X)).toBe(0);

    await m.update(withHelpers({ axesConfig: { enable: true, size: 200 } }));
    const p = await m.pixels();
    // The origin is in the middle of the view: X goes right, Y up, Z toward the camera (down).
    expect(countWhere(p, [0.55, 0.4, 1, 0.6], X)).toBeGreaterThan(10);
    expect(countWhere(p, [0, 0, 0.45, 1], X)).toBe(0);
    expect(countWhere(p, [0.4, 0, 0.6, 0.45], Y)).toBeGreaterThan(10);
    expect(countWhere(p, [0.4, 0.55, 0.6, 1], Z)).toBeGreaterThan(10);
    const reach = (q: PixelReadout) => {
      let right = 0;
      for (let x = 0; x < q.width; x++) if (countWhere(q, [x / q.width, 0.45, (x + 1) / q.width, 0.55], X) > 0) right = x;
      return right / q.width;
    };
    const short = reach(p);
    await m.update(withHelpers({ axesConfig: { enable: true, size: 400 } }));
    expect(reach(await m.pixels())).toBeGreaterThan(short + 0.05);

    await m.update(withHelpers({ axesConfig: { enable: false, size: 400 } }));
    expect(diffShare(before, await m.pixels())).toBe(0);
    expect((await m.handle.stats()).memory).toEqual(base);
  });
});
