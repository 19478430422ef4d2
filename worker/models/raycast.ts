import {
  Vector3,
  type BufferGeometry,
  type Camera,
  type Intersection,
  type Line,
  type Material,
  type Mesh,
  type Object3D,
  type Points,
  type PointsMaterial,
  type Raycaster,
  type SkinnedMesh,
} from 'three';
import { MeshBVH, PointsBVH, SkinnedMeshBVH, type GeometryBVH } from 'three-mesh-bvh';
import { isHelperObject } from './types';

/**
 * Bounding-volume hierarchies for picking, kept beside the model rather than patched onto three's
 * prototypes: a geometry's tree is keyed by the geometry (shared geometries share it), a skinned
 * mesh's by the mesh (its tree follows that mesh's pose). Weak maps: a disposed model's trees are
 * freed with its geometries, nothing has to remember to drop them.
 * `indirect` leaves the geometry untouched: the default build reorders (or adds) the index buffer,
 * which other features and the GPU copy rely on.
 */
const trees = new WeakMap<object, GeometryBVH | null>();
/** The bone matrices a skinned mesh's tree was last fitted to. */
const poses = new WeakMap<SkinnedMesh, Float32Array | null>();

/** Points per leaf: with 32 a 200k-point cloud builds in half the time of the default 10, and rays cost the same. */
const POINTS_LEAF = 32;
/** Pick tolerance around points and lines, in screen pixels. */
const PICK_RADIUS_PX = 4;

const hasMorphs = (g: BufferGeometry) => Object.keys(g.morphAttributes).length > 0;

/** What a tree can be built for: triangles without morph targets (three's own raycast handles those), and points. */
function treeKind(o: Object3D): 'mesh' | 'skinned' | 'points' | null {
  const g = (o as Mesh).geometry as BufferGeometry | undefined;
  if (!g?.attributes?.position) return null;
  if ((o as Points).isPoints) return 'points';
  const mesh = o as Mesh & { isInstancedMesh?: boolean; isBatchedMesh?: boolean };
  if (!mesh.isMesh || mesh.isInstancedMesh || mesh.isBatchedMesh || hasMorphs(g)) return null;
  return (o as SkinnedMesh).isSkinnedMesh ? 'skinned' : 'mesh';
}

function treeFor(o: Object3D): GeometryBVH | null {
  const kind = treeKind(o);
  if (!kind) return null;
  const geometry = (o as Mesh).geometry;
  const key = kind === 'skinned' ? o : geometry;
  let tree = trees.get(key);
  if (tree === undefined) {
    const opts = { indirect: true, verbose: false };
    try {
      tree =
        kind === 'points'
          ? new PointsBVH(geometry, { ...opts, targetLeafSize: POINTS_LEAF })
          : kind === 'skinned'
            ? new SkinnedMeshBVH(o as SkinnedMesh, opts)
            : new MeshBVH(geometry, opts);
    } catch (err) {
      // e.g. an interleaved index: three's own raycast still works, only slower. Not retried.
      console.warn(`[dash3d] no picking hierarchy for "${o.name || o.type}":`, err);
      tree = null;
    }
    trees.set(key, tree);
    if (kind === 'skinned') poses.set(o as SkinnedMesh, null);
  }
  return tree;
}

/** The tree `treeFor` built for `o`: undefined when none was built, null when building failed. */
export function builtTree(o: Object3D): GeometryBVH | null | undefined {
  const kind = treeKind(o);
  return kind ? trees.get(kind === 'skinned' ? o : (o as Mesh).geometry) : undefined;
}

/** Takes a tree built elsewhere (the parse worker, load/transfer/trees.ts) as `o`'s own. */
export function adoptTree(o: Object3D, tree: GeometryBVH): void {
  const kind = treeKind(o);
  if (!kind) return;
  trees.set(kind === 'skinned' ? o : (o as Mesh).geometry, tree);
  if (kind === 'skinned') poses.set(o as SkinnedMesh, null);
}

/** Which tree class `o` takes, or null; load/transfer/trees.ts rebuilds a tree of that class. */
export const treeKindOf = treeKind;

/** Build the trees of every pickable object under `root` (before the model joins the scene). */
export function buildBoundsTrees(root: Object3D): void {
  root.traverse((o) => {
    if (!isHelperObject(o)) treeFor(o);
  });
}

/** A skinned mesh is picked in its drawn pose: refit its tree when the bones moved since the last pick. */
function refitIfPosed(mesh: SkinnedMesh, tree: GeometryBVH) {
  const bones = mesh.skeleton?.boneMatrices ?? null;
  const last = poses.get(mesh);
  if (last && bones && last.length === bones.length && last.every((v, i) => v === bones[i])) return;
  tree.refit();
  poses.set(mesh, bones ? bones.slice() : null);
}

/** A part hidden by its material (or faded out to opacity 0 by its mesh config) is not picked. */
const shows = (m: Material) => m.visible && !(m.transparent && m.opacity <= 0);
const drawn = (m: Material | Material[] | undefined) => !m || (Array.isArray(m) ? m.some(shows) : shows(m));

const _v = new Vector3();
const _centre = new Vector3();
const _scale = new Vector3();

type AnyCamera = Camera & { isPerspectiveCamera?: boolean; fov?: number; zoom?: number; top?: number; bottom?: number };

/** Distance of `at` in front of the camera, along its view direction. */
const depthOf = (camera: Camera, at: Vector3) => Math.max(1e-6, -_v.copy(at).applyMatrix4(camera.matrixWorldInverse).z);

/** World units covered by one CSS pixel at `at` (perspective or orthographic camera). */
export function worldPerPixel(camera: Camera, viewportHeight: number, at: Vector3): number {
  const c = camera as AnyCamera;
  if (c.isPerspectiveCamera) {
    return (2 * depthOf(camera, at) * Math.tan(((c.fov ?? 50) * Math.PI) / 360)) / (c.zoom ?? 1) / viewportHeight;
  }
  return ((c.top ?? 1) - (c.bottom ?? -1)) / (c.zoom ?? 1) / viewportHeight;
}

/**
 * Points and lines are hit within a few pixels, or within the drawn size of a point, measured at
 * the object's centre. three (and the points tree) divide the threshold by the object's own scale
 * only, so the world threshold is converted with the whole world scale (a fitted model is scaled
 * by its parent).
 */
function setThreshold(o: Object3D, raycaster: Raycaster, camera: Camera, viewportHeight: number) {
  const g = (o as Points).geometry;
  if (!g.boundingSphere) g.computeBoundingSphere();
  const centre = _centre.copy(g.boundingSphere!.center).applyMatrix4(o.matrixWorld);
  let radiusPx = PICK_RADIUS_PX;
  const pm = (o as Points).material as PointsMaterial;
  if ((o as Points).isPoints && typeof pm?.size === 'number') {
    // three draws an attenuated point size * (height / 2) / depth pixels wide, others size pixels.
    const attenuated = pm.sizeAttenuation && (camera as AnyCamera).isPerspectiveCamera;
    const sizePx = attenuated ? (pm.size * viewportHeight) / 2 / depthOf(camera, centre) : pm.size;
    radiusPx = Math.max(radiusPx, sizePx / 2);
  }
  const world = radiusPx * worldPerPixel(camera, viewportHeight, centre);
  _scale.setFromMatrixScale(o.matrixWorld);
  const worldScale = (_scale.x + _scale.y + _scale.z) / 3 || 1;
  const ownScale = (o.scale.x + o.scale.y + o.scale.z) / 3 || 1;
  raycaster.params.Points.threshold = raycaster.params.Line.threshold = (world * ownScale) / worldScale;
}

/** Test one object; returns its nearest hit or null. */
function hitObject(o: Object3D, raycaster: Raycaster, camera: Camera, viewportHeight: number): Intersection | null {
  const isPoints = (o as Points).isPoints;
  const isLine = (o as Line).isLine;
  if (!(o as Mesh).isMesh && !isPoints && !isLine) return null;
  if (!drawn((o as Mesh).material)) return null;
  if (isPoints || isLine) setThreshold(o, raycaster, camera, viewportHeight);
  const hits: Intersection[] = [];
  const tree = treeFor(o);
  if (tree) {
    if ((o as SkinnedMesh).isSkinnedMesh) refitIfPosed(o as SkinnedMesh, tree);
    tree.raycastObject3D(o, raycaster, hits);
  } else {
    o.raycast(raycaster, hits); // lines, instanced and morphing meshes: three's own test
  }
  let best: Intersection | null = null;
  for (const h of hits) if (!best || h.distance < best.distance) best = h;
  if (best && isPoints && best.index !== undefined) {
    // Report the point itself, not the nearest spot on the ray beside it.
    const pos = (o as Points).geometry.attributes.position!;
    best.point = new Vector3().fromBufferAttribute(pos, best.index).applyMatrix4(o.matrixWorld);
  }
  return best;
}

/**
 * Whether the raycaster's ray meets any of `objects` themselves (not their children), stopping at
 * the first hit: an occlusion test needs no nearest hit. The caller has already left out invisible
 * subtrees, helpers and objects on layers the camera does not see (as pickNearest does).
 */
export function hitsAny(raycaster: Raycaster, objects: readonly Object3D[], camera: Camera, viewportHeight: number): boolean {
  raycaster.firstHitOnly = true;
  raycaster.camera = camera;
  for (const o of objects) if (hitObject(o, raycaster, camera, viewportHeight)) return true;
  return false;
}

export interface PickTarget<T> {
  root: Object3D;
  owner: T;
}
export interface PickHit<T> {
  owner: T;
  /** The Mesh, Points or Line that was hit. */
  part: Object3D;
  point: Vector3;
  distance: number;
}

/**
 * The nearest hit along the raycaster's ray over all targets. Invisible subtrees, objects on
 * layers the camera does not see, hidden materials and engine helpers are skipped.
 * Matrices are used as they are (the last drawn frame's), so the pick matches what is on screen.
 */
export function pickNearest<T>(
  raycaster: Raycaster,
  targets: Iterable<PickTarget<T>>,
  camera: Camera,
  viewportHeight: number,
): PickHit<T> | null {
  raycaster.firstHitOnly = true;
  raycaster.camera = camera;
  let best: PickHit<T> | null = null;
  const visit = (o: Object3D, owner: T) => {
    if (!o.visible || isHelperObject(o)) return;
    if (o.layers.test(camera.layers)) {
      const hit = hitObject(o, raycaster, camera, viewportHeight);
      if (hit && (!best || hit.distance < best.distance)) best = { owner, part: o, point: hit.point.clone(), distance: hit.distance };
    }
    for (const child of o.children) visit(child, owner);
  };
  for (const t of targets) visit(t.root, t.owner);
  return best;
}
