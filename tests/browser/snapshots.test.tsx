import { afterEach, describe, expect, it } from 'vitest';
import { diffShare, meanColour, mountSpace, unmountAll, waitFor, type RGBA } from './support/harness';
import { contentScene } from './support/scenes';

afterEach(unmountAll);

const top = { name: 'Top', position: { x: 0, y: 900, z: 1 }, target: { x: 0, y: 0, z: 0 } };
const side = { name: 'Side', position: { x: 700, y: 100, z: 0 }, target: { x: 0, y: 100, z: 0 } };
const withSnapshots = { ...contentScene, snapshotConfig: { showBar: true, snapshotList: [top, side] } };

async function settledAt(m: Awaited<ReturnType<typeof mountSpace>>, pos: { x: number; y: number; z: number }) {
  await waitFor(async () => {
    const v = await m.handle.getView();
    return Math.abs(v.position.x - pos.x) < 0.5 && Math.abs(v.position.y - pos.y) < 0.5 && Math.abs(v.position.z - pos.z) < 0.5;
  }, 'the camera to arrive');
  return m.pixels();
}

describe('camera snapshots', () => {
  it('the snapshot bar flies the camera to the chosen view', async () => {
    const m = await mountSpace(withSnapshots);
    // The bar is a part of its own, shown once the space has drawn.
    const buttons = await waitFor(() => {
      const found = [...m.root.querySelectorAll<HTMLButtonElement>('.dash3d-snapshots button')];
      return found.length ? found : null;
    }, 'the snapshot bar');
    expect(buttons.map((b) => b.textContent)).toEqual(['Top', 'Side']);
    const [topButton] = buttons;
    topButton?.click();
    const arrived = await settledAt(m, top.position);
    expect(topButton?.getAttribute('aria-pressed')).toBe('true');
    // The same picture as a space whose camera starts there.
    const reference = await mountSpace({ ...contentScene, cameraConfig: { cameraPositon: top.position, cameraLookAt: top.target } });
    expect(diffShare(arrived, await reference.pixels())).toBeLessThan(0.01);
    const view = await m.handle.getView();
    expect(view.target.y).toBeCloseTo(0, 1);
  });

  it('follows the bound snapshot variable and hides the bar when showBar is off', async () => {
    const config = { ...withSnapshots, snapshotConfig: { ...withSnapshots.snapshotConfig, showBar: false } };
    const m = await mountSpace(config);
    // Once the space has drawn its late parts come (its description is one): the bar is not among them.
    await waitFor(() => m.root.querySelector(':scope > div[hidden]')?.textContent, 'the description, a late part');
    expect(m.root.querySelector('.dash3d-snapshots')).toBeNull();
    await m.update(config, { activeSnapshot: 'Side' });
    const view = await waitFor(async () => {
      const v = await m.handle.getView();
      return Math.abs(v.position.x - side.position.x) < 0.5 ? v : null;
    }, 'the camera to reach the Side snapshot');
    expect(view.target.y).toBeCloseTo(100, 0);
  });

  // A red left half and a blue right half (two planes filling the view): the thumbnail must show
  // both colours on their sides, not a blank picture.
  const halves = {
    sceneConfig: { background: '#000000', ground: { enable: false } },
    lightConfig: { ambientLight: [], directionalLight: [] },
    environmentConfig: { enable: false },
    cameraConfig: { cameraPositon: { x: 0, y: 0, z: 500 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
    script: `
function onReady(THREE, api) {
  const plane = (colour, x) => {
    const m = new THREE.Mesh(new THREE.PlaneGeometry(2000, 2000), new THREE.MeshBasicMaterial({ color: colour }));
    m.position.x = x;
    api.scene.add(m);
  };
  plane(0xff0000, -1000);
  plane(0x0000ff, 1000);
  api.invalidate();
}`,
  };

  for (const forceMainThread of [false, true]) {
    it(`captureThumbnail answers a JPEG of the view at the asked size (${forceMainThread ? 'main-thread fallback' : 'worker'})`, async () => {
      const m = await mountSpace(halves, { width: 400, height: 200, forceMainThread });
      expect(m.handle.mode).toBe(forceMainThread ? 'main' : 'worker');
      const bytes = await m.handle.captureThumbnail(160, 90, 0.8);
      expect([...new Uint8Array(bytes, 0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      expect([bitmap.width, bitmap.height]).toEqual([160, 90]);
      const ctx = new OffscreenCanvas(160, 90).getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, 160, 90);
      const pixels = { width: 160, height: 90, data: new Uint8Array(data.buffer) };
      const close = (a: RGBA, b: RGBA) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]!) < 40);
      expect(close(meanColour(pixels, 0.03, 0.05, 0.45, 0.95), [255, 0, 0, 255])).toBe(true);
      expect(close(meanColour(pixels, 0.55, 0.05, 0.97, 0.95), [0, 0, 255, 255])).toBe(true);
      await expect(m.handle.captureThumbnail(0, 90)).rejects.toThrow(/width/);
    });
  }
});
