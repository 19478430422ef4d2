import { Group, type AnimationClip, type Object3D } from 'three';
import type { EngineContext } from '../../../../worker/engine/context';
import type { ModelScope } from '../../../../worker/models/types';

/**
 * A model scope without a renderer: frame callbacks run when the test steps time, as the loop
 * would run them before each drawn frame.
 */
export function fakeScope(object: Object3D, animations: AnimationClip[] = []) {
  const frames = new Set<(dt: number) => void>();
  const warnings: string[] = [];
  let invalidations = 0;
  const ctx = {
    invalidate() {
      invalidations++;
    },
    onFrame(fn: (dt: number) => void) {
      frames.add(fn);
      return () => frames.delete(fn);
    },
  } as unknown as EngineContext;
  const root = new Group();
  const frame = new Group();
  root.add(frame);
  frame.add(object);
  const scope: ModelScope = {
    id: 'm1',
    ctx,
    root,
    frame,
    model: { kind: 'mesh', object, animations, warnings: [], bytes: 0, parsedOffThread: false },
    warn: (m) => warnings.push(m),
    onHover: () => () => {},
  };
  return {
    scope,
    frames,
    warnings,
    get invalidations() {
      return invalidations;
    },
    /** Run `n` frames of `dt` seconds (only while something is registered, like the loop). */
    step(dt: number, n = 1) {
      for (let i = 0; i < n; i++) for (const fn of [...frames]) fn(dt);
    },
  };
}
