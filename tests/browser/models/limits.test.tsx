import { afterEach, describe, expect, it } from 'vitest';
import { colourDistance, hexToRgb, meanColour, mountSpace, unmountAll, waitFor, type Mounted, type RGBA } from '../support/harness';
import { fixtureSource } from '../support/fixtures';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';
import { colouredGrid, lzfBomb, served } from './pcd-files';

/**
 * Bounded work on hostile files (issue 8 §3): per-model caps with defaults, set by the host. A
 * point cloud past the cap is refused from its header, before anything is unpacked, with the
 * limit named; one between the comfortable count and the cap is drawn decimated, and said so.
 */

afterEach(unmountAll);

const FALLBACK = 'An error has occurred, possibly due to the model file being damaged or missing!';
const BACKGROUND = '#204060';
const BG: RGBA = [...hexToRgb(BACKGROUND), 255];

/** The flamingo from its side (failures.test.tsx); a 2x2 cloud at the origin from +z. */
const flamingoScene = {
  sceneConfig: { background: BACKGROUND, ground: { enable: false } },
  environmentConfig: { enable: false },
  lightConfig: { ambientLight: [{ intensity: 2 }], directionalLight: [] },
  cameraConfig: { cameraPositon: { x: 250, y: -30, z: 10 }, cameraLookAt: { x: 0, y: -30, z: 10 } },
};
const cloudScene = {
  ...flamingoScene,
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 3 }, cameraLookAt: { x: 0, y: 0, z: 0 }, near: 0.1, far: 100 },
};

type Result = Extract<EngineEvent, { type: 'model-loaded' | 'model-error' }>;
const resultOf = (m: Mounted, id: string, from = 0) =>
  waitFor(
    () => m.events.slice(from).find((e): e is Result => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === id),
    `a load result for ${id}`,
    120_000,
  );
const corner = (m: Mounted) => m.host.querySelector('.dash3d-notices')?.textContent ?? '';
const single = (url: string, name: string) => ({ src: { filePath: url, fileList: [{ uid: 'u', name, url }] }, adaptive: false });

function drawnShare(p: PixelReadout): number {
  let drawn = 0;
  for (let i = 0; i < p.data.length; i += 4) if (colourDistance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, 255], BG) > 24) drawn++;
  return drawn / (p.data.length / 4);
}

/** The grid's colour, sRGB as in the file. */
const ORANGE = 0xff8000;

describe('model limits, defaults', () => {
  it(
    'the LZF bomb (20 M points, 229 MB unpacked, 2.6 MB file) is refused naming the limit; the neighbour keeps drawing',
    { timeout: 180_000 },
    async () => {
      const bomb = lzfBomb(20_000_000);
      expect(bomb.length).toBeLessThan(2_800_000);
      const url = await served('bomb.pcd', bomb);
      const m = await mountSpace(flamingoScene, { models: { good: { src: fixtureSource('gltf/Flamingo.glb'), adaptive: false } } });
      await resultOf(m, 'good');
      const before = drawnShare(await m.pixels());
      expect(before).toBeGreaterThan(0.03);

      const from = m.events.length;
      await m.update(flamingoScene, {
        models: { good: { src: fixtureSource('gltf/Flamingo.glb'), adaptive: false }, bomb: single(url, 'bomb.pcd') },
      });
      const r = await resultOf(m, 'bomb', from);
      expect(r).toMatchObject({
        type: 'model-error',
        code: 'model.limit.points',
        message: 'bomb.pcd: 20 M points exceed the limit of 8 M points per model',
      });
      await waitFor(() => corner(m).includes(FALLBACK), 'the damaged-file text');
      expect(corner(m)).toContain('bomb.pcd: 20 M points exceed the limit of 8 M points per model');
      expect(m.root.dataset.state).toBe('ready');
      expect(Math.abs(drawnShare(await m.pixels()) - before)).toBeLessThan(0.002);
    },
  );

  it('a 2.5 M-point cloud is drawn with every second point, its colours kept, and the corner says so', { timeout: 180_000 }, async () => {
    const url = await served('grid.pcd', colouredGrid(2000, 1250, ORANGE));
    const m = await mountSpace(cloudScene, { models: { c: single(url, 'grid.pcd') } });
    const r = await resultOf(m, 'c');
    expect(r.type).toBe('model-loaded');
    expect((r as Extract<Result, { type: 'model-loaded' }>).info.vertices).toBe(1_250_000);
    const text = 'grid.pcd: drawn with 1 of every 2 points: 2.5 M points exceed the comfortable 2 M';
    await waitFor(() => corner(m).includes(text), 'the decimation notice');
    expect(corner(m)).not.toContain(FALLBACK);
    const p = await m.pixels();
    const [r8, g8, b8] = meanColour(p, 0.4, 0.4, 0.6, 0.6);
    expect(colourDistance([r8, g8, b8, 255], [255, 128, 0, 255])).toBeLessThan(40);
  });
});

describe('model limits set by the host (ThreeDHost.limits)', () => {
  const grid = () => served('grid.pcd', colouredGrid(500, 400, ORANGE)); // 200 k points, 3.2 MB unpacked

  it("comfortablePoints: a 200 k-point cloud is drawn with 1 of every 4 points, said in the designer's language", async () => {
    const url = await grid();
    const m = await mountSpace(cloudScene, {
      locale: 'zh_Hans',
      limits: { comfortablePoints: 50_000 },
      models: { c: single(url, 'grid.pcd') },
    });
    const r = await resultOf(m, 'c');
    expect((r as Extract<Result, { type: 'model-loaded' }>).info.vertices).toBe(50_000);
    await waitFor(() => corner(m).includes('grid.pcd：每 4 个点只绘制 1 个：200 k 个点超过了适宜的 50 k'), 'the notice in Chinese');
    expect(drawnShare(await m.pixels())).toBeGreaterThan(0.3);
  });

  it("maxPoints and maxModelBytes: refused with the host's limit named", async () => {
    const url = await grid();
    const byPoints = await mountSpace(cloudScene, { limits: { maxPoints: 100_000 }, models: { c: single(url, 'grid.pcd') } });
    expect(await resultOf(byPoints, 'c')).toMatchObject({
      type: 'model-error',
      message: 'grid.pcd: 200 k points exceed the limit of 100 k points per model',
    });
    expect(drawnShare(await byPoints.pixels())).toBe(0);
    unmountAll();

    const byData = await mountSpace(cloudScene, { limits: { maxModelBytes: 1024 * 1024 }, models: { c: single(url, 'grid.pcd') } });
    expect(await resultOf(byData, 'c')).toMatchObject({
      type: 'model-error',
      code: 'model.limit.dataBytes',
      message: 'grid.pcd: its unpacked point data take 3.1 MB, more than the limit of 1 MB per model',
    });
    unmountAll();

    // Any format: the file itself (Flamingo.glb is 76 kB).
    const byFile = await mountSpace(flamingoScene, {
      limits: { maxModelBytes: 50 * 1024 },
      models: { f: { src: fixtureSource('gltf/Flamingo.glb'), adaptive: false } },
    });
    expect(await resultOf(byFile, 'f')).toMatchObject({
      type: 'model-error',
      message: 'Flamingo.glb: the file is 76 kB, more than the limit of 50 kB per model',
    });
    await waitFor(() => corner(byFile).includes('Flamingo.glb: the file is 76 kB'), 'the refusal in the corner');
  });

  it('the main-thread fallback engine keeps the same limits', async () => {
    const url = await grid();
    const m = await mountSpace(cloudScene, {
      forceMainThread: true,
      limits: { maxPoints: 100_000 },
      models: { c: single(url, 'grid.pcd') },
    });
    expect(m.handle.mode).toBe('main');
    expect(await resultOf(m, 'c')).toMatchObject({
      type: 'model-error',
      code: 'model.limit.points',
      message: 'grid.pcd: 200 k points exceed the limit of 100 k points per model',
    });
  });

  it('an invalid limit is reported and its default used', async () => {
    const url = await grid();
    const m = await mountSpace(cloudScene, { limits: { maxPoints: -5 }, models: { c: single(url, 'grid.pcd') } });
    expect((await resultOf(m, 'c')).type).toBe('model-loaded');
    await waitFor(() => m.host.querySelector('.dash3d-issues')?.textContent?.includes('limits.maxPoints'), 'the issue naming the field');
  });
});
