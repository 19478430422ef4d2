import { Box3, Matrix4, Vector3, type BufferGeometry, type Object3D, type SkinnedMesh } from 'three';
import type { Feature } from '../../engine/context';
import { isHelperObject, type ModelScope } from '../types';

/**
 * Where a fitted model goes, for the default scene (camera at (0, 200, 500) looking at the origin,
 * fov 45, a 1000-wide ground at y = 0). The camera looks at the model's foot, so the model fills
 * the upper half of the view: a 200 wide model takes about half the width, and capping the height
 * at 160 keeps a tall one's top inside the frame (its top edge is about 17° above the view's
 * centre, the half field of view is 22.5°).
 */
export const FIT_SIZE = 200;
export const FIT_HEIGHT = 160;

/**
 * The model's axis-aligned box in the frame's space (`frame`'s own transform left out), from the
 * file's pose: visible objects only, helpers left out. Geometry boxes are computed once and cached
 * by three; a skinned mesh is measured in its current (rest) pose.
 */
export function measure(frame: Object3D, object: Object3D): Box3 {
  const box = new Box3();
  const part = new Box3();
  frame.updateMatrixWorld(true);
  const toFrame = frame.matrixWorld.clone().invert();
  const m = new Matrix4();
  const visit = (o: Object3D) => {
    if (!o.visible || isHelperObject(o)) return;
    const geometry = (o as { geometry?: BufferGeometry }).geometry;
    if (geometry?.getAttribute?.('position')) {
      const skinned = o as SkinnedMesh;
      if (skinned.isSkinnedMesh) {
        skinned.computeBoundingBox();
        part.copy(skinned.boundingBox);
      } else {
        if (!geometry.boundingBox) geometry.computeBoundingBox();
        part.copy(geometry.boundingBox!);
      }
      if (!part.isEmpty()) box.union(part.applyMatrix4(m.multiplyMatrices(toFrame, o.matrixWorld)));
    }
    o.children.forEach(visit);
  };
  visit(object);
  return box;
}

/** Scale and offset that put `box` at the fitted size, centred on x/z, resting on y = 0; null if unfit. */
export function fitTransform(box: Box3): { scale: number; position: Vector3 } | null {
  const finite = [box.min.x, box.min.y, box.min.z, box.max.x, box.max.y, box.max.z].every(Number.isFinite);
  if (box.isEmpty() || !finite) return null;
  const size = box.getSize(new Vector3());
  const largest = Math.max(size.x, size.y, size.z);
  // A single point (or a flat model seen edge-on) has no size to scale by: only move it.
  const scale = largest > 0 ? Math.min(FIT_SIZE / largest, size.y > 0 ? FIT_HEIGHT / size.y : Infinity) : 1;
  const centre = box.getCenter(new Vector3());
  return { scale, position: new Vector3(-centre.x * scale, -box.min.y * scale, -centre.z * scale) };
}

/**
 * `adaptive`: owns `scope.frame`'s position and scale and nothing else. The box is measured once,
 * when the model arrives (this feature comes first), so part offsets set later never re-centre
 * the model under the designer's hands.
 */
export function createFit(scope: ModelScope): Feature<{ enable: boolean }> {
  const { frame, ctx } = scope;
  const fit = fitTransform(measure(frame, scope.model.object));
  const reset = () => {
    frame.position.set(0, 0, 0);
    frame.scale.set(1, 1, 1);
  };
  return {
    apply(next) {
      if (next.enable && fit) {
        frame.position.copy(fit.position);
        frame.scale.setScalar(fit.scale);
      } else reset();
      ctx.invalidate();
    },
    dispose() {
      reset();
      ctx.invalidate();
    },
  };
}
