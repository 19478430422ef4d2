import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { colourDistance, diffShare, meanColour, mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import type { EngineEvent } from '../../../shared/protocol';

afterEach(unmountAll);

/**
 * Two 200x200 quads facing the camera, each with its own named MTL material: 'Left' (blue) at
 * x -220..-20 and 'Right' (green) at x 20..220. UVs run 0..1 left to right, bottom to top.
 */
const OBJ = `mtllib two.mtl
v -220 -100 0
v -20 -100 0
v -20 100 0
v -220 100 0
v 20 -100 0
v 220 -100 0
v 220 100 0
v 20 100 0
vt 0 0
vt 1 0
vt 1 1
vt 0 1
vn 0 0 1
o left
usemtl Left
f 1/1/1 2/2/1 3/3/1 4/4/1
o right
usemtl Right
f 5/1/1 6/2/1 7/3/1 8/4/1
`;
const MTL = `newmtl Left
Kd 0.2 0.2 1
newmtl Right
Kd 0.2 1 0.2
`;
/** 8x8 PNG: the top four rows red, the bottom four blue. */
const RED_OVER_BLUE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAF0lEQVR4nGP4z8CAFWEXJU+CqoZhlwAA6TA/wcv07EsAAAAASUVORK5CYII=';

const scene = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
  lightConfig: { ambientLight: [{ enable: true, color: '#ffffff', intensity: 3 }], directionalLight: [] },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
};

// Regions (fractions of the canvas) well inside each quad.
const LEFT = [0.3, 0.42, 0.42, 0.58] as const;
const LEFT_TOP = [0.3, 0.33, 0.42, 0.38] as const;
const LEFT_BOTTOM = [0.3, 0.62, 0.42, 0.67] as const;
const RIGHT = [0.58, 0.42, 0.7, 0.58] as const;

async function twoQuads() {
  const obj = await commands.writeTempFile('two.obj', OBJ);
  const mtl = await commands.writeTempFile('two.mtl', MTL);
  const src = {
    filePath: obj,
    fileList: [
      { uid: 'o', name: 'two.obj', url: obj },
      { uid: 'm', name: 'two.mtl', url: mtl },
    ],
  };
  return (materials: Record<string, string> = {}) => ({ src, adaptive: false, materialsConfig: { materials } });
}

const loaded = (m: Mounted) => m.events.some((e) => e.type === 'model-loaded' && e.id === 'quads');
const warnings = (m: Mounted) =>
  m.events.filter((e): e is Extract<EngineEvent, { type: 'model-warning' }> => e.type === 'model-warning').map((e) => e.message);

describe('library materials on model parts, rendered', () => {
  it('a library material changes its part only, and clearing restores the original pixels', async () => {
    const model = await twoQuads();
    const redPhong = await commands.writeTempFile(
      'red-phong.airm',
      JSON.stringify({ formatVersion: 1, material: { type: 'phong', color: '#ff0000', shininess: 0 } }),
    );
    const m = await mountSpace(scene, { width: 320, height: 200, models: { quads: model() } });
    await waitFor(() => loaded(m), 'the model');
    const before = await m.pixels();
    const left0 = meanColour(before, ...LEFT);
    const right0 = meanColour(before, ...RIGHT);
    // The file's own materials: a blue quad on the left, a green one on the right.
    expect(left0[2]).toBeGreaterThan(left0[0] + 60);
    expect(right0[1]).toBeGreaterThan(right0[0] + 60);

    await m.update(scene, { models: { quads: model({ Left: redPhong }) } });
    const assigned = await m.pixels();
    const left1 = meanColour(assigned, ...LEFT);
    expect(left1[0]).toBeGreaterThan(left1[1] + 60);
    expect(left1[0]).toBeGreaterThan(left1[2] + 60);
    expect(colourDistance(meanColour(assigned, ...RIGHT), right0)).toBeLessThanOrEqual(1);

    await m.update(scene, { models: { quads: model() } });
    const cleared = await m.pixels();
    expect(diffShare(before, cleared, 1)).toBe(0);
    expect(warnings(m)).toEqual([]);
  });

  it('part settings apply on top of a library material that lands after them', async () => {
    const model = await twoQuads();
    const redPhong = await commands.writeTempFile(
      'red-phong.airm',
      JSON.stringify({ formatVersion: 1, material: { type: 'phong', color: '#ff0000', shininess: 0 } }),
    );
    // Both from the start: the part's half opacity is set up (on a clone of the file's material)
    // before the library file has loaded, and must be rebuilt around the library material.
    const config = { ...model({ Left: redPhong }), treeConfig: { left: { opacity: 0.5 } } };
    const m = await mountSpace(scene, { width: 320, height: 200, models: { quads: config } });
    await waitFor(() => loaded(m), 'the model');
    const left = meanColour(await m.pixels(), ...LEFT);
    expect(left[0]).toBeGreaterThan(left[2] + 40);
    // Half of the red over the black background, not the full red.
    expect(left[0]).toBeLessThan(230);
    expect(left[0]).toBeGreaterThan(60);
  });

  it('a texture-valued material shows its image, the right way up', async () => {
    const model = await twoQuads();
    const png = await commands.writeTempFile('red-over-blue.png', RED_OVER_BLUE_PNG, true);
    const textured = await commands.writeTempFile(
      'textured-phong.airm',
      JSON.stringify({ formatVersion: 1, material: { type: 'phong', color: '#ffffff', shininess: 0, map: png } }),
    );
    const m = await mountSpace(scene, { width: 320, height: 200, models: { quads: model({ Left: textured }) } });
    await waitFor(() => loaded(m), 'the model');
    const p = await m.pixels();
    const top = meanColour(p, ...LEFT_TOP);
    const bottom = meanColour(p, ...LEFT_BOTTOM);
    expect(top[0]).toBeGreaterThan(top[2] + 60);
    expect(bottom[2]).toBeGreaterThan(bottom[0] + 60);
    expect(warnings(m)).toEqual([]);
  });

  it('clearing a textured material frees its texture and material: renderer memory returns', async () => {
    const model = await twoQuads();
    const png = await commands.writeTempFile('red-over-blue.png', RED_OVER_BLUE_PNG, true);
    const textured = await commands.writeTempFile(
      'textured-phong.airm',
      // Phong: a physical material would also make three's shared lookup table, which stays.
      JSON.stringify({ formatVersion: 1, material: { type: 'phong', map: png, specularMap: png } }),
    );
    const m = await mountSpace(scene, { width: 320, height: 200, models: { quads: model() } });
    await waitFor(() => loaded(m), 'the model');
    await m.pixels();
    const baseline = (await m.handle.stats()).memory;
    await m.update(scene, { models: { quads: model({ Left: textured }) } });
    await m.pixels();
    // One image in a colour slot and a data slot: two textures (sRGB and linear).
    expect((await m.handle.stats()).memory.textures).toBe(baseline.textures + 2);
    await m.update(scene, { models: { quads: model() } });
    await m.pixels();
    expect((await m.handle.stats()).memory).toEqual(baseline);
  });

  it('an SVG texture cannot be decoded in the worker: reported, the material renders without it', async () => {
    const model = await twoQuads();
    const svg = await commands.writeTempFile(
      'red.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="red"/></svg>',
    );
    const green = await commands.writeTempFile(
      'svg-phong.airm',
      JSON.stringify({ formatVersion: 1, material: { type: 'phong', color: '#00ff00', shininess: 0, map: svg } }),
    );
    const m = await mountSpace(scene, { width: 320, height: 200, models: { quads: model({ Left: green }) } });
    await waitFor(() => loaded(m), 'the model');
    await waitFor(() => warnings(m).length, 'the warning');
    expect(warnings(m)[0]).toMatch(/^material file svg-phong\.airm: map: image \/@fs\/.*\/red\.svg did not load \(.+\)$/);
    const left = meanColour(await m.pixels(), ...LEFT);
    expect(left[1]).toBeGreaterThan(left[0] + 60);
  });

  it('a bad file is reported and the part keeps its original material', async () => {
    const model = await twoQuads();
    const bad = await commands.writeTempFile('broken-phong.airm', '{"formatVersion": 2, "material": {}}');
    const m = await mountSpace(scene, { width: 320, height: 200, models: { quads: model() } });
    await waitFor(() => loaded(m), 'the model');
    const before = await m.pixels();
    await m.update(scene, { models: { quads: model({ Left: bad }) } });
    await waitFor(() => warnings(m).length, 'the warning');
    expect(warnings(m)).toEqual([
      'material file broken-phong.airm is not a valid .airm file (formatVersion: formatVersion 2 is not supported (expected 1))',
    ]);
    expect(diffShare(before, await m.pixels(), 1)).toBe(0);
  });
});
