import { afterEach, describe, expect, it } from 'vitest';
import type { PixelReadout } from '../../shared/protocol';
import {
  colourDistance, diffShare, EMPTY, hexToRgb, meanColour, mountSpace, pixelAt, toLinear, unmountAll, type RGBA,
} from './support/harness';

afterEach(unmountAll);

const SIZE = { width: 320, height: 200 };
/** No lights of any kind: each test adds exactly the light it looks at. */
const NO_LIGHTS = { ambientLight: [], directionalLight: [], hemisphereLight: [], pointLight: [], spotLight: [] };
const withLights = (lights: Record<string, unknown[]>, ground: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  ...EMPTY,
  ...extra,
  sceneConfig: { background: '#000000', ground: { enable: true, ...ground } },
  lightConfig: { ...NO_LIGHTS, ...lights },
});

/** The ground in front of the origin: always ground on screen, whatever the light. */
const groundPatch = (p: PixelReadout) => meanColour(p, 0.4, 0.75, 0.6, 0.85);
const linear = (c: RGBA) => [toLinear(c[0]), toLinear(c[1]), toLinear(c[2])];
const luminance = (p: PixelReadout, i: number) => p.data[i] + p.data[i + 1] + p.data[i + 2];
/** Share of pixels of the ground area (lower 70% of the view) brighter than `min` (sum of channels). */
function litShare(p: PixelReadout, min = 30): number {
  let lit = 0;
  let n = 0;
  for (let y = Math.floor(p.height * 0.3); y < p.height; y++)
    for (let x = 0; x < p.width; x++, n++) if (luminance(p, (y * p.width + x) * 4) > min) lit++;
  return lit / n;
}
/** Share of ground pixels that are lit but clearly below the brightest: the soft edge of a spot. */
function partialShare(p: PixelReadout): number {
  let max = 0;
  for (let i = 0; i < p.data.length; i += 4) max = Math.max(max, luminance(p, i));
  let part = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const l = luminance(p, i);
    if (l > max * 0.1 && l < max * 0.9) part++;
  }
  return part / (p.data.length / 4);
}

describe('lights', () => {
  it('draws the ground in its colour under white light, and the default scene is lit', async () => {
    const white = [{ color: '#ffffff', intensity: 0.6 }];
    const m = await mountSpace(withLights({ ambientLight: white }), SIZE);
    const tinted = linear(groundPatch(await m.pixels()));
    await m.update(withLights({ ambientLight: white }, { color: '#ffffff' }));
    const plain = linear(groundPatch(await m.pixels()));
    const expected = hexToRgb('#748FA5').map(toLinear);
    for (let c = 0; c < 3; c++) expect(tinted[c] / plain[c]).toBeCloseTo(expected[c], 1);
    // The plain ground must not be saturated, or the ratio would prove nothing.
    expect(Math.max(...plain)).toBeLessThan(0.95);

    const d = await mountSpace({ sceneConfig: { background: '#000000' } }, SIZE);
    expect(colourDistance(groundPatch(await d.pixels()), [0, 0, 0, 255])).toBeGreaterThan(40);
  });

  it('each light type tints the ground with its colour; disabling reverts; intensity scales', async () => {
    const m = await mountSpace(withLights({}, { color: '#ffffff' }), SIZE);
    const dark = groundPatch(await m.pixels());
    expect(colourDistance(dark, [0, 0, 0, 255])).toBeLessThan(3);
    const cases: [string, Record<string, unknown>, number][] = [
      ['ambientLight', { color: '#ff0000', intensity: 0.5 }, 0],
      ['directionalLight', { color: '#00ff00', intensity: 0.5 }, 1],
      ['hemisphereLight', { skyColor: '#0000ff', groundColor: '#ff0000', intensity: 0.5 }, 2],
      ['pointLight', { color: '#ff0000', intensity: 0.5, position: { x: 0, y: 60, z: 150 } }, 0],
      ['spotLight', { color: '#00ff00', intensity: 0.5, position: { x: 0, y: 300, z: 150 }, target: { x: 0, y: 0, z: 150 } }, 1],
    ];
    for (const [type, entry, channel] of cases) {
      await m.update(withLights({ [type]: [entry] }, { color: '#ffffff' }));
      const lit = groundPatch(await m.pixels());
      // Mostly its channel: the light's colour reaches the ground, and nothing else does.
      expect(lit[channel], type).toBeGreaterThan(60);
      for (let c = 0; c < 3; c++) if (c !== channel) expect(lit[c], `${type} channel ${c}`).toBeLessThan(10);

      await m.update(withLights({ [type]: [{ ...entry, intensity: 0.25 }] }, { color: '#ffffff' }));
      const half = groundPatch(await m.pixels());
      expect(toLinear(half[channel]) / toLinear(lit[channel]), `${type} intensity`).toBeCloseTo(0.5, 1);

      await m.update(withLights({ [type]: [{ ...entry, enable: false }] }, { color: '#ffffff' }));
      expect(colourDistance(groundPatch(await m.pixels()), dark), `${type} disabled`).toBeLessThan(3);
    }
  });

  it('hemisphere: the sky colour lights faces turned to its position, the ground colour the others', async () => {
    const hemi = { skyColor: '#0000ff', groundColor: '#ff0000', intensity: 0.5 };
    const m = await mountSpace(withLights({ hemisphereLight: [hemi] }, { color: '#ffffff' }), SIZE);
    const above = groundPatch(await m.pixels());
    await m.update(withLights({ hemisphereLight: [{ ...hemi, position: { x: 0, y: -500, z: 0 } }] }, { color: '#ffffff' }));
    const below = groundPatch(await m.pixels());
    expect(above[2]).toBeGreaterThan(60);
    expect(above[0]).toBeLessThan(10);
    expect(below[0]).toBeGreaterThan(60);
    expect(below[2]).toBeLessThan(10);
  });

  it('directional and spot targets aim the light', async () => {
    // A spot straight down at a target far to the side leaves the centre dark.
    const spot = { color: '#ffffff', angle: 0.3, position: { x: 0, y: 300, z: 0 } };
    const m = await mountSpace(withLights({ spotLight: [{ ...spot, target: { x: 0, y: 0, z: 0 } }] }), SIZE);
    const centred = pixelAt(await m.pixels(), 0.5, 0.5);
    await m.update(withLights({ spotLight: [{ ...spot, target: { x: 400, y: 0, z: 0 } }] }));
    const away = pixelAt(await m.pixels(), 0.5, 0.5);
    expect(centred[0]).toBeGreaterThan(40);
    expect(away[0]).toBeLessThan(5);

    // A directional light grazing the ground lights it less than one from straight above.
    const dir = { color: '#ffffff', position: { x: 0, y: 300, z: 0 } };
    await m.update(withLights({ directionalLight: [{ ...dir, target: { x: 0, y: 0, z: 0 } }] }));
    const overhead = groundPatch(await m.pixels());
    await m.update(withLights({ directionalLight: [{ ...dir, target: { x: 0, y: 250, z: 300 } }] }));
    const grazing = groundPatch(await m.pixels());
    expect(toLinear(grazing[0]) / toLinear(overhead[0])).toBeLessThan(0.5);
  });

  it('spot angle narrows the lit area and penumbra softens its edge', async () => {
    const spot = { color: '#ffffff', position: { x: 0, y: 300, z: 0 }, penumbra: 0 };
    const m = await mountSpace(withLights({ spotLight: [{ ...spot, angle: 0.6 }] }), SIZE);
    const wide = await m.pixels();
    await m.update(withLights({ spotLight: [{ ...spot, angle: 0.3 }] }));
    const narrow = await m.pixels();
    console.log('lit share wide/narrow', litShare(wide), litShare(narrow));
    expect(litShare(narrow)).toBeGreaterThan(0.02);
    expect(litShare(narrow)).toBeLessThan(litShare(wide) * 0.5);

    await m.update(withLights({ spotLight: [{ ...spot, angle: 0.6, penumbra: 1 }] }));
    const soft = await m.pixels();
    console.log('partial hard/soft', partialShare(wide), partialShare(soft));
    expect(partialShare(soft)).toBeGreaterThan(partialShare(wide) * 3);
  });

  it('point light distance and decay limit its range', async () => {
    const point = { color: '#ffffff', position: { x: 0, y: 50, z: 0 }, intensity: 1 };
    const m = await mountSpace(withLights({ pointLight: [point] }), SIZE);
    const unlimited = await m.pixels();
    await m.update(withLights({ pointLight: [{ ...point, distance: 200 }] }));
    const limited = await m.pixels();
    // Bottom of the view is ground about 300 units from the light: beyond 200 it gets nothing.
    const nearOf = (p: PixelReadout) => meanColour(p, 0.45, 0.47, 0.55, 0.53);
    const farOf = (p: PixelReadout) => meanColour(p, 0.4, 0.95, 0.6, 1);
    console.log('unlimited near/far', nearOf(unlimited), farOf(unlimited), 'limited', nearOf(limited), farOf(limited));
    expect(farOf(unlimited)[0]).toBeGreaterThan(40);
    expect(farOf(limited)[0]).toBeLessThan(3);
    expect(nearOf(limited)[0]).toBeGreaterThan(40);

    await m.update(withLights({ pointLight: [{ ...point, decay: 1, intensity: 100 }] }));
    const decayed = await m.pixels();
    const ratio = (p: PixelReadout) => toLinear(farOf(p)[0]) / toLinear(nearOf(p)[0]);
    console.log('decay ratios', ratio(unlimited), ratio(decayed));
    expect(ratio(decayed)).toBeLessThan(ratio(unlimited) * 0.5);
  });
});
