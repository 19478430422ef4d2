import { Vector3 } from 'three';
import type { ControlConfig } from '../../../shared/schema/space';
import type { EngineContext } from '../../engine/context';
import { createKeyState, BACK, FORWARD, LEFT, RIGHT } from './keys';
import { createMouseLook } from './look';
import type { Controller } from './types';

type WalkConfig = ControlConfig['pointerLockConfig'];

/**
 * fallSpeed is read as gravity in tenths of a unit/s²: with the default 100 and the scene's
 * centimetre-like units (eye height 170) that is 1000 units/s², close to Earth's 981 cm/s², so a
 * jump of the default 100 units takes just under a second. fallSpeed 0 means no falling motion:
 * the walker stands at eye height at once and cannot jump.
 */
const GRAVITY_PER_FALL_SPEED = 10;

/**
 * controlType 'pointerLock': first-person walk on the ground plane y = 0 (the ground feature's
 * plane). Look with the locked mouse or a drag; WASD / arrows walk horizontally in the look
 * direction; Space jumps to about jumpHeight; the eye stays eyeHeight above the ground.
 */
export function createWalk(ctx: EngineContext): Controller<WalkConfig> {
  const { camera } = ctx;
  const keys = createKeyState(ctx.element, () => ctx.invalidate());
  const look = createMouseLook(ctx.element, camera, () => ctx.invalidate());
  let config: WalkConfig | null = null;
  let vy = 0;
  const move = new Vector3();

  return {
    apply(c, view) {
      config = c;
      keys.setEnabled(c.enabled);
      look.setEnabled(c.enabled);
      if (view.moved) {
        look.sync();
        vy = 0;
      }
    },
    step(dt) {
      if (!config) return false;
      const { eyeHeight, moveSpeed, fallSpeed, jumpHeight } = config;
      const forward = keys.axis(FORWARD, BACK);
      const strafe = keys.axis(RIGHT, LEFT);
      if (forward || strafe) {
        // Walk on the level whatever the pitch: looking down must not slow the walker.
        const s = Math.sin(look.yaw);
        const co = Math.cos(look.yaw);
        move.set(-s * forward + co * strafe, 0, -co * forward - s * strafe).normalize();
        camera.position.addScaledVector(move, moveSpeed * dt);
      }
      const gravity = fallSpeed * GRAVITY_PER_FALL_SPEED;
      if (gravity <= 0) {
        camera.position.y = eyeHeight;
        vy = 0;
      } else {
        // On (or below) the ground: stand at eye height, so a raised eyeHeight stands the walker up.
        if (camera.position.y <= eyeHeight && vy <= 0) {
          camera.position.y = eyeHeight;
          vy = keys.held('Space') ? Math.sqrt(2 * gravity * jumpHeight) : 0;
        }
        if (vy !== 0 || camera.position.y > eyeHeight) {
          vy -= gravity * dt;
          camera.position.y += vy * dt;
          if (camera.position.y <= eyeHeight) {
            camera.position.y = eyeHeight;
            vy = 0;
          }
        }
      }
      camera.updateMatrixWorld();
      return !!(forward || strafe) || vy !== 0 || camera.position.y > eyeHeight;
    },
    dispose() {
      keys.dispose();
      look.dispose();
    },
  };
}
