import type { EngineContext } from '../../engine/context';
import { BACK, createKeyState, FORWARD, LEFT, RIGHT, type KeyState } from './keys';
import { createMouseLook, type MouseLook } from './look';

/** What the first-person controls (walk and fly) share: held keys and mouse look, as one unit. */
export interface FirstPerson {
  keys: KeyState;
  look: MouseLook;
  /** New settings: on or off, and whether the configured pose moved (look starts from it). */
  apply(enabled: boolean, moved: boolean): void;
  /** W/S or the up/down arrows (+1 forward) and A/D or left/right (+1 right): -1, 0 or +1 each. */
  axes(): { forward: number; strafe: number };
  dispose(): void;
}

export function createFirstPerson(ctx: EngineContext): FirstPerson {
  const keys = createKeyState(ctx.element, () => ctx.invalidate());
  const look = createMouseLook(ctx.element, ctx.camera, () => ctx.invalidate());
  return {
    keys,
    look,
    apply(enabled, moved) {
      keys.setEnabled(enabled);
      look.setEnabled(enabled);
      if (moved) look.sync();
    },
    axes: () => ({ forward: keys.axis(FORWARD, BACK), strafe: keys.axis(RIGHT, LEFT) }),
    dispose() {
      keys.dispose();
      look.dispose();
    },
  };
}
