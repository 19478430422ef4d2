import { Vector3 } from 'three';
import type { ControlConfig } from '../../../shared/schema/space';
import type { EngineContext } from '../../engine/context';
import { createFirstPerson } from './first-person';
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
  const pilot = createFirstPerson(ctx);
  let config: FlyConfig | null = null;
  const dir = new Vector3();
  const side = new Vector3();

  return {
    apply(c, view) {
      config = c;
      pilot.apply(c.enabled, view.moved);
    },
    step(dt) {
      if (!config) return false;
      const { forward, strafe } = pilot.axes();
      const rise = pilot.keys.axis(UP, DOWN);
      if (!forward && !strafe && !rise) return false;
      camera.getWorldDirection(dir).multiplyScalar(forward);
      side.set(1, 0, 0).applyQuaternion(camera.quaternion).multiplyScalar(strafe);
      dir.add(side);
      dir.y += rise;
      if (dir.lengthSq() > 0) camera.position.addScaledVector(dir.normalize(), config.moveSpeed * dt);
      camera.updateMatrixWorld();
      return true;
    },
    dispose: () => pilot.dispose(),
  };
}
