import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, unmountAll, waitFor } from '../support/harness';
import { fixtureSource } from '../support/fixtures';
import type { PixelReadout } from '../../../shared/protocol';

afterEach(unmountAll);

const scene = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
  cameraConfig: { cameraPositon: { x: 0, y: 100, z: 420 }, cameraLookAt: { x: 0, y: 90, z: 0 } },
};

/** Pixels in pure edge magenta, and the bounding box of everything drawn (model and lines). */
function measure(p: PixelReadout) {
  let magenta = 0;
  const box = { x0: p.width, y0: p.height, x1: 0, y1: 0 };
  const edgeBox = { x0: p.width, y0: p.height, x1: 0, y1: 0 };
  const grow = (b: typeof box, x: number, y: number) => {
    b.x0 = Math.min(b.x0, x);
    b.y0 = Math.min(b.y0, y);
    b.x1 = Math.max(b.x1, x);
    b.y1 = Math.max(b.y1, y);
  };
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 4;
      const [r, g, b] = [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
      if (r > 230 && b > 230 && g < 40) {
        magenta++;
        grow(edgeBox, x, y);
      } else if (r + g + b > 30) grow(box, x, y);
    }
  return { magenta, box, edgeBox };
}

describe('edges on a skinned model', () => {
  it('RobotExpressive (all skinned) gets edge lines, and they move with the dancing skin', async () => {
    const robot = { src: fixtureSource('gltf/RobotExpressive.glb'), edgeConfig: { enable: true, color: '#ff00ff' } };
    const m = await mountSpace(scene, { width: 400, height: 300, models: { r: robot } });
    await waitFor(() => m.events.some((e) => e.type === 'model-loaded'), 'the robot');
    const still = measure(await m.pixels());
    expect(still.magenta).toBeGreaterThan(100);

    await m.update(scene, { models: { r: { ...robot, animationConfig: [{ name: 'Dance', enable: true }] } } });
    await new Promise((r) => setTimeout(r, 700));
    const dancing = measure(await m.pixels());
    expect(dancing.magenta).toBeGreaterThan(100);
    // The lines moved (not a ghost of the rest pose) and stay on the model's silhouette.
    expect(JSON.stringify(dancing.edgeBox)).not.toBe(JSON.stringify(still.edgeBox));
    const margin = 4;
    expect(dancing.edgeBox.x0).toBeGreaterThanOrEqual(dancing.box.x0 - margin);
    expect(dancing.edgeBox.x1).toBeLessThanOrEqual(dancing.box.x1 + margin);
    expect(dancing.edgeBox.y0).toBeGreaterThanOrEqual(dancing.box.y0 - margin);
    expect(dancing.edgeBox.y1).toBeLessThanOrEqual(dancing.box.y1 + margin);
  });
});
