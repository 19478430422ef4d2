import { describe, expect, it } from 'vitest';
import {
  Box3,
  BoxGeometry,
  BufferGeometry,
  Float32BufferAttribute,
  Group,
  Mesh,
  MeshBasicMaterial,
  Points,
  Vector3,
  type Object3D,
} from 'three';
import { createFit, FIT_HEIGHT, FIT_SIZE } from '../../../../worker/models/features/fit';
import { HELPER_FLAG } from '../../../../worker/models/types';
import { fakeScope } from './anim-support';

const box = (w: number, h: number, d: number, at: [number, number, number]) => {
  const m = new Mesh(new BoxGeometry(w, h, d), new MeshBasicMaterial());
  m.position.set(...at);
  return m;
};

/** The model's box in world space, as the scene draws it. */
function worldBox(root: Object3D) {
  root.updateMatrixWorld(true);
  const b = new Box3();
  root.traverse((o) => {
    if (o.userData[HELPER_FLAG]) return;
    const g = (o as Mesh).geometry;
    if (!g) return;
    g.computeBoundingBox();
    b.union(g.boundingBox!.clone().applyMatrix4(o.matrixWorld));
  });
  return { size: b.getSize(new Vector3()), centre: b.getCenter(new Vector3()), min: b.min };
}

describe('adaptive (fit)', () => {
  it('a tall model: height capped, centred on x/z, resting on y = 0', () => {
    const group = new Group();
    group.add(box(10, 40, 20, [100, 50, -30]));
    const f = fakeScope(group);
    createFit(f.scope).apply({ enable: true }, undefined);
    const w = worldBox(f.scope.root);
    expect(w.size.y).toBeCloseTo(FIT_HEIGHT);
    expect(w.min.y).toBeCloseTo(0);
    expect(w.centre.x).toBeCloseTo(0);
    expect(w.centre.z).toBeCloseTo(0);
    expect(f.invalidations).toBeGreaterThan(0);
  });

  it('a wide model: the largest dimension becomes FIT_SIZE', () => {
    const f = fakeScope(box(4000, 10, 1000, [0, -7, 0]));
    createFit(f.scope).apply({ enable: true }, undefined);
    const w = worldBox(f.scope.root);
    expect(w.size.x).toBeCloseTo(FIT_SIZE);
    expect(w.size.z).toBeCloseTo(FIT_SIZE / 4);
    expect(w.min.y).toBeCloseTo(0);
  });

  it('off, and dispose, leave the frame at identity', () => {
    const f = fakeScope(box(1, 1, 1, [5, 5, 5]));
    const fit = createFit(f.scope);
    fit.apply({ enable: true }, undefined);
    expect(f.scope.frame.scale.x).toBeCloseTo(FIT_HEIGHT); // a cube: its height is the limit
    fit.apply({ enable: false }, { enable: true });
    expect(f.scope.frame.position.toArray()).toEqual([0, 0, 0]);
    expect(f.scope.frame.scale.toArray()).toEqual([1, 1, 1]);
    fit.apply({ enable: true }, { enable: false });
    fit.dispose();
    expect(f.scope.frame.position.toArray()).toEqual([0, 0, 0]);
    expect(f.scope.frame.scale.toArray()).toEqual([1, 1, 1]);
  });

  it('helpers, hidden objects and the widget root transform do not count; the model is not touched', () => {
    const group = new Group();
    const model = box(10, 10, 10, [0, 5, 0]);
    const helper = box(1000, 1000, 1000, [0, 0, 0]);
    helper.userData[HELPER_FLAG] = true;
    const hidden = box(1000, 1000, 1000, [0, 0, 0]);
    hidden.visible = false;
    group.add(model, helper, hidden);
    const f = fakeScope(group);
    f.scope.root.position.set(300, 0, 0); // keyframes own the root
    f.scope.root.rotation.set(0, 1, 0);
    createFit(f.scope).apply({ enable: true }, undefined);
    expect(f.scope.frame.scale.x).toBeCloseTo(FIT_HEIGHT / 10);
    expect(model.position.toArray()).toEqual([0, 5, 0]);
    expect(f.scope.frame.position.y).toBeCloseTo(0);
  });

  it('point clouds are fitted too; an empty model stays as it is', () => {
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 2, 1, 0, 1, 0.5, 0.5], 3));
    const f = fakeScope(new Points(g));
    createFit(f.scope).apply({ enable: true }, undefined);
    expect(worldBox(f.scope.root).size.x).toBeCloseTo(FIT_SIZE);
    const empty = fakeScope(new Group());
    createFit(empty.scope).apply({ enable: true }, undefined);
    expect(empty.scope.frame.scale.toArray()).toEqual([1, 1, 1]);
  });
});
