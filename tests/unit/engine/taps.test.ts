import { describe, expect, it } from 'vitest';
import { ElementStandIn, type StandInEvent } from '../../../worker/engine/element';
import { CLICK_SLOP_PX, createTaps, TOUCH_SLOP_PX } from '../../../worker/engine/taps';

/** Press, (move,) release through createTaps; returns the tap's point or null. */
function fixture() {
  const element = new ElementStandIn();
  element.setRect(400, 300);
  const taps = createTaps(element);
  const ev = (type: string, pointerType: string, pointerId: number, x: number, isPrimary = true): StandInEvent =>
    ({ type, pointerType, pointerId, offsetX: x, offsetY: 100, button: 0, isPrimary }) as unknown as StandInEvent;
  return { taps, ev };
}

describe('taps: what model picking and data cards take for a click', () => {
  it('a finger may roll further than a mouse may move', () => {
    const wobble = (CLICK_SLOP_PX + TOUCH_SLOP_PX) / 2;
    for (const [pointerType, tap] of [
      ['touch', true],
      ['pen', true],
      ['mouse', false],
    ] as const) {
      const { taps, ev } = fixture();
      taps.down(ev('pointerdown', pointerType, 1, 100));
      taps.move(ev('pointermove', pointerType, 1, 100 + wobble));
      expect(taps.up(ev('pointerup', pointerType, 1, 100 + wobble)) !== null, pointerType).toBe(tap);
    }
  });

  it('no finger of a two-finger gesture taps, whichever lifts first; the next single tap does', () => {
    for (const first of [1, 2]) {
      const { taps, ev } = fixture();
      taps.down(ev('pointerdown', 'touch', 1, 100));
      taps.down(ev('pointerdown', 'touch', 2, 200, false));
      const second = 3 - first;
      expect(taps.up(ev('pointerup', 'touch', first, first === 1 ? 100 : 200))).toBeNull();
      expect(taps.up(ev('pointerup', 'touch', second, second === 1 ? 100 : 200))).toBeNull();
      taps.down(ev('pointerdown', 'touch', 3, 150));
      expect(taps.up(ev('pointerup', 'touch', 3, 150))).toEqual({ x: 150, y: 100 });
    }
  });

  it('a cancelled touch (a long press, the browser taking the gesture) is no tap', () => {
    const { taps, ev } = fixture();
    taps.down(ev('pointerdown', 'touch', 1, 100));
    taps.cancel(ev('pointercancel', 'touch', 1, 100));
    expect(taps.up(ev('pointerup', 'touch', 1, 100))).toBeNull();
  });
});
