import { Vector3 } from 'three';
import type { ControlConfig } from '../../../shared/schema/space';
import type { EngineContext } from '../../engine/context';
import { createFirstPerson } from './first-person';
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
  const pilot = createFirstPerson(ctx);
  let config: WalkConfig | null = null;
  let vy = 0;
  const move = new Vector3();

  return {
    apply(c, view) {
      config = c;
      pilot.apply(c.enabled, view.moved);
      if (view.moved) vy = 0;
    },
    step(dt) {
      if (!config) return false;
      const { eyeHeight, moveSpeed, fallSpeed, jumpHeight } = config;
      const { forward, strafe } = pilot.axes();
      if (forward || strafe) {
        // Walk on the level whatever the pitch: looking down must not slow the walker.
        const s = Math.sin(pilot.look.yaw);
        const co = Math.cos(pilot.look.yaw);
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
          vy = pilot.keys.held('Space') ? Math.sqrt(2 * gravity * jumpHeight) : 0;
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
    dispose: () => pilot.dispose(),
  };
}
