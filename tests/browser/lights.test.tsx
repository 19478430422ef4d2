import { afterEach, describe, expect, it } from 'vitest';
import type { PixelReadout } from '../../shared/protocol';
import {
  colourDistance,
  diffShare,
  EMPTY,
  hexToRgb,
  meanColour,
  mountSpace,
  pixelAt,
  rgbaAt,
  toLinear,
  unmountAll,
  type RGBA,
} from './support/harness';

afterEach(unmountAll);

const SIZE = { width: 320, height: 200 };
/** No lights of any kind: each test adds exactly the light it looks at. */
const NO_LIGHTS = { ambientLight: [], directionalLight: [], hemisphereLight: [], pointLight: [], spotLight: [] };
/*
 * three 0.187 lights Lambert materials with scene.environment too (the environment feature's preset
 * always loads): switch its contribution off so the ground shows the configured lights alone.
 */
const NO_ENVIRONMENT = 'api.scene.environmentIntensity = 0;';
const script = (body = '') => `function onReady(THREE, api) { ${NO_ENVIRONMENT} ${body} api.invalidate(); }`;
const withLights = (lights: Record<string, unknown[]>, ground: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  ...EMPTY,
  script: script(),
  ...extra,
  sceneConfig: { background: '#000000', ground: { enable: true, ...ground } },
  lightConfig: { ...NO_LIGHTS, ...lights },
});

/** The ground in front of the origin: always ground on screen, whatever the light. */
const groundPatch = (p: PixelReadout) => meanColour(p, 0.4, 0.75, 0.6, 0.85);
const linear = (c: RGBA | [number, number, number]): [number, number, number] => [toLinear(c[0]), toLinear(c[1]), toLinear(c[2])];
const luminance = (p: PixelReadout, i: number) => {
  const [r, g, b] = rgbaAt(p, i);
  return r + g + b;
};
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
    // Defaults: one ambient and one directional light, environment on.
    const m = await mountSpace({ sceneConfig: { background: '#000000' } }, SIZE);
    expect(colourDistance(groundPatch(await m.pixels()), [0, 0, 0, 255])).toBeGreaterThan(40);

    const white = [{ color: '#ffffff', intensity: 0.6 }];
    await m.update(withLights({ ambientLight: white }));
    const tinted = linear(groundPatch(await m.pixels()));
    await m.update(withLights({ ambientLight: white }, { color: '#ffffff' }));
    const plain = linear(groundPatch(await m.pixels()));
    const expected = linear(hexToRgb('#748FA5'));
    for (const c of [0, 1, 2] as const) expect(tinted[c] / plain[c]).toBeCloseTo(expected[c], 1);
    // The plain ground must not be saturated, or the ratio would prove nothing.
    expect(Math.max(...plain)).toBeLessThan(0.95);
  });

  it('each light type tints the ground with its colour; disabling reverts; intensity scales', async () => {
    const m = await mountSpace(withLights({}, { color: '#ffffff' }), SIZE);
    const dark = groundPatch(await m.pixels());
    expect(colourDistance(dark, [0, 0, 0, 255])).toBeLessThan(3);
    const cases: [string, Record<string, unknown>, 0 | 1 | 2][] = [
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

    // Arrays grow and shrink: a second entry adds its light, dropping it takes it away.
    const red = { color: '#ff0000', intensity: 0.5 };
    await m.update(withLights({ ambientLight: [red, { color: '#00ff00', intensity: 0.5 }] }, { color: '#ffffff' }));
    const both = groundPatch(await m.pixels());
    await m.update(withLights({ ambientLight: [red] }, { color: '#ffffff' }));
    const one = groundPatch(await m.pixels());
    expect(both[0]).toBeGreaterThan(60);
    expect(both[1]).toBeGreaterThan(60);
    expect(one[0]).toBeCloseTo(both[0], -1);
    expect(one[1]).toBeLessThan(10);
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
    expect(litShare(narrow)).toBeGreaterThan(0.02);
    expect(litShare(narrow)).toBeLessThan(litShare(wide) * 0.5);

    await m.update(withLights({ spotLight: [{ ...spot, angle: 0.6, penumbra: 1 }] }));
    const soft = await m.pixels();
    expect(partialShare(soft)).toBeGreaterThan(partialShare(wide) + 0.05);
  });

  it('point light distance and decay limit its range', async () => {
    const point = { color: '#ffffff', position: { x: 0, y: 150, z: 0 }, intensity: 1 };
    const white = { color: '#ffffff' };
    const m = await mountSpace(withLights({ pointLight: [point] }, white), SIZE);
    const unlimited = await m.pixels();
    await m.update(withLights({ pointLight: [{ ...point, distance: 250 }] }, white));
    const limited = await m.pixels();
    // The bottom of the view is ground about 330 units from the light, the centre 150.
    const nearOf = (p: PixelReadout) => meanColour(p, 0.45, 0.47, 0.55, 0.53);
    const farOf = (p: PixelReadout) => meanColour(p, 0.4, 0.95, 0.6, 1);
    expect(farOf(unlimited)[0]).toBeGreaterThan(40);
    expect(farOf(limited)[0]).toBeLessThan(3);
    expect(nearOf(limited)[0]).toBeGreaterThan(40);

    // Inverse-square decay, scaled to give the same light 150 units away.
    await m.update(withLights({ pointLight: [{ ...point, decay: 2, intensity: 150 * 150 }] }, white));
    const decayed = await m.pixels();
    const ratio = (p: PixelReadout) => toLinear(farOf(p)[0]) / toLinear(nearOf(p)[0]);
    expect(ratio(decayed)).toBeLessThan(ratio(unlimited) * 0.5);
  });

  it('a casting light shades the ground behind a box, and only there', async () => {
    // A 200-unit box on the ground; the lights stand to its right, so the shadow falls to its left.
    const box = `const m = new THREE.Mesh(new THREE.BoxGeometry(200, 200, 200), new THREE.MeshLambertMaterial());
      m.position.y = 100; m.castShadow = true; api.scene.add(m);`;
    const extra = { script: script(box) };
    const side = { position: { x: 300, y: 300, z: 0 } };
    const cases: [string, Record<string, unknown>][] = [
      ['directionalLight', side],
      ['spotLight', { ...side, angle: 1.2 }],
      ['pointLight', side],
    ];
    const m = await mountSpace(withLights({}, {}, extra), SIZE);
    const shadowSide = (p: PixelReadout) => meanColour(p, 0.15, 0.5, 0.28, 0.6);
    const litSide = (p: PixelReadout) => meanColour(p, 0.72, 0.5, 0.85, 0.6);
    for (const [type, entry] of cases) {
      await m.update(withLights({ [type]: [entry] }, {}, extra));
      const plain = await m.pixels();
      await m.update(withLights({ [type]: [{ ...entry, castShadow: true }] }, {}, extra));
      const shadowed = await m.pixels();
      expect(shadowSide(shadowed)[2], `${type} shadow`).toBeLessThan(shadowSide(plain)[2] * 0.5);
      // No acne: ground the light reaches directly looks the same with shadows on.
      expect(colourDistance(litSide(shadowed), litSide(plain)), `${type} lit side`).toBeLessThan(4);
      // And switching shadows off again brings the ground back.
      await m.update(withLights({ [type]: [entry] }, {}, extra));
      expect(colourDistance(shadowSide(await m.pixels()), shadowSide(plain)), `${type} off again`).toBeLessThan(3);
    }
  });

  it('light helpers draw when switched on and follow their light', async () => {
    // Intensity 0: the lights themselves change nothing, any pixel change is the helper.
    const ambient = [{ intensity: 0.3 }];
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['directionalLight', { intensity: 0, color: '#ff0000' }, { target: { x: 200, y: 0, z: 0 } }],
      ['spotLight', { intensity: 0, color: '#ff0000', position: { x: -100, y: 300, z: 0 } }, { position: { x: 200, y: 250, z: 0 } }],
    ];
    const m = await mountSpace(withLights({ ambientLight: ambient }), SIZE);
    const without = await m.pixels();
    for (const [type, entry, moved] of cases) {
      const at = (e: Record<string, unknown>) => withLights({ ambientLight: ambient, [type]: [e] });
      await m.update(at({ ...entry, helper: true }));
      const shown = await m.pixels();
      // A helper is one-pixel lines: without multisampling (software WebGL) about 0.15% of this view.
      expect(diffShare(without, shown, 30), `${type} helper drawn`).toBeGreaterThan(0.0005);

      // Moved while shown must look exactly like a helper created at the new place.
      await m.update(at({ ...entry, ...moved, helper: true }));
      const followed = await m.pixels();
      await m.update(at({ ...entry, ...moved, helper: false }));
      expect(diffShare(without, await m.pixels(), 8), `${type} helper removed`).toBe(0);
      await m.update(at({ ...entry, ...moved, helper: true }));
      const fresh = await m.pixels();
      expect(diffShare(shown, followed, 30), `${type} helper moved`).toBeGreaterThan(0.0005);
      expect(diffShare(fresh, followed, 8), `${type} helper followed`).toBe(0);
      await m.update(at({ ...entry, helper: false }));
    }
  });

  it('frees shadow maps and helpers: renderer memory returns to its baseline', async () => {
    const m = await mountSpace(withLights({}), SIZE);
    await m.pixels();
    const baseline = (await m.handle.stats()).memory;
    const cast = { castShadow: true };
    const all = (enable: boolean) =>
      withLights({
        ambientLight: [{ enable }],
        directionalLight: [
          { enable, helper: true, ...cast },
          { enable, ...cast, position: { x: 300, y: 300, z: 0 } },
        ],
        hemisphereLight: [{ enable }],
        pointLight: [{ enable, ...cast }],
        spotLight: [{ enable, helper: true, ...cast }],
      });
    await m.update(all(true));
    await m.pixels();
    const loaded = (await m.handle.stats()).memory;
    expect(loaded.textures).toBeGreaterThan(baseline.textures); // shadow maps
    expect(loaded.geometries).toBeGreaterThan(baseline.geometries); // helpers

    await m.update(all(false));
    await m.pixels();
    expect((await m.handle.stats()).memory).toEqual(baseline);

    await m.update(all(true));
    await m.pixels();
    expect((await m.handle.stats()).memory).toEqual(loaded);
    await m.update(withLights({}));
    await m.pixels();
    expect((await m.handle.stats()).memory).toEqual(baseline);
  });
});
