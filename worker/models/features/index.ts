import type { ModelConfig } from '../../../shared/schema/model';
import type { Feature } from '../../engine/context';
import type { ModelFeatureBinding, ModelScope } from '../types';
import { createFit } from './fit';
import { createMaterials } from './materials';
import { createParts } from './parts';
import { createEdges } from './edges';
import { createPointColour } from './points';
import { createAnimations } from './animation';
import { createKeyframes } from './keyframes';
import { createHighlight } from './highlight';
import { createRules } from './rules';

const bind = <S>(name: string, select: (c: ModelConfig) => S, create: (scope: ModelScope) => Feature<S>, rebuildsLater = false) =>
  ({ name, select, create, rebuildsLater }) as ModelFeatureBinding<unknown>;

/**
 * Per-model features, in the order they build on each other: library materials replace material
 * objects, so everything that changes or reads materials (point colour, part colours and opacity,
 * edges, highlight) comes after them and is rebuilt when they change.
 */
export const MODEL_FEATURES: ModelFeatureBinding<unknown>[] = [
  bind('adaptive', (c) => ({ enable: c.adaptive }), createFit),
  bind('materials', (c) => c.materialsConfig, createMaterials, true),
  // Point colours before parts: a part's cloned material then starts from the cloud's colours,
  // and clearing a part colour gives them back.
  bind('points', (c) => c.pointConfig, createPointColour),
  bind('parts', (c) => ({ tree: c.treeConfig, tween: c.tweenConfig }), createParts),
  bind('edges', (c) => c.edgeConfig, createEdges),
  bind('animations', (c) => c.animationConfig, createAnimations),
  bind('keyframes', (c) => c.customAnimationConfig, createKeyframes),
  // Rules copy the materials and record the transforms everything above left (treeConfig included:
  // its slice is part of theirs, so a part's new colour is copied again). They rebuild the
  // highlight after them, which must never find its hover copy taken for the part's material.
  bind('rules', (c) => ({ rules: c.rules, tree: c.treeConfig }), createRules, true),
  bind('highlight', (c) => c.highlightConfig, createHighlight),
];
