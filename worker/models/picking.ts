import type { Object3D } from 'three';
import type { EngineContext } from '../engine/context';
import type { ModelNode } from './node';

export interface Picker {
  /** Build what picking needs on a model before it joins the scene (bounding-volume hierarchy). */
  prepare(object: Object3D): void;
  dispose(): void;
}

// PLACEHOLDER: replaced by BVH picking (issue 4, in progress).
export function createPicker(_ctx: EngineContext, _nodes: () => Iterable<ModelNode>): Picker {
  return { prepare() {}, dispose() {} };
}
