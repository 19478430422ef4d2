import { describe, expect, it } from 'vitest';
import {
  AnimationClip,
  Bone,
  BoxGeometry,
  Group,
  MeshBasicMaterial,
  Object3D,
  Quaternion,
  QuaternionKeyframeTrack,
  Skeleton,
  SkinnedMesh,
  Vector3,
  VectorKeyframeTrack,
} from 'three';
import { AnimationSchema, type Animation } from '../../../../shared/schema/model';
import { createAnimations } from '../../../../worker/models/features/animation';
import { fakeScope } from './anim-support';

/** A model with two parts, `a` and `b`, and clips moving them (each 1 s long unless said). */
function model() {
  const object = new Group();
  const a = new Object3D();
  a.name = 'a';
  a.position.set(1, 2, 3);
  const b = new Object3D();
  b.name = 'b';
  object.add(a, b);
  const move = (name: string, target: string, to: number[], duration = 1) =>
    new AnimationClip(name, duration, [new VectorKeyframeTrack(`${target}.position`, [0, duration], [0, 0, 0, ...to])]);
  const hold = (name: string, value: number[]) =>
    new AnimationClip(name, 1, [new VectorKeyframeTrack('a.position', [0, 1], [...value, ...value])]);
  const clips = [
    move('MoveX', 'a', [10, 0, 0]),
    move('SlowB', 'b', [0, 0, 8], 2),
    hold('HoldX', [10, 0, 0]),
    hold('HoldY', [0, 10, 0]),
    new AnimationClip('Grow', 1, [new VectorKeyframeTrack('a.scale', [0, 1], [1, 1, 1, 3, 3, 3])]),
  ];
  return { object, a, b, clips };
}

const entry = (name: string, extra: Partial<Animation> = {}): Animation => AnimationSchema.parse({ name, enable: true, ...extra });

describe('model clips (animationConfig)', () => {
  it('blends enabled clips by weight; below a total of 1 the pose as loaded fills in', () => {
    const { object, a, clips } = model();
    const t = fakeScope(object, clips);
    const f = createAnimations(t.scope);
    f.apply([entry('HoldX', { weight: 0.5 }), entry('HoldY', { weight: 0.5 })], undefined);
    expect(a.position.toArray()).toEqual([5, 5, 0]);
    const prev = [entry('HoldX', { weight: 0.5 }), entry('HoldY', { weight: 0.5 })];
    const next = [entry('HoldX', { weight: 0.5 }), entry('HoldY', { weight: 0 })];
    f.apply(next, prev);
    // HoldX at half weight, the rest is the loaded position (1, 2, 3).
    expect(a.position.x).toBeCloseTo(5.5);
    expect(a.position.y).toBeCloseTo(1);
    expect(a.position.z).toBeCloseTo(1.5);
    f.dispose();
  });

  it('a once clip plays to its end, holds it, and stops asking for frames', () => {
    const { object, a, clips } = model();
    const t = fakeScope(object, clips);
    const f = createAnimations(t.scope);
    f.apply([entry('MoveX', { loop: 'once' })], undefined);
    expect(t.frames.size).toBe(1);
    t.step(0.25, 2);
    expect(a.position.x).toBeCloseTo(5);
    t.step(0.25, 3);
    expect(a.position.x).toBeCloseTo(10);
    expect(t.frames.size).toBe(0);
    f.dispose();
  });

  it('repetitions end a repeating clip after that many plays (0 repeats forever)', () => {
    const { object, clips } = model();
    const t = fakeScope(object, clips);
    const f = createAnimations(t.scope);
    const twice = [entry('MoveX', { repetitions: 2 })];
    f.apply(twice, undefined);
    t.step(0.25, 7);
    expect(t.frames.size).toBe(1);
    t.step(0.25, 2);
    expect(t.frames.size).toBe(0);
    const forever = [entry('MoveX', { repetitions: 0 })];
    f.apply(forever, twice);
    t.step(0.25, 40);
    expect(t.frames.size).toBe(1);
    f.dispose();
    expect(t.frames.size).toBe(0);
  });

  it('nothing enabled: no frame callback; time seeks and timeScale 0 holds that pose', () => {
    const { object, a, clips } = model();
    const t = fakeScope(object, clips);
    const f = createAnimations(t.scope);
    f.apply([entry('MoveX', { enable: false })], undefined);
    expect(t.frames.size).toBe(0);
    expect(a.position.toArray()).toEqual([1, 2, 3]);
    f.apply([entry('MoveX', { time: 0.25, timeScale: 0 })], [entry('MoveX', { enable: false })]);
    expect(t.frames.size).toBe(0);
    expect(a.position.x).toBeCloseTo(2.5);
    f.dispose();
  });

  it('changing one entry leaves the other clips running where they were', () => {
    const { object, a, b, clips } = model();
    const t = fakeScope(object, clips);
    const f = createAnimations(t.scope);
    const first = [entry('MoveX', { loop: 'once' }), entry('SlowB', { loop: 'once' })];
    f.apply(first, undefined);
    t.step(0.25, 2);
    expect(b.position.z).toBeCloseTo(2);
    const seek = [entry('MoveX', { loop: 'once', time: 0.75 }), entry('SlowB', { loop: 'once', timeScale: 2 })];
    f.apply(seek, first);
    expect(a.position.x).toBeCloseTo(7.5);
    expect(b.position.z).toBeCloseTo(2);
    t.step(0.25);
    expect(b.position.z).toBeCloseTo(4); // half a second of clip time at double speed
    f.dispose();
  });

  it('an entry naming no clip of the file is ignored with one warning', () => {
    const { object, a, clips } = model();
    const t = fakeScope(object, clips);
    const f = createAnimations(t.scope);
    const one = [entry('Nope'), entry('HoldX')];
    f.apply(one, undefined);
    f.apply([entry('Nope', { weight: 0.3 }), entry('HoldX')], one);
    expect(t.warnings).toHaveLength(1);
    expect(t.warnings[0]).toContain('Nope');
    expect(a.position.x).toBeCloseTo(10);
    f.dispose();
  });

  it('disabling and dispose put the pose as loaded back, clips never played untouched', () => {
    const { object, a, clips } = model();
    const t = fakeScope(object, clips);
    const f = createAnimations(t.scope);
    const on = [entry('MoveX'), entry('Grow', { enable: false })];
    f.apply(on, undefined);
    t.step(0.25, 2);
    expect(a.position.x).not.toBeCloseTo(1);
    f.apply([entry('MoveX', { enable: false })], on);
    expect(a.position.toArray()).toEqual([1, 2, 3]);
    f.apply([entry('MoveX')], [entry('MoveX', { enable: false })]);
    t.step(0.25, 2);
    f.dispose();
    expect(a.position.toArray()).toEqual([1, 2, 3]);
    expect(a.scale.toArray()).toEqual([1, 1, 1]);
    expect(t.frames.size).toBe(0);
  });

  it('dispose puts a skinned mesh back in its loaded pose', () => {
    const root = new Bone();
    root.name = 'hip';
    const arm = new Bone();
    arm.name = 'arm';
    arm.position.set(0, 1, 0);
    arm.quaternion.setFromAxisAngle(new Vector3(0, 0, 1), 0.3);
    root.add(arm);
    const mesh = new SkinnedMesh(new BoxGeometry(), new MeshBasicMaterial());
    const object = new Group();
    object.add(root, mesh);
    mesh.bind(new Skeleton([root, arm]));
    const loaded = arm.quaternion.clone();
    const turned = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), 1.2);
    const wave = new AnimationClip('Wave', 1, [
      new QuaternionKeyframeTrack('arm.quaternion', [0, 1], [...loaded.toArray(), ...turned.toArray()]),
    ]);
    const t = fakeScope(object, [wave]);
    const f = createAnimations(t.scope);
    f.apply([entry('Wave', { loop: 'once' })], undefined);
    t.step(0.25, 3);
    expect(arm.quaternion.angleTo(loaded)).toBeGreaterThan(0.5);
    f.dispose();
    expect(arm.quaternion.angleTo(loaded)).toBeLessThan(1e-6);
    expect(arm.position.toArray()).toEqual([0, 1, 0]);
  });
});
