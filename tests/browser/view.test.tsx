import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, rgbaAt, unmountAll, waitFor } from './support/harness';
import { sphereScene } from './support/scenes';
import type { PixelReadout } from '../../shared/protocol';

afterEach(unmountAll);

/** Width / height of the bright blob (the sphere) in the readout. */
function blobAspect(p: PixelReadout): number {
  let minX = Infinity,
    maxX = -1,
    minY = Infinity,
    maxY = -1;
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      if (rgbaAt(p, (y * p.width + x) * 4)[0] > 128) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  expect(maxX).toBeGreaterThan(0);
  return (maxX - minX + 1) / (maxY - minY + 1);
}

describe('the 3D space view', () => {
  it('resize keeps the aspect: a sphere stays round in a wide and in a tall box', async () => {
    const m = await mountSpace(sphereScene, { width: 400, height: 200 });
    const wide = await m.pixels();
    expect(wide.width / wide.height).toBeCloseTo(2, 1);
    expect(blobAspect(wide)).toBeCloseTo(1, 1);
    m.host.style.width = '200px';
    m.host.style.height = '300px';
    await waitFor(async () => (await m.handle.readPixels()).width < wide.width, 'the canvas to resize');
    const tall = await m.pixels();
    expect(tall.height).toBeGreaterThan(tall.width);
    expect(blobAspect(tall)).toBeCloseTo(1, 1);
  });

  it('shows the loading screen with its colour, image size and a progress bar until the first frame', async () => {
    const img =
      'data:image/svg+xml,' +
      encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>');
    const m = await mountSpace(
      { ...sphereScene, loadingConfig: { img, width: 90, height: 60, backgroundColor: '#123456' } },
      { waitReady: false },
    );
    const screen = m.root.querySelector<HTMLElement>('.dash3d-loading');
    expect(m.root.dataset.state).toBe('loading');
    expect(m.root.getAttribute('aria-busy')).toBe('true');
    expect(screen).not.toBeNull();
    expect(getComputedStyle(screen!).backgroundColor).toBe('rgb(18, 52, 86)');
    const picture = screen!.querySelector('img')!;
    expect([picture.style.width, picture.style.height]).toEqual(['90px', '60px']);
    expect(screen!.querySelector('[role="progressbar"]')).not.toBeNull();
    await waitFor(() => m.root.dataset.state === 'ready', 'ready');
    expect(m.root.querySelector('.dash3d-loading')).toBeNull();
    expect(m.root.getAttribute('aria-busy')).toBe('false');
  });

  it('reports loading progress from the worker', async () => {
    const m = await mountSpace({ ...sphereScene, environmentConfig: { enable: true, type: 'city' } }, { width: 160, height: 100 });
    const progress = m.events.filter((e) => e.type === 'progress');
    // The environment preset loads as an asset; its progress reaches the main thread.
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1);
    expect(last?.type === 'progress' && last.loaded).toBe(last?.type === 'progress' && last.total);
  });
});
