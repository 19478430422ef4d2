import { afterEach, describe, expect, it } from 'vitest';
import { diffShare, mountSpace, unmountAll, waitFor } from './support/harness';
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
    const buttons = [...m.root.querySelectorAll<HTMLButtonElement>('.dash3d-snapshots button')];
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
    expect(m.root.querySelector('.dash3d-snapshots')).toBeNull();
    await m.update(config, { activeSnapshot: 'Side' });
    const view = await waitFor(async () => {
      const v = await m.handle.getView();
      return Math.abs(v.position.x - side.position.x) < 0.5 ? v : null;
    }, 'the camera to reach the Side snapshot');
    expect(view.target.y).toBeCloseTo(100, 0);
  });
});
