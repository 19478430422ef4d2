import { Raycaster, Vector3, type Object3D, type PerspectiveCamera } from 'three';
import { pickNearest, type PickTarget } from '../../models/raycast';

const _dir = new Vector3();

/**
 * Whether the scene hides a point from the camera: a ray from the camera to the point, through
 * whatever the scene holds (models, the ground, objects a script added) but the cards themselves,
 * using the models' picking trees. A point on a surface (an anchor picked on a model) is not hidden
 * by that surface: hits within a small share of the distance of the point do not count.
 */
export function createOcclusion(scene: Object3D, skip: Object3D) {
  const raycaster = new Raycaster();
  const targets: PickTarget<null>[] = [];
  return {
    /** Gather what can hide a card, once per frame. */
    begin() {
      targets.length = 0;
      for (const child of scene.children) if (child !== skip) targets.push({ root: child, owner: null });
    },
    hidden(point: Vector3, camera: PerspectiveCamera, viewportHeight: number): boolean {
      if (targets.length === 0) return false;
      const distance = _dir.copy(point).sub(camera.position).length();
      if (distance <= 0) return false;
      raycaster.set(camera.position, _dir.divideScalar(distance));
      raycaster.near = 0;
      raycaster.far = distance - Math.max(1e-3, distance * 2e-3);
      if (raycaster.far <= 0) return false;
      return pickNearest(raycaster, targets, camera, viewportHeight) !== null;
    },
  };
}
