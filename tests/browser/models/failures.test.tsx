import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { colourDistance, hexToRgb, mountSpace, unmountAll, waitFor, type Mounted, type RGBA } from '../support/harness';
import { fixtureSource, fixtureUrl } from '../support/fixtures';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';

/**
 * A damaged, truncated or missing model file: the spec's fallback message, the error logged, the
 * worker and the other models alive, and a corrected source recovers without a remount.
 */

afterEach(unmountAll);

const FALLBACK = 'An error has occurred, possibly due to the model file being damaged or missing!';
const BACKGROUND = '#204060';
const BG: RGBA = [...hexToRgb(BACKGROUND), 255];

// The flamingo (adaptive off) spans about x -26..27, y -78..11, z -76..100: seen from its side.
const scene = {
  sceneConfig: { background: BACKGROUND, ground: { enable: false } },
  environmentConfig: { enable: false },
  lightConfig: { ambientLight: [{ intensity: 2 }], directionalLight: [] },
  cameraConfig: { cameraPositon: { x: 250, y: -30, z: 10 }, cameraLookAt: { x: 0, y: -30, z: 10 } },
};

function drawnShare(p: PixelReadout): number {
  let drawn = 0;
  for (let i = 0; i < p.data.length; i += 4) if (colourDistance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, 255], BG) > 24) drawn++;
  return drawn / (p.data.length / 4);
}

type ModelEvent = Extract<EngineEvent, { type: 'model-loaded' | 'model-error' }>;
/** The first load result for `id` after event index `from`. */
const resultOf = (m: Mounted, id: string, from: number) =>
  waitFor(
    () => m.events.slice(from).find((e): e is ModelEvent => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === id),
    `a load result for ${id}`,
  );
const fallbackShown = (m: Mounted) => (m.host.textContent ?? '').includes(FALLBACK);
const flamingo = { src: fixtureSource('gltf/Flamingo.glb'), adaptive: false };

describe('a model file that cannot be loaded', () => {
  it('a truncated copy fails with the fallback message; the other model in the space keeps rendering', async () => {
    const m = await mountSpace(scene, { models: { good: flamingo } });
    await resultOf(m, 'good', 0);
    const before = drawnShare(await m.pixels());
    expect(before).toBeGreaterThan(0.03);
    expect(fallbackShown(m)).toBe(false);

    const url = await commands.truncatedFixture('gltf/Flamingo.glb', 5000);
    const from = m.events.length;
    const bad = { src: { filePath: url, fileList: [{ uid: 't', name: 'Flamingo.glb', url }] }, adaptive: false };
    await m.update(scene, { models: { good: flamingo, bad } });
    const result = await resultOf(m, 'bad', from);
    expect(result.type).toBe('model-error');
    expect((result as { message: string }).message).toMatch(/^Flamingo\.glb: the file is damaged or truncated \(.+\)$/);
    await waitFor(() => fallbackShown(m), 'the fallback message');
    // The worker is alive and the good model still draws, as before.
    expect(m.root.dataset.state).toBe('ready');
    const after = await m.pixels();
    expect(Math.abs(drawnShare(after) - before)).toBeLessThan(0.002);
  });

  it('a missing file (HTTP 404) fails too; a corrected source recovers without a remount', async () => {
    const missing = fixtureUrl('gltf/NoSuchModel.glb');
    const m = await mountSpace(scene, {
      models: { a: { src: { filePath: missing, fileList: [{ uid: 'x', name: 'NoSuchModel.glb', url: missing }] }, adaptive: false } },
    });
    const failed = await resultOf(m, 'a', 0);
    expect(failed.type).toBe('model-error');
    expect((failed as { message: string }).message).toBe('NoSuchModel.glb: HTTP 404 Not Found');
    await waitFor(() => fallbackShown(m), 'the fallback message');
    expect(drawnShare(await m.pixels())).toBe(0);

    const from = m.events.length;
    await m.update(scene, { models: { a: flamingo } });
    expect((await resultOf(m, 'a', from)).type).toBe('model-loaded');
    await waitFor(() => !fallbackShown(m), 'the fallback message to go');
    expect(drawnShare(await m.pixels())).toBeGreaterThan(0.03);
  });

  it('a glTF whose .bin is not among its files names the missing file', async () => {
    const dir = 'gltf/DamagedHelmet/';
    const m = await mountSpace(scene, { models: { h: { src: fixtureSource(dir + 'DamagedHelmet.gltf', dir + 'Default_AO.jpg') } } });
    const r = await resultOf(m, 'h', 0);
    expect(r.type).toBe('model-error');
    expect((r as { message: string }).message).toBe("DamagedHelmet.gltf: DamagedHelmet.bin is not among the model's files");
    await waitFor(() => fallbackShown(m), 'the fallback message');
  });

  it('companion files uploaded without their model draw nothing and raise no error until the model file arrives', async () => {
    const dir = 'gltf/DamagedHelmet/';
    const companions = fixtureSource(dir + 'DamagedHelmet.bin', dir + 'Default_AO.jpg');
    const m = await mountSpace(scene, { models: { h: { src: { filePath: '', fileList: companions.fileList } } } });
    await m.handle.settled();
    expect(m.events.some((e) => e.type === 'model-error' || e.type === 'model-loaded')).toBe(false);
    expect(fallbackShown(m)).toBe(false);
    expect((await m.handle.stats()).models).toMatchObject({ total: 1, loaded: 0 });
    const full = fixtureSource(dir + 'DamagedHelmet.gltf', dir + 'DamagedHelmet.bin');
    await m.update(scene, { models: { h: { src: full } } });
    expect((await resultOf(m, 'h', 0)).type).toBe('model-loaded');
  });
});
