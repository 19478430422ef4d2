import {
  AnimationMixer,
  LoopOnce,
  LoopPingPong,
  LoopRepeat,
  type AnimationAction,
  type AnimationActionLoopStyles,
  type AnimationClip,
} from 'three';
import type { Animation, LoopMode, ModelConfig } from '../../../shared/schema/model';
import type { Feature } from '../../engine/context';
import type { ModelScope } from '../types';
import { onMotionChange, reducedMotion } from '../../engine/motion';

export const LOOPS: Record<LoopMode, AnimationActionLoopStyles> = {
  repeat: LoopRepeat,
  once: LoopOnce,
  pingpong: LoopPingPong,
};

/**
 * The model file's own clips (animationConfig), played by one AnimationMixer on the model.
 *
 * Each entry names a clip; its fields are the AnimationAction's:
 * - `weight` is the action's weight: enabled clips animating the same property blend by weight
 *   (three normalises a total above 1; below 1 the rest is the pose as loaded).
 * - `time` is the action's local time in seconds: where in the clip playback starts. Changing it
 *   seeks (the clip restarts from there), like enabling the entry or changing `loop` or
 *   `repetitions`; `weight` and `timeScale` change the running action in place.
 * - `repetitions` counts plays, 0 meaning forever; a ping-pong play is one way (three's meaning),
 *   and `once` plays once whatever it says.
 * A clip that stops ('once', or its repetitions used up) holds its last pose rather than jumping
 * back to the pose as loaded. An entry naming no clip of the file is skipped with one warning.
 *
 * Render on demand: the mixer advances in a frame callback only while an action runs.
 * Putting back: stopping an action makes the mixer restore the animated properties to what they
 * were when it first touched them (PropertyMixer's saved original state), which is the file's own
 * pose (bones, morph weights) as loaded; skeleton.pose() would instead force the bind matrices, which
 * glTF does not promise to match the rest pose.
 */
export function createAnimations(scope: ModelScope): Feature<ModelConfig['animationConfig']> {
  const { ctx, model } = scope;
  const clips = new Map<string, AnimationClip>();
  for (const clip of model.animations) if (!clips.has(clip.name)) clips.set(clip.name, clip);
  const mixer = new AnimationMixer(model.object);
  /** Actions made so far, by clip name (made when first enabled). */
  const actions = new Map<string, AnimationAction>();
  const warned = new Set<string>();
  let unsubscribe: (() => void) | null = null;

  const running = () => [...actions.values()].some((a) => a.isRunning());

  function tick(dt: number) {
    mixer.update(dt);
    if (running()) ctx.invalidate();
    else stopTicking(); // this frame draws the last pose; nothing moves after it
  }

  function stopTicking() {
    unsubscribe?.();
    unsubscribe = null;
  }

  /** Whether this entry needs its action started again (rather than updated in place). */
  const restarts = (next: Animation, prev: Animation | undefined) =>
    !prev || !prev.enable || prev.loop !== next.loop || prev.repetitions !== next.repetitions || prev.time !== next.time;

  function update(action: AnimationAction, entry: Animation, prev: Animation | undefined) {
    action.setEffectiveWeight(entry.weight);
    action.setEffectiveTimeScale(entry.timeScale);
    if (!restarts(entry, prev) && action.isScheduled()) return;
    action.reset();
    action.setLoop(LOOPS[entry.loop], entry.repetitions === 0 ? Infinity : entry.repetitions);
    action.clampWhenFinished = true;
    action.time = entry.time;
    action.play();
  }

  const byName = (list: ModelConfig['animationConfig'] | undefined) => {
    const map = new Map<string, Animation>();
    for (const e of list ?? []) if (!map.has(e.name)) map.set(e.name, e);
    return map;
  };

  /** What the config asks, and what plays: decorative entries off while motion is reduced (engine/motion.ts). */
  let given: ModelConfig['animationConfig'] | undefined;
  let shown: ModelConfig['animationConfig'] | undefined;
  const playable = (list: ModelConfig['animationConfig']) =>
    reducedMotion() ? list.map((e) => (e.decorative && e.enable ? { ...e, enable: false } : e)) : list;
  const offMotion = onMotionChange(() => {
    if (given) show(playable(given), shown);
  });

  function show(nextList: ModelConfig['animationConfig'], prevList: ModelConfig['animationConfig'] | undefined) {
    shown = nextList;
    const next = byName(nextList);
    const prev = byName(prevList);
    for (const [name, entry] of next) {
      if (!clips.has(name)) {
        if (!warned.has(name)) {
          warned.add(name);
          scope.warn(`Animation "${name}" is not a clip of this model; it is ignored.`);
        }
        continue;
      }
      const old = prev.get(name);
      const existing = actions.get(name);
      if (!entry.enable) {
        existing?.stop();
        continue;
      }
      const action = existing ?? mixer.clipAction(clips.get(name)!);
      actions.set(name, action);
      update(action, entry, existing ? old : undefined);
    }
    // Entries removed from the list stop like disabled ones.
    for (const [name, action] of actions) if (!next.get(name)?.enable) action.stop();
    // Pose the model now (a changed weight or seek shows even when nothing runs on).
    mixer.update(0);
    if (running() && !unsubscribe) unsubscribe = ctx.onFrame(tick);
    if (!running()) stopTicking();
    ctx.invalidate();
  }

  return {
    apply(nextList) {
      given = nextList;
      show(playable(nextList), shown);
    },
    dispose() {
      offMotion();
      stopTicking();
      // Stopping restores every animated property; uncaching then frees the actions and bindings.
      mixer.stopAllAction();
      mixer.uncacheRoot(model.object);
      actions.clear();
      ctx.invalidate();
    },
  };
}
