import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, unmountAll, waitFor } from '../support/harness';
import { fixtureSource } from '../support/fixtures';
import type { PixelReadout } from '../../../shared/protocol';

afterEach(unmountAll);

const scene = { sceneConfig: { background: '#000000', ground: { enable: false } }, environmentConfig: { enable: false } };

/** Pixels clearly green and clearly red. */
function hues(p: PixelReadout) {
  let green = 0;
  let red = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const [r, g] = [p.data[i]!, p.data[i + 1]!];
    if (g > r + 80) green++;
    else if (r > g + 80) red++;
  }
  return { green, red };
}

describe('a point cloud with part settings', () => {
  it('a part colour set and cleared on a cloud gives the hot colour back', async () => {
    const cloud = (part: object) => ({
      src: fixtureSource('pcd/bunny.pcd'),
      pointConfig: { hotColor: '#00ff00' },
      treeConfig: { '0': { opacity: 0.9, ...part } },
    });
    const m = await mountSpace(scene, { width: 300, height: 200, models: { b: cloud({}) } });
    await waitFor(() => m.events.some((e) => e.type === 'model-loaded'), 'the bunny');
    const hot = hues(await m.pixels());
    expect(hot.green).toBeGreaterThan(50);
    expect(hot.red).toBe(0);

    await m.update(scene, { models: { b: cloud({ color: '#ff0000' }) } });
    const painted = hues(await m.pixels());
    expect(painted.red).toBeGreaterThan(50);
    expect(painted.green).toBe(0);

    await m.update(scene, { models: { b: cloud({ color: '' }) } });
    const back = hues(await m.pixels());
    expect(back.green).toBeGreaterThan(hot.green * 0.8);
    expect(back.red).toBe(0);
  });
});
