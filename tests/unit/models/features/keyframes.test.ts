import { describe, expect, it } from 'vitest';
import { Euler, Group, MathUtils, Quaternion } from 'three';
import type * as z from 'zod';
import { CustomAnimationSchema, type CustomAnimation } from '../../../../shared/schema/model';
import { createKeyframes } from '../../../../worker/models/features/keyframes';
import { progressAt } from '../../../../worker/models/features/anim-progress';
import { fakeScope } from './anim-support';

type CustomAnimationInput = z.input<typeof CustomAnimationSchema>;
const kf = (input: CustomAnimationInput): CustomAnimation => CustomAnimationSchema.parse({ enable: true, ...input });
const moveX = (extra: CustomAnimationInput = {}) =>
  kf({ time: { start: 1000, end: 3000 }, track: { position: { end: { x: 10 } } }, loop: 'once', ...extra });

function setup() {
  const t = fakeScope(new Group());
  return { t, root: t.scope.root, f: createKeyframes(t.scope) };
}

describe('keyframe animations (customAnimationConfig)', () => {
  it('waits `start` ms at its start, is midway at the middle of its time, ends at its end and goes idle', () => {
    const { t, root, f } = setup();
    f.apply([moveX({ track: { position: { start: { y: 2 }, end: { x: 10, y: 2 } } } })], undefined);
    expect(root.position.toArray()).toEqual([0, 2, 0]);
    t.step(0.25, 4); // 1000 ms: the delay is over, nothing moved yet
    expect(root.position.x).toBeCloseTo(0);
    t.step(0.25, 4); // 2000 ms: half of 1000..3000
    expect(root.position.x).toBeCloseTo(5);
    expect(t.frames.size).toBe(1);
    t.step(0.25, 4);
    expect(root.position.toArray()).toEqual([10, 2, 0]);
    expect(t.frames.size).toBe(0);
  });

  it('rotation is in degrees and a full turn turns (not the short way round)', () => {
    const { t, root, f } = setup();
    f.apply([kf({ time: { start: 0, end: 1000 }, track: { rotation: { end: { y: 360 } } }, loop: 'once' })], undefined);
    t.step(0.25, 2);
    const half = new Quaternion().setFromEuler(new Euler(0, Math.PI, 0));
    expect(root.quaternion.angleTo(half)).toBeLessThan(1e-6);
    t.step(0.125);
    const q = new Quaternion().setFromEuler(new Euler(0, MathUtils.degToRad(225), 0));
    expect(root.quaternion.angleTo(q)).toBeLessThan(1e-6);
  });

  it('scale interpolates between its start and end', () => {
    const { t, root, f } = setup();
    f.apply([kf({ time: { start: 0, end: 1000 }, track: { scale: { start: { x: 1 }, end: { x: 3, y: 2 } } } })], undefined);
    t.step(0.25, 2);
    expect(root.scale.x).toBeCloseTo(2);
    expect(root.scale.y).toBeCloseTo(1.5);
    expect(root.scale.z).toBeCloseTo(1);
  });

  it('several entries compose: positions add, the sequence chains', () => {
    const { t, root, f } = setup();
    const first = kf({ time: { start: 0, end: 1000 }, track: { position: { end: { x: 4 } } }, loop: 'once' });
    const second = kf({ time: { start: 1000, end: 2000 }, track: { position: { end: { y: 6 } } }, loop: 'once' });
    f.apply([first, second], undefined);
    t.step(0.25, 2);
    expect(root.position.toArray().map((n) => +n.toFixed(6))).toEqual([2, 0, 0]);
    t.step(0.25, 4);
    expect(root.position.toArray().map((n) => +n.toFixed(6))).toEqual([4, 3, 0]);
    t.step(0.25, 4);
    expect(root.position.toArray()).toEqual([4, 6, 0]);
    expect(t.frames.size).toBe(0);
  });

  it('repeat and ping-pong: repetitions count plays, 0 keeps going', () => {
    const loop = (loop: CustomAnimation['loop'], repetitions: number) => kf({ time: { start: 0, end: 1000 }, loop, repetitions });
    expect(progressAt(loop('repeat', 2), 1500)).toEqual({ p: 0.5, done: false });
    expect(progressAt(loop('repeat', 2), 2000)).toEqual({ p: 1, done: true });
    expect(progressAt(loop('pingpong', 0), 1250)).toEqual({ p: 0.75, done: false });
    expect(progressAt(loop('pingpong', 2), 2500)).toEqual({ p: 0, done: true });
    expect(progressAt(loop('pingpong', 3), 9000)).toEqual({ p: 1, done: true });
    expect(progressAt(loop('repeat', 0), 1e9 + 250)).toEqual({ p: 0.25, done: false });
    expect(progressAt(loop('once', 5), 1500)).toEqual({ p: 1, done: true });
    expect(progressAt(kf({ time: { start: 500, end: 500 } }), 600)).toEqual({ p: 1, done: true });

    const { t, f } = setup();
    f.apply([moveX({ loop: 'repeat', repetitions: 0 })], undefined);
    t.step(0.1, 200);
    expect(t.frames.size).toBe(1);
    f.dispose();
    expect(t.frames.size).toBe(0);
  });

  it('disabling every entry, and dispose, put the root back to identity', () => {
    const { t, root, f } = setup();
    const on = [
      moveX({ track: { position: { start: { x: 1 }, end: { x: 10 } }, rotation: { start: { z: 30 } }, scale: { start: { y: 2 } } } }),
    ];
    f.apply(on, undefined);
    t.step(0.25, 6);
    expect(root.position.x).toBeGreaterThan(1);
    const off = [{ ...on[0]!, enable: false }];
    f.apply(off, on);
    expect(root.position.toArray()).toEqual([0, 0, 0]);
    expect(root.quaternion.toArray()).toEqual([0, 0, 0, 1]);
    expect(root.scale.toArray()).toEqual([1, 1, 1]);
    expect(t.frames.size).toBe(0);
    f.apply(on, off);
    t.step(0.25, 6);
    f.dispose();
    expect(root.position.toArray()).toEqual([0, 0, 0]);
    expect(root.quaternion.toArray()).toEqual([0, 0, 0, 1]);
    expect(root.scale.toArray()).toEqual([1, 1, 1]);
    expect(t.frames.size).toBe(0);
  });
});
