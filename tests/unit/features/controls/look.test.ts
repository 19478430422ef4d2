import { describe, expect, it } from 'vitest';
import { PerspectiveCamera } from 'three';
import { ElementStandIn } from '../../../../worker/engine/element';
import { createMouseLook } from '../../../../worker/features/controls/look';

/** Yaw after a drag, as the first-person and fly controls turn the view (look.ts). */
function fixture() {
  const element = new ElementStandIn();
  const camera = new PerspectiveCamera();
  const look = createMouseLook(element, camera, () => undefined);
  const send = (type: string, pointerId: number, clientX: number, isPrimary = pointerId === 1) =>
    element.dispatch({
      type,
      pointerType: 'touch',
      pointerId,
      clientX,
      clientY: 100,
      buttons: type === 'pointerup' ? 0 : 1,
      isPrimary,
    } as never);
  return { look, send };
}

describe('mouse look under fingers', () => {
  it('a second finger does not make the view jump between the two: the first finger turns it', () => {
    const one = fixture();
    one.send('pointerdown', 1, 100);
    one.send('pointermove', 1, 110);
    const alone = one.look.yaw;
    expect(alone).not.toBe(0);

    const two = fixture();
    two.send('pointerdown', 1, 100);
    two.send('pointerdown', 2, 400);
    two.send('pointermove', 2, 405);
    two.send('pointermove', 1, 110);
    two.send('pointermove', 2, 410);
    expect(two.look.yaw).toBeCloseTo(alone, 10);
    // The second finger lifting does not end the drag; the first one's does.
    two.send('pointerup', 2, 410);
    two.send('pointermove', 1, 120);
    expect(two.look.yaw).toBeCloseTo(2 * alone, 10);
    two.send('pointerup', 1, 120);
    two.send('pointermove', 1, 200);
    expect(two.look.yaw).toBeCloseTo(2 * alone, 10);
  });

  it('a primary press starts a drag even when the last one’s lift was lost', () => {
    const f = fixture();
    f.send('pointerdown', 1, 100);
    f.send('pointerdown', 7, 300, true);
    f.send('pointermove', 7, 310);
    expect(f.look.yaw).not.toBe(0);
  });
});
