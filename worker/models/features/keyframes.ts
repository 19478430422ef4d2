import { AnimationClip, Euler, MathUtils, Quaternion, Vector3, VectorKeyframeTrack, type Interpolant } from 'three';
import type { CustomAnimation, ModelConfig } from '../../../shared/schema/model';
import type { Feature } from '../../engine/context';
import type { ModelScope } from '../types';
import { onMotionChange, reducedMotion } from '../../engine/motion';
import { progressAt } from './anim-progress';

interface Played {
  entry: CustomAnimation;
  position: Interpolant;
  scale: Interpolant;
  /** Euler angles in radians. */
  rotation: Interpolant;
}

const xyz = (v: { x: number; y: number; z: number }, f = 1) => [v.x * f, v.y * f, v.z * f];

/**
 * One entry as a clip over normalised time 0..1 (its timing, delay and loops live in progressAt).
 * Rotation is a track of Euler angles, not of quaternions: a quaternion track slerps the short way,
 * so a designer's 0 -> 360 degree turn would not move at all.
 */
function clipOf(entry: CustomAnimation, index: number): Played {
  const { scale, position, rotation } = entry.track;
  const track = (name: string, from: number[], to: number[]) => new VectorKeyframeTrack(name, [0, 1], [...from, ...to]);
  const clip = new AnimationClip(`keyframes ${index}`, 1, [
    track('.position', xyz(position.start), xyz(position.end)),
    track('.scale', xyz(scale.start), xyz(scale.end)),
    track('.rotation', xyz(rotation.start, MathUtils.DEG2RAD), xyz(rotation.end, MathUtils.DEG2RAD)),
  ]);
  const [p, s, r] = clip.tracks.map((t) => t.InterpolantFactoryMethodLinear());
  return { entry, position: p!, scale: s!, rotation: r! };
}

/**
 * Keyframe animations authored in the panel (customAnimationConfig), moving the whole model: only
 * `scope.root`'s transform, which belongs to this feature alone.
 *
 * Several enabled entries compose, in list order, as if each were a parent of the next: positions
 * add, scales multiply, rotations multiply. An entry that leaves a track at its default (position
 * 0, scale 1, rotation 0) leaves it alone, so "move" and "spin" entries combine, and entries meant
 * as a sequence (the second starting when the first ends) chain. All entries share one timeline,
 * restarted whenever the list changes, so a sequence stays in step after an edit.
 *
 * Driven by hand rather than by an AnimationMixer: a mixer would average overlapping entries
 * (normalised weights) instead of composing them, and slerp rotations (see clipOf).
 * Render on demand: a frame callback runs only until every entry has finished; entries that loop
 * forever keep it running. With no entry enabled, and on dispose, the root is back to identity.
 */
export function createKeyframes(scope: ModelScope): Feature<ModelConfig['customAnimationConfig']> {
  const { ctx, root } = scope;
  let played: Played[] = [];
  let elapsed = 0;
  let unsubscribe: (() => void) | null = null;
  const position = new Vector3();
  const scale = new Vector3();
  const rotation = new Quaternion();
  const euler = new Euler();
  const q = new Quaternion();
  const v = new Vector3();

  const read = (i: Interpolant, p: number) => v.fromArray(i.evaluate(p));

  /** Pose the root for the current time; true while some entry will still move. */
  function pose(): boolean {
    position.set(0, 0, 0);
    scale.set(1, 1, 1);
    rotation.identity();
    let moving = false;
    for (const e of played) {
      const { p, done } = progressAt(e.entry, elapsed);
      if (!done) moving = true;
      position.add(read(e.position, p));
      scale.multiply(read(e.scale, p));
      rotation.multiply(q.setFromEuler(euler.setFromVector3(read(e.rotation, p))));
    }
    root.position.copy(position);
    root.scale.copy(scale);
    root.quaternion.copy(rotation);
    return moving;
  }

  function tick(dt: number) {
    elapsed += dt * 1000;
    if (pose()) ctx.invalidate();
    else stopTicking(); // this frame draws the final pose
  }

  function stopTicking() {
    unsubscribe?.();
    unsubscribe = null;
  }

  let given: ModelConfig['customAnimationConfig'] = [];
  // Reduced motion on or off: the entries are played again, decorative ones left out while it is on.
  const offMotion = onMotionChange(() => play(given));

  function play(next: ModelConfig['customAnimationConfig']) {
    given = next;
    played = next
      .map((entry, i) => ({ entry, i }))
      .filter((x) => x.entry.enable && !(x.entry.decorative && reducedMotion()))
      .map((x) => clipOf(x.entry, x.i));
    elapsed = 0;
    if (pose()) unsubscribe ??= ctx.onFrame(tick);
    else stopTicking();
    ctx.invalidate();
  }

  return {
    apply: play,
    dispose() {
      offMotion();
      stopTicking();
      played = [];
      root.position.set(0, 0, 0);
      root.scale.set(1, 1, 1);
      root.quaternion.identity();
      ctx.invalidate();
    },
  };
}
