import type { CameraConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';
import { farBeyond } from '../util/order';

/**
 * cameraConfig: lens and the initial view. Position and look-at are applied when they change in
 * the config; between changes the controls own the camera (the controls feature reads the same
 * look-at as its orbit target).
 */
export function createCamera(ctx: EngineContext): Feature<CameraConfig> {
  const { camera } = ctx;
  return {
    apply(next, prev) {
      camera.fov = next.fov;
      camera.near = next.near;
      camera.far = farBeyond(next.near, next.far);
      camera.updateProjectionMatrix();
      const moved =
        !prev ||
        JSON.stringify(prev.cameraPositon) !== JSON.stringify(next.cameraPositon) ||
        JSON.stringify(prev.cameraLookAt) !== JSON.stringify(next.cameraLookAt);
      if (moved) {
        const p = next.cameraPositon;
        const t = next.cameraLookAt;
        camera.position.set(p.x, p.y, p.z);
        camera.lookAt(t.x, t.y, t.z);
        camera.updateMatrixWorld();
      }
      ctx.invalidate();
    },
    dispose() {},
  };
}
