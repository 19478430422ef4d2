import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InputMessage } from '../../../shared/input';
import { createLongPress, LONG_PRESS_MS } from '../../../worker/engine/longPress';

/** What the element stand-in hears after the long-press layer: type, pointer type, button, buttons. */
function fixture(taken = false) {
  const heard: InputMessage[] = [];
  const lp = createLongPress((m) => {
    heard.push(m);
    return taken && m.type === 'pointerdown';
  });
  const finger = (type: InputMessage['type'], pointerId = 1, x = 100, y = 100, isPrimary = pointerId === 1): InputMessage => ({
    type,
    pointerType: 'touch',
    pointerId,
    clientX: x,
    clientY: y,
    button: type === 'pointermove' ? -1 : 0,
    buttons: type === 'pointerup' ? 0 : 1,
    isPrimary,
  });
  const seen = () => heard.map((m) => `${m.type}:${m.pointerType}:${m.pointerId}:${m.button}:${m.buttons}`);
  return { lp, finger, heard, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a long press is a right press', () => {
  it('a finger resting LONG_PRESS_MS: its touch is cancelled, then it presses, drags and lets go as the right button', () => {
    const f = fixture();
    f.lp.input(f.finger('pointerdown'));
    f.lp.input(f.finger('pointermove', 1, 104, 103)); // within the touch slop
    vi.advanceTimersByTime(LONG_PRESS_MS);
    f.lp.input(f.finger('pointermove', 1, 160, 100));
    f.lp.input(f.finger('pointerup', 1, 160, 100));
    expect(f.seen()).toEqual([
      'pointerdown:touch:1:0:1',
      'pointermove:touch:1:-1:1',
      'pointercancel:touch:1:-1:0',
      'pointerdown:mouse:1:2:2',
      'pointermove:mouse:1:-1:2',
      'pointerup:mouse:1:2:0',
    ]);
    // Where the finger rested, not where it landed.
    expect(f.heard[3]).toMatchObject({ clientX: 104, clientY: 103 });
    // The next touch is a touch again.
    f.lp.input(f.finger('pointerdown'));
    expect(f.seen().at(-1)).toBe('pointerdown:touch:1:0:1');
    f.lp.dispose();
  });

  it('no long press when the finger moved past the slop, lifted, or a second finger landed', () => {
    for (const gesture of ['moved', 'lifted', 'pinch'] as const) {
      const f = fixture();
      f.lp.input(f.finger('pointerdown'));
      if (gesture === 'moved') f.lp.input(f.finger('pointermove', 1, 115, 100));
      if (gesture === 'lifted') f.lp.input(f.finger('pointerup'));
      if (gesture === 'pinch') f.lp.input(f.finger('pointerdown', 2, 200, 100));
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
      expect(
        f.heard.every((m) => m.pointerType === 'touch'),
        gesture,
      ).toBe(true);
      expect(
        f.heard.some((m) => m.type === 'pointercancel'),
        gesture,
      ).toBe(false);
    }
  });

  it('a press a listener took (a gizmo handle) stays a touch', () => {
    const f = fixture(true);
    f.lp.input(f.finger('pointerdown'));
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(f.seen()).toEqual(['pointerdown:touch:1:0:1']);
  });

  it('other fingers are not heard while it is held; mouse and keys pass through untouched', () => {
    const f = fixture();
    f.lp.input(f.finger('pointerdown'));
    vi.advanceTimersByTime(LONG_PRESS_MS);
    f.lp.input(f.finger('pointerdown', 2, 200, 100));
    f.lp.input(f.finger('pointermove', 2, 220, 100));
    f.lp.input(f.finger('pointerup', 2, 220, 100));
    f.lp.input(f.finger('pointerup'));
    expect(f.heard.filter((m) => m.pointerId === 2)).toEqual([]);
    const mouse: InputMessage = { type: 'pointerdown', pointerType: 'mouse', pointerId: 1, button: 0, buttons: 1 };
    const key: InputMessage = { type: 'keydown', code: 'KeyW' };
    f.lp.input(mouse);
    f.lp.input(key);
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(f.heard.slice(-2)).toEqual([mouse, key]);
  });

  it('a lift that never came does not stick: the next primary touch starts afresh', () => {
    const f = fixture();
    f.lp.input(f.finger('pointerdown', 1));
    f.lp.input(f.finger('pointermove', 1, 150, 100)); // a drag: no long press
    // Its pointerup was lost; a new gesture lands with a new id, primary.
    f.lp.input(f.finger('pointerdown', 5, 100, 100, true));
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(f.seen().slice(-2)).toEqual(['pointercancel:touch:5:-1:0', 'pointerdown:mouse:5:2:2']);
  });

  it('dispose stops a pending long press', () => {
    const f = fixture();
    f.lp.input(f.finger('pointerdown'));
    f.lp.dispose();
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    expect(f.heard).toHaveLength(1);
  });
});
