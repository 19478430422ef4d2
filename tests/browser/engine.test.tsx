import { afterEach, describe, expect, it } from 'vitest';
import { colourDistance, EMPTY, meanColour, mountSpace, pixelAt, unmountAll } from './support/harness';

afterEach(unmountAll);

describe('3D space engine', () => {
  it('renders in a worker, reports ready on the root element and draws the ground', async () => {
    const m = await mountSpace({
      ...EMPTY,
      lightConfig: { ambientLight: [{ intensity: 3 }], directionalLight: [] },
      sceneConfig: { background: '#000000' },
    });
    expect(m.handle.mode).toBe('worker');
    expect(m.root.dataset.state).toBe('ready');
    expect(m.root.getAttribute('aria-busy')).toBe('false');
    const p = await m.pixels();
    // Camera at (0,200,500) looking at the origin: the ground fills the lower part of the view.
    expect(colourDistance(pixelAt(p, 0.5, 0.9), [0, 0, 0, 255])).toBeGreaterThan(30);
  });

  it('fog changes far pixels but not near ones', async () => {
    const lit = { ...EMPTY, lightConfig: { ambientLight: [{ intensity: 3 }], directionalLight: [] } };
    const m = await mountSpace({ ...lit, sceneConfig: { background: '#000000', ground: { enable: true, width: 20000, height: 20000 } } });
    const before = await m.pixels();
    await m.update({
      ...lit,
      sceneConfig: {
        background: '#000000',
        ground: { enable: true, width: 20000, height: 20000 },
        fog: { enable: true, color: '#ff0000', near: 600, far: 3000 },
      },
    });
    const after = await m.pixels();
    const farBefore = meanColour(before, 0.4, 0.03, 0.6, 0.08);
    const farAfter = meanColour(after, 0.4, 0.03, 0.6, 0.08);
    expect(farAfter[0] - farBefore[0]).toBeGreaterThan(40); // far ground turned towards red
    const nearBefore = meanColour(before, 0.4, 0.95, 0.6, 1);
    const nearAfter = meanColour(after, 0.4, 0.95, 0.6, 1);
    expect(colourDistance(nearBefore, nearAfter)).toBeLessThan(10);
  });
});
