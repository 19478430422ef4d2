import { Plane, Raycaster, Vector2, Vector3, type Camera } from 'three';
import type { PickedPoint } from '../../../shared/protocol';
import { pickNearest, type PickTarget } from '../raycast';
import type { PickableNode } from './picking';

/** The ground plane y = 0 (the ground feature's plane, there or not). */
const GROUND = new Plane(new Vector3(0, 1, 0), 0);

/**
 * "Pick in scene" (settings panels): the surface point under canvas pixel (x, y), in space
 * coordinates. The models of the stage are tried first (nearest hit, the same picking as pointer
 * events, so the point is on what is drawn); a ray that misses them all lands on the ground plane
 * when it points down at it. `exclude` leaves one model out: a model is placed onto something else.
 * With `planeY` only the horizontal plane at that height is hit (a drag that keeps its height).
 */
export function pickPointAt(
  camera: Camera,
  size: { width: number; height: number },
  nodes: Iterable<PickableNode>,
  x: number,
  y: number,
  exclude?: string,
  planeY?: number,
): PickedPoint | null {
  const { width, height } = size;
  if (!(width > 0 && height > 0)) return null;
  const raycaster = new Raycaster();
  camera.updateMatrixWorld();
  raycaster.setFromCamera(new Vector2((x / width) * 2 - 1, 1 - (y / height) * 2), camera);
  if (planeY !== undefined) {
    const at = raycaster.ray.intersectPlane(new Plane(new Vector3(0, 1, 0), -planeY), new Vector3());
    return at ? { point: { x: at.x + 0, y: planeY, z: at.z + 0 }, on: 'ground' } : null;
  }
  const targets: PickTarget<PickableNode>[] = [];
  for (const node of nodes) {
    if (node.object && node.id !== exclude) {
      // The last frame's matrices may predate a placement change made since: picking meets the model where it now is.
      node.root.updateWorldMatrix(true, true);
      targets.push({ root: node.root, owner: node });
    }
  }
  const hit = pickNearest(raycaster, targets, camera, height);
  if (hit) {
    const { x: px, y: py, z: pz } = hit.point;
    return { point: { x: px, y: py, z: pz }, on: 'model', modelId: hit.owner.id, objectName: hit.part.name || undefined };
  }
  const ground = raycaster.ray.intersectPlane(GROUND, new Vector3());
  if (!ground) return null;
  // -0 would print as "-0" in a settings field.
  return { point: { x: ground.x + 0, y: 0, z: ground.z + 0 }, on: 'ground' };
}
