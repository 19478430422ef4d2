import { POINTER_INPUT_TYPES, type InputMessage } from '../../shared/input';
import { TOUCH_SLOP_PX } from './taps';

/** A finger resting this long without moving is a long press (Android and iOS both use half a second). */
export const LONG_PRESS_MS = 500;

/** Returns true when a listener kept the message from the rest (ElementStandIn.dispatch). */
type Dispatch = (message: InputMessage) => boolean;

export interface LongPress {
  /** One forwarded message, on its way to the element stand-in. */
  input(message: InputMessage): void;
  dispose(): void;
}

const TOUCH_TYPES = new Set<string>(POINTER_INPUT_TYPES);

/** The finger's message as the right mouse button's: pressed (2), moving with it held, or let go. */
const asRightButton = (m: InputMessage, type: InputMessage['type'], buttons: number): InputMessage => ({
  ...m,
  type,
  pointerType: 'mouse',
  button: type === 'pointermove' ? -1 : 2,
  buttons,
});

/**
 * A long press is a right press (issue 30 point 3): a tablet has no right button, so one finger
 * resting LONG_PRESS_MS within the touch slop becomes one. Its touch is cancelled for everything
 * that heard it (orbit, picking, cards: it is no tap), then the same finger goes on as the right
 * mouse button until it lifts, so whatever a right drag does, a long press and drag does: in
 * orbit controls it pans with one finger. Other fingers are not heard while it is held (a right
 * drag has no second pointer). A press a listener took for itself (a gizmo handle) is left alone.
 *
 * Between the port and the element stand-in, in the worker and the main-thread fallback alike;
 * the timer runs where the engine runs, so a busy page does not delay it in the worker.
 */
export function createLongPress(dispatch: Dispatch): LongPress {
  let pending: { pointerId: number | undefined; x: number; y: number; last: InputMessage; timer: ReturnType<typeof setTimeout> } | null =
    null;
  /** The finger that is the right button now, if any. */
  let held: { pointerId: number | undefined } | null = null;
  /** Touch pointers down now, and the ones not heard because a long press is held. */
  const touching = new Set<number | undefined>();
  const unheard = new Set<number | undefined>();

  const drop = () => {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  };
  const fire = () => {
    const p = pending;
    pending = null;
    if (!p) return;
    dispatch({ ...p.last, type: 'pointercancel', button: -1, buttons: 0 });
    held = { pointerId: p.pointerId };
    dispatch(asRightButton(p.last, 'pointerdown', 2));
  };

  const touch = (m: InputMessage) => {
    const id = m.pointerId;
    switch (m.type) {
      case 'pointerdown': {
        // A primary touch lands while no other finger is down: forget fingers whose lift was lost.
        if (m.isPrimary !== false) touching.clear();
        touching.add(id);
        if (held) return void unheard.add(id);
        drop();
        const taken = dispatch(m);
        if (!taken && touching.size === 1)
          pending = { pointerId: id, x: m.clientX ?? 0, y: m.clientY ?? 0, last: m, timer: setTimeout(fire, LONG_PRESS_MS) };
        return;
      }
      case 'pointermove':
        if (unheard.has(id)) return;
        if (held && held.pointerId === id) return void dispatch(asRightButton(m, 'pointermove', 2));
        if (pending && pending.pointerId === id) {
          pending.last = m;
          if (Math.hypot((m.clientX ?? 0) - pending.x, (m.clientY ?? 0) - pending.y) > TOUCH_SLOP_PX) drop();
        }
        return void dispatch(m);
      case 'pointerup':
      case 'pointercancel':
        touching.delete(id);
        if (unheard.delete(id)) return;
        if (held && held.pointerId === id) {
          held = null;
          return void dispatch(asRightButton(m, 'pointerup', 0));
        }
        if (pending && pending.pointerId === id) drop();
        return void dispatch(m);
      default:
        if (!unheard.has(id)) dispatch(m);
    }
  };

  return {
    input(m) {
      if (m.pointerType === 'touch' && TOUCH_TYPES.has(m.type)) touch(m);
      else dispatch(m);
    },
    dispose() {
      drop();
      held = null;
      touching.clear();
      unheard.clear();
    },
  };
}
