import { Vector3 } from 'three';
import type { ControlConfig } from '../../../shared/schema/space';
import type { EngineContext } from '../../engine/context';
import { createKeyState, BACK, FORWARD, LEFT, RIGHT } from './keys';
import { createMouseLook } from './look';
import type { Controller } from './types';

type FlyConfig = ControlConfig['flyConfig'];
const UP = ['KeyE', 'Space'];
const DOWN = ['KeyQ', 'ShiftLeft', 'ShiftRight'];

/**
 * controlType 'fly': free flight, no gravity and no ground. Look with a drag (or the locked
 * mouse); W/S and the up/down arrows fly along the full 3D look direction, A/D strafe, E/Space
 * rise and Q/Shift sink, at moveSpeed units per second.
 */
export function createFly(ctx: EngineContext): Controller<FlyConfig> {
  const { camera } = ctx;
  const keys = createKeyState(ctx.element, () => ctx.invalidate());
  const look = createMouseLook(ctx.element, camera, () => ctx.invalidate());
  let config: FlyConfig | null = null;
  const dir = new Vector3();
  const side = new Vector3();

  return {
    apply(c, view) {
      config = c;
      keys.setEnabled(c.enabled);
      look.setEnabled(c.enabled);
      if (view.moved) look.sync();
    },
    step(dt) {
      if (!config) return false;
      const forward = keys.axis(FORWARD, BACK);
      const strafe = keys.axis(RIGHT, LEFT);
      const rise = keys.axis(UP, DOWN);
      if (!forward && !strafe && !rise) return false;
      camera.getWorldDirection(dir).multiplyScalar(forward);
      side.set(1, 0, 0).applyQuaternion(camera.quaternion).multiplyScalar(strafe);
      dir.add(side);
      dir.y += rise;
      if (dir.lengthSq() > 0) camera.position.addScaledVector(dir.normalize(), config.moveSpeed * dt);
      camera.updateMatrixWorld();
      return true;
    },
    dispose() {
      keys.dispose();
      look.dispose();
    },
  };
}
