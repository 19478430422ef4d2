import type { Material, Object3D, Points, PointsMaterial } from 'three';
import { materialsOf } from '../../util/materials';

/**
 * A point's size is given in world units, but three never multiplies it by the object's scale:
 * a cloud fitted into the scene (scaled by hundreds) or scaled by a part setting or a keyframe
 * would keep file-sized points, specks or blobs. Before each draw the size becomes the loader's
 * size times the cloud's world scale, on whichever material is drawn (a part's clone included).
 * Returns the function that undoes it.
 */
export function scalePointSize(clouds: readonly Points[]): () => void {
  const undo: (() => void)[] = [];
  for (const p of clouds) {
    const first = materialsOf(p)[0] as PointsMaterial | undefined;
    if (!first?.isPointsMaterial) continue;
    const base = first.size;
    const previous = p.onBeforeRender;
    const touched = new Set<PointsMaterial>();
    p.onBeforeRender = function (this: Object3D, renderer, scene, camera, geometry, material: Material, group) {
      const m = material as PointsMaterial;
      if (m.isPointsMaterial && m.sizeAttenuation) {
        touched.add(m);
        m.size = base * p.matrixWorld.getMaxScaleOnAxis();
      }
      previous.call(this, renderer, scene, camera, geometry, material, group);
    };
    undo.push(() => {
      p.onBeforeRender = previous;
      for (const m of touched) m.size = base;
    });
  }
  return () => undo.splice(0).forEach((u) => u());
}
