import { Raycaster, Vector3, type Intersection, type Material, type Mesh, type Object3D, type PerspectiveCamera } from 'three';
import { isHelperObject } from '../../models/types';
import { builtTree } from '../../models/raycast';

/**
 * Whether the scene's geometry lies between the camera and a group's anchor: one ray from the
 * camera to the anchor against the scene's meshes (the models, the ground, what scripts added).
 * Lines and points (edges, grids, clouds) do not hide a panel. A model's picking tree is used when
 * it has one (built at load), so a ray through a big model stays cheap; other meshes use three's
 * own test. The ray stops just short of the anchor, so an anchor picked on a surface is not hidden
 * by that surface itself.
 */

const raycaster = new Raycaster();
const _dir = new Vector3();
const hits: Intersection[] = [];

const shows = (m: Material) => m.visible && !(m.transparent && m.opacity <= 0);
const drawn = (m: Material | Material[]) => (Array.isArray(m) ? m.some(shows) : shows(m));

function blocks(o: Object3D, camera: PerspectiveCamera): boolean {
  if (!o.visible || isHelperObject(o)) return false;
  const mesh = o as Mesh;
  if (mesh.isMesh && o.layers.test(camera.layers) && drawn(mesh.material)) {
    hits.length = 0;
    const tree = builtTree(o);
    if (tree) tree.raycastObject3D(o, raycaster, hits);
    else o.raycast(raycaster, hits);
    // A tree answers at any distance: keep only what lies before the anchor.
    if (hits.some((h) => h.distance < raycaster.far)) return true;
  }
  return o.children.some((c) => blocks(c, camera));
}

export function occluded(scene: Object3D, camera: PerspectiveCamera, anchor: Vector3): boolean {
  const from = camera.getWorldPosition(raycaster.ray.origin);
  const distance = _dir.subVectors(anchor, from).length();
  if (distance < 1e-6) return false;
  raycaster.ray.direction.copy(_dir).divideScalar(distance);
  raycaster.near = 0;
  raycaster.far = distance - Math.max(distance * 1e-3, 1e-3);
  raycaster.camera = camera;
  raycaster.firstHitOnly = true;
  return blocks(scene, camera);
}
