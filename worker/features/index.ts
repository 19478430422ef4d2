import type { SpaceConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';
import { createCamera } from './camera';
import { createGround } from './ground';
import { createFog } from './fog';

export interface FeatureBinding<S> {
  name: string;
  /** The slice of the config this feature reads; it is applied again only when the slice changes. */
  select(config: SpaceConfig): S;
  create(ctx: EngineContext): Feature<S>;
}

const bind = <S>(name: string, select: (c: SpaceConfig) => S, create: (ctx: EngineContext) => Feature<S>) =>
  ({ name, select, create }) as FeatureBinding<unknown>;

/** Order matters only where one feature builds on another's state (render settings before bloom). */
export const FEATURES: FeatureBinding<unknown>[] = [
  bind('camera', (c) => c.cameraConfig, createCamera),
  bind('ground', (c) => c.sceneConfig.ground, createGround),
  bind('fog', (c) => c.sceneConfig.fog, createFog),
];
