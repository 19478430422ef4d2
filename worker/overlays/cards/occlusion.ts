import { Box3, Matrix4, Raycaster, Sphere, Vector3, type BufferGeometry, type Mesh, type Object3D, type PerspectiveCamera } from 'three';
import { hitsAny } from '../../models/raycast';
import { isHelperObject } from '../../models/types';

const _dir = new Vector3();
const _hit = new Vector3();
const _corner = new Vector3();

/** NDC slack around a blocker's screen bounds: far more than a projection's rounding, far less than a pixel. */
const NDC_SLACK = 1e-4;

/**
 * Something that may hide a card's anchor; its world bounding sphere and box when a ray that
 * misses them cannot hit it (null: always tested).
 */
interface Blocker {
  object: Object3D;
  sphere: Sphere | null;
  box: Box3 | null;
  /**
   * Where its sphere can be seen, in NDC (x0, y0, x1, y1): a ray from the eye meets the sphere
   * only through these bounds. Null when the sphere is not wholly in front of the eye.
   */
  screen: Float64Array | null;
}

/**
 * The NDC bounds of a sphere's bounding box seen through `viewProjection` (into `out`), or null
 * when a corner of it is not in front of the eye. With the box wholly in front, every point of it
 * projects inside the bounds of its projected corners. A ray from the eye that meets the sphere
 * meets it at a point with the same screen position as the ray's end (the anchor): an anchor
 * outside the bounds has a ray that misses the sphere.
 */
function screenBounds(sphere: Sphere, viewProjection: Matrix4, out: Float64Array): Float64Array | null {
  const { center: c, radius: r } = sphere;
  const e = viewProjection.elements;
  out[0] = out[1] = Infinity;
  out[2] = out[3] = -Infinity;
  for (let i = 0; i < 8; i++) {
    _corner.set(c.x + (i & 1 ? r : -r), c.y + (i & 2 ? r : -r), c.z + (i & 4 ? r : -r));
    const w = e[3] * _corner.x + e[7] * _corner.y + e[11] * _corner.z + e[15];
    if (!(w > 0)) return null;
    const x = (e[0] * _corner.x + e[4] * _corner.y + e[8] * _corner.z + e[12]) / w;
    const y = (e[1] * _corner.x + e[5] * _corner.y + e[9] * _corner.z + e[13]) / w;
    out[0] = Math.min(out[0], x);
    out[1] = Math.min(out[1], y);
    out[2] = Math.max(out[2], x);
    out[3] = Math.max(out[3], y);
  }
  out[0] -= NDC_SLACK;
  out[1] -= NDC_SLACK;
  out[2] += NDC_SLACK;
  out[3] += NDC_SLACK;
  return out;
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
  const bounds: Float64Array[] = [];
  const viewProjection = new Matrix4();
  const candidates: Object3D[] = [];
  // Whether this frame's blockers have screen bounds: rays start at camera.position, which must be
  // the eye the view-projection sees from (a camera under a moved parent is elsewhere).
  let screened = false;
  return {
    /** Gather what can hide a card, once per frame (the matrices of the frame drawn last, as picking uses). */
    begin(camera: PerspectiveCamera) {
      blockers.length = 0;
      const eye = camera.matrixWorld.elements;
      screened = eye[12] === camera.position.x && eye[13] === camera.position.y && eye[14] === camera.position.z;
      viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
      const visit = (o: Object3D) => {
        if (o === skip || !o.visible || isHelperObject(o)) return;
        if (o.layers.test(camera.layers)) {
          const object = o as Mesh;
          if (object.isMesh || (o as { isPoints?: boolean }).isPoints || (o as { isLine?: boolean }).isLine) {
            const g = boundedGeometry(o);
            const n = blockers.length;
            const sphere = g ? (spheres[n] ??= new Sphere()).copy(g.boundingSphere!).applyMatrix4(o.matrixWorld) : null;
            const box = g ? (boxes[n] ??= new Box3()).copy(g.boundingBox!).applyMatrix4(o.matrixWorld) : null;
            const screen = sphere && screened ? screenBounds(sphere, viewProjection, (bounds[n] ??= new Float64Array(4))) : null;
            blockers.push({ object: o, sphere, box, screen });
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
      // The point's own screen position (NDC): a blocker whose bounds do not hold it is not met.
      const e = viewProjection.elements;
      const w = e[3] * point.x + e[7] * point.y + e[11] * point.z + e[15];
      const x = w > 0 ? (e[0] * point.x + e[4] * point.y + e[8] * point.z + e[12]) / w : NaN;
      const y = w > 0 ? (e[1] * point.x + e[5] * point.y + e[9] * point.z + e[13]) / w : NaN;
      for (const b of blockers) {
        const s = b.screen;
        if (s && w > 0 && (x < s[0]! || x > s[2]! || y < s[1]! || y > s[3]!)) continue;
        if (b.sphere && !ray.intersectsSphere(b.sphere)) continue;
        // Where the ray enters the box (or starts, inside it) must come before the anchor.
        if (b.box && (!ray.intersectBox(b.box, _hit) || _hit.distanceTo(ray.origin) > far)) continue;
        candidates.push(b.object);
      }
      return candidates.length > 0 && hitsAny(raycaster, candidates, camera, viewportHeight);
    },
  };
}
