import { Box3, Raycaster, Sphere, Vector3, type BufferGeometry, type Mesh, type Object3D, type PerspectiveCamera } from 'three';
import { hitsAny } from '../../models/raycast';
import { isHelperObject } from '../../models/types';

const _dir = new Vector3();
const _hit = new Vector3();

/**
 * Something that may hide a card's anchor; its world bounding sphere and box when a ray that
 * misses them cannot hit it (null: always tested).
 */
interface Blocker {
  object: Object3D;
  sphere: Sphere | null;
  box: Box3 | null;
}

/**
 * A plain mesh's geometry, whose bounds hold it. Skinned, morphing and instanced meshes, lines and
 * points (hit within a pick tolerance) have none here: they are always tested.
 */
function boundedGeometry(o: Object3D): BufferGeometry | null {
  const mesh = o as Mesh & { isSkinnedMesh?: boolean; isInstancedMesh?: boolean; isBatchedMesh?: boolean };
  if (!mesh.isMesh || mesh.isSkinnedMesh || mesh.isInstancedMesh || mesh.isBatchedMesh) return null;
  const g = mesh.geometry as BufferGeometry | undefined;
  if (!g?.attributes.position || Object.keys(g.morphAttributes).length > 0) return null;
  if (!g.boundingSphere) g.computeBoundingSphere();
  if (!g.boundingBox) g.computeBoundingBox();
  return g.boundingSphere && g.boundingBox ? g : null;
}

/**
 * Whether the scene hides a point from the camera: a ray from the camera to the point, through
 * whatever the scene holds (models, the ground, objects a script added) but the cards themselves,
 * using the models' picking trees. A point on a surface (an anchor picked on a model) is not hidden
 * by that surface: hits within a small share of the distance of the point do not count.
 * Many cards mean many rays a frame: what can hide anything is gathered once per frame, with the
 * world bounding sphere and box of each plain mesh, and a ray only tests the objects whose sphere
 * and box its stretch from the camera to the anchor meets. The box matters for the ground: its
 * sphere holds the whole scene, but a card anchored above it never reaches its box.
 */
export function createOcclusion(scene: Object3D, skip: Object3D) {
  const raycaster = new Raycaster();
  const blockers: Blocker[] = [];
  const spheres: Sphere[] = [];
  const boxes: Box3[] = [];
  const candidates: Object3D[] = [];
  return {
    /** Gather what can hide a card, once per frame (the matrices of the frame drawn last, as picking uses). */
    begin(camera: PerspectiveCamera) {
      blockers.length = 0;
      const visit = (o: Object3D) => {
        if (o === skip || !o.visible || isHelperObject(o)) return;
        if (o.layers.test(camera.layers)) {
          const object = o as Mesh;
          if (object.isMesh || (o as { isPoints?: boolean }).isPoints || (o as { isLine?: boolean }).isLine) {
            const g = boundedGeometry(o);
            const n = blockers.length;
            const sphere = g ? (spheres[n] ??= new Sphere()).copy(g.boundingSphere!).applyMatrix4(o.matrixWorld) : null;
            const box = g ? (boxes[n] ??= new Box3()).copy(g.boundingBox!).applyMatrix4(o.matrixWorld) : null;
            blockers.push({ object: o, sphere, box });
          }
        }
        for (const child of o.children) visit(child);
      };
      for (const child of scene.children) visit(child);
    },
    hidden(point: Vector3, camera: PerspectiveCamera, viewportHeight: number): boolean {
      if (blockers.length === 0) return false;
      const distance = _dir.copy(point).sub(camera.position).length();
      if (distance <= 0) return false;
      const far = distance - Math.max(1e-3, distance * 2e-3);
      if (far <= 0) return false;
      _dir.divideScalar(distance);
      raycaster.set(camera.position, _dir);
      raycaster.near = 0;
      raycaster.far = far;
      candidates.length = 0;
      const { ray } = raycaster;
      for (const b of blockers) {
        if (b.sphere && !ray.intersectsSphere(b.sphere)) continue;
        // Where the ray enters the box (or starts, inside it) must come before the anchor.
        if (b.box && (!ray.intersectBox(b.box, _hit) || _hit.distanceTo(ray.origin) > far)) continue;
        candidates.push(b.object);
      }
      return candidates.length > 0 && hitsAny(raycaster, candidates, camera, viewportHeight);
    },
  };
}
