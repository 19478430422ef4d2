import { BoxGeometry, BufferGeometry, Float32BufferAttribute, SphereGeometry } from 'three';
import { PREVIEW } from '../../../shared/schema/preview';

/** The preview's shapes (spec §9): made when first shown, disposed with the preview. */
export type PreviewShape = 'box' | 'sphere' | 'points';

export function makeShape(shape: PreviewShape): BufferGeometry {
  if (shape === 'box') return new BoxGeometry(PREVIEW.box, PREVIEW.box, PREVIEW.box);
  if (shape === 'sphere') {
    const { radius, segments } = PREVIEW.sphere;
    return new SphereGeometry(radius, segments, segments);
  }
  const { count, min, max } = PREVIEW.points;
  const positions = new Float32Array(count * 3);
  for (let i = 0; i < positions.length; i++) positions[i] = min + Math.random() * (max - min);
  const cloud = new BufferGeometry();
  cloud.setAttribute('position', new Float32BufferAttribute(positions, 3));
  cloud.computeBoundingSphere();
  return cloud;
}

/** Keeps one geometry per shape, so switching between box and points does not reshuffle the cloud. */
export function createShapes() {
  const made = new Map<PreviewShape, BufferGeometry>();
  return {
    get(shape: PreviewShape): BufferGeometry {
      let g = made.get(shape);
      if (!g) made.set(shape, (g = makeShape(shape)));
      return g;
    },
    dispose() {
      for (const g of made.values()) g.dispose();
      made.clear();
    },
  };
}
