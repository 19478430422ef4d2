import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';
import { colourDistance, EMPTY, meanColour, mountSpace, unmountAll, waitFor, type Mounted, type RGBA } from '../support/harness';
import { fixtureSource } from '../support/fixtures';

afterEach(unmountAll);

/** Two 100-unit cubes named left and right, at x = -80 and x = +80 (file units). */
function twoCubes(): string {
  const lines: string[] = [];
  let base = 0;
  for (const [name, cx] of [
    ['left', -80],
    ['right', 80],
  ] as const) {
    lines.push(`o ${name}`);
    for (const x of [-50, 50]) for (const y of [-50, 50]) for (const z of [-50, 50]) lines.push(`v ${cx + x} ${y} ${z}`);
    // Corners numbered x*4 + y*2 + z (0/1 for -/+), faces wound outwards.
    const faces = [
      [0, 1, 3, 2],
      [4, 6, 7, 5],
      [0, 4, 5, 1],
      [2, 3, 7, 6],
      [0, 2, 6, 4],
      [1, 5, 7, 3],
    ];
    for (const f of faces) lines.push('f ' + f.map((i) => i + 1 + base).join(' '));
    base += 8;
  }
  return lines.join('\n') + '\n';
}

/** Straight on, from z = 300: the left cube fills about x 0.17..0.42 of the view, the right 0.58..0.83. */
const scene = {
  ...EMPTY,
  lightConfig: { ambientLight: [{ intensity: 1 }], directionalLight: [] },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 300 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
};
const LEFT = [0.25, 0.42, 0.35, 0.58] as const;
const RIGHT = [0.65, 0.42, 0.75, 0.58] as const;
const left = (p: PixelReadout) => meanColour(p, ...LEFT);
const right = (p: PixelReadout) => meanColour(p, ...RIGHT);
const isBackground = (c: RGBA) => c[0] < 8 && c[1] < 8 && c[2] < 8;

type Loaded = Extract<EngineEvent, { type: 'model-loaded' }>;
const loads = (m: Mounted) => m.events.filter((e): e is Loaded => e.type === 'model-loaded').length;

async function mountCubes(model: object = {}) {
  const url = await commands.writeTempFile('two.obj', twoCubes());
  const src = { filePath: url, fileList: [{ uid: 'two', name: 'two.obj', url }] };
  const models = (extra: object) => ({ m: { src, adaptive: false, ...model, ...extra } });
  const m = await mountSpace(scene, { models: models({}) });
  await waitFor(() => m.events.find((e) => e.type === 'model-loaded' || e.type === 'model-error'), 'the cubes to load');
  const failed = m.events.find((e) => e.type === 'model-error');
  if (failed) throw new Error(JSON.stringify(failed));
  /** Change the model's config and wait until the scene drew it. */
  const set = (extra: object) => m.update(scene, { models: models(extra) });
  return { m, set, src };
}

describe('per-part settings (treeConfig) on real pixels', () => {
  it('colour by name and by key changes only that part; visible false and opacity too', async () => {
    const { m, set } = await mountCubes();
    const a = await m.pixels();
    expect(isBackground(left(a))).toBe(false);
    expect(isBackground(right(a))).toBe(false);

    await set({ treeConfig: { left: { color: '#ff0000' } } });
    const red = await m.pixels();
    expect(left(red)[0]).toBeGreaterThan(left(red)[1] + 80);
    expect(colourDistance(right(red), right(a))).toBeLessThan(4);

    // Key '0children1' is the second part (the tree selector's key), right.
    await set({ treeConfig: { '0children1': { color: '#0000ff' } } });
    const blue = await m.pixels();
    expect(right(blue)[2]).toBeGreaterThan(right(blue)[0] + 80);
    expect(colourDistance(left(blue), left(a))).toBeLessThan(4); // left got its own colour back

    await set({ treeConfig: { left: { visible: false } } });
    const hidden = await m.pixels();
    expect(isBackground(left(hidden))).toBe(true);
    expect(colourDistance(right(hidden), right(a))).toBeLessThan(4);

    await set({ treeConfig: { left: { opacity: 0.5 } } });
    const faded = await m.pixels();
    const [full, half] = [left(a)[0], left(faded)[0]];
    expect(half).toBeGreaterThan(8);
    expect(half).toBeLessThan(full - 20);
    expect(colourDistance(right(faded), right(a))).toBeLessThan(4);

    await set({ treeConfig: {} });
    expect(colourDistance(left(await m.pixels()), left(a))).toBeLessThan(4);
  });

  it('a position offset moves the part; the settings apply again after the model reloads', async () => {
    const { m, set, src } = await mountCubes();
    const a = await m.pixels();
    const config = { treeConfig: { right: { position: { y: 400 } }, left: { color: '#00ff00' } } };
    await set(config);
    const moved = await m.pixels();
    expect(isBackground(right(moved))).toBe(true);
    expect(left(moved)[1]).toBeGreaterThan(left(moved)[0] + 80);

    // A new copy of the file (a reload): same parts found by name, same look.
    const url = await commands.writeTempFile('two.obj', twoCubes());
    const before = loads(m);
    await m.update(scene, {
      models: { m: { src: { ...src, filePath: url, fileList: [{ uid: 'two2', name: 'two.obj', url }] }, adaptive: false, ...config } },
    });
    await waitFor(() => loads(m) > before, 'the reload');
    const again = await m.pixels();
    expect(isBackground(right(again))).toBe(true);
    expect(left(again)[1]).toBeGreaterThan(left(again)[0] + 80);
    expect(colourDistance(right(a), right(await m.pixels()))).toBeGreaterThan(8);
  });

  it('tweens: right after a change the part is on its way, later it is there', async () => {
    const { m, set } = await mountCubes({ tweenConfig: { enable: true, time: 4000 } });
    const a = await m.pixels();
    await set({ treeConfig: { left: { opacity: 0 } } });
    // One frame after the change (the update waits for it): not at the end yet.
    const early = await m.pixels();
    expect(isBackground(left(early))).toBe(false);
    await waitFor(async () => isBackground(left(await m.pixels())), 'the fade to end');
    expect(colourDistance(right(await m.pixels()), right(a))).toBeLessThan(4);
  });
});

describe('edges', () => {
  const edgePixels = (p: PixelReadout) => {
    let n = 0;
    for (let i = 0; i < p.data.length; i += 4) if (p.data[i + 1]! > 200 && p.data[i]! < 80 && p.data[i + 2]! < 80) n++;
    return n;
  };

  it('edge lines in the edge colour; a colour change recolours them; off returns geometry memory to baseline', async () => {
    const { m, set } = await mountCubes();
    await m.handle.settled();
    const baseline = (await m.handle.stats()).memory.geometries;
    const plain = await m.pixels();
    expect(edgePixels(plain)).toBe(0);

    await set({ edgeConfig: { enable: true, color: '#00ff00' } });
    const green = await m.pixels();
    expect(edgePixels(green)).toBeGreaterThan(100);
    expect((await m.handle.stats()).memory.geometries).toBeGreaterThan(baseline);

    await set({ edgeConfig: { enable: true, color: '#ff00ff' } });
    const magenta = await m.pixels();
    expect(edgePixels(magenta)).toBe(0);
    let n = 0;
    for (let i = 0; i < magenta.data.length; i += 4)
      if (magenta.data[i]! > 200 && magenta.data[i + 2]! > 200 && magenta.data[i + 1]! < 80) n++;
    expect(n).toBeGreaterThan(100);

    await set({ edgeConfig: { enable: false, color: '#ff00ff' } });
    await m.pixels();
    expect((await m.handle.stats()).memory.geometries).toBe(baseline);
  });

  it('removing a model with edges on frees all of it', async () => {
    const url = await commands.writeTempFile('two.obj', twoCubes());
    const m = await mountSpace(scene, { models: {} });
    await m.handle.settled();
    const baseline = (await m.handle.stats()).memory;
    const src = { filePath: url, fileList: [{ uid: 'two', name: 'two.obj', url }] };
    await m.update(scene, { models: { e: { src, adaptive: false, edgeConfig: { enable: true, color: '#00ff00' } } } });
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded'), 'the model');
    expect(edgePixels(await m.pixels())).toBeGreaterThan(100);
    await m.update(scene, { models: {} });
    await m.pixels();
    expect((await m.handle.stats()).memory).toEqual(baseline);
  });
});

describe('adaptive and point colour', () => {
  const covered = (p: PixelReadout) => {
    let n = 0;
    for (let i = 0; i < p.data.length; i += 4) if (p.data[i]! > 8 || p.data[i + 1]! > 8 || p.data[i + 2]! > 8) n++;
    return n / (p.data.length / 4);
  };
  const defaultView = { ...EMPTY, lightConfig: { ambientLight: [{ intensity: 1 }], directionalLight: [] } };

  /** Height of the drawn pixels' bounding box, as a share of the view's height. */
  const extent = (p: PixelReadout) => {
    let top = p.height;
    let bottom = -1;
    for (let y = 0; y < p.height; y++)
      for (let x = 0; x < p.width; x++) {
        const i = (y * p.width + x) * 4;
        if (p.data[i]! > 8 || p.data[i + 1]! > 8 || p.data[i + 2]! > 8) {
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
      }
    return bottom < 0 ? 0 : (bottom - top + 1) / p.height;
  };

  it('adaptive fits a model into the default view; off shows it at file size', async () => {
    // tree.obj is under 2 units across: a speck from the default camera unless fitted.
    const models = (adaptive: boolean) => ({ w: { src: fixtureSource('obj/tree.obj'), adaptive } });
    const m = await mountSpace(defaultView, { models: models(true) });
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded'), 'the model');
    const fitted = extent(await m.pixels());
    await m.update(defaultView, { models: models(false) });
    const raw = extent(await m.pixels());
    // 160 units tall, seen from about 540 units away with a 45° field of view.
    expect(fitted).toBeGreaterThan(0.25);
    expect(fitted).toBeLessThan(0.5);
    expect(raw).toBeLessThan(0.03);
  });

  /** The mean colour of the drawn points (non-background pixels). */
  const pointsColour = (p: PixelReadout): RGBA => {
    const sum = [0, 0, 0, 0];
    let n = 0;
    for (let i = 0; i < p.data.length; i += 4) {
      if (p.data[i]! <= 8 && p.data[i + 1]! <= 8 && p.data[i + 2]! <= 8) continue;
      for (let c = 0; c < 4; c++) sum[c]! += p.data[i + c]!;
      n++;
    }
    return sum.map((s) => s / Math.max(1, n)) as RGBA;
  };

  it('hotColor colours a cloud without colours, and not a cloud with its own', async () => {
    const models = (hotColor: string) => ({
      bunny: { src: fixtureSource('pcd/bunny.pcd'), pointConfig: { hotColor } },
    });
    const m = await mountSpace(defaultView, { models: models('#ff0000') });
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded'), 'the bunny');
    const red = await m.pixels();
    expect(covered(red)).toBeGreaterThan(0.001);
    expect(pointsColour(red)[0]).toBeGreaterThan(pointsColour(red)[1] + 60);
    await m.update(defaultView, { models: models('#0000ff') });
    const blue = await m.pixels();
    expect(pointsColour(blue)[2]).toBeGreaterThan(pointsColour(blue)[0] + 60);

    const logo = (hotColor: string) => ({ logo: { src: fixtureSource('pcd/pcl_logo.pcd'), pointConfig: { hotColor } } });
    const before = loads(m);
    await m.update(defaultView, { models: logo('#ff0000') });
    await waitFor(() => loads(m) > before, 'the logo');
    const a = await m.pixels();
    await m.update(defaultView, { models: logo('#0000ff') });
    const b = await m.pixels();
    expect(covered(a)).toBeGreaterThan(0.001);
    expect(colourDistance(pointsColour(a), pointsColour(b))).toBeLessThan(2);
  });
});
