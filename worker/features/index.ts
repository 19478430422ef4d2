import type { SpaceConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';
import { createCamera } from './camera';
import { createControls } from './controls';
import { createGround } from './ground';
import { createFog } from './fog';
import { createRender } from './render';
import { createBackground } from './background';
import { createHelpers } from './helpers';
import { createLights } from './lights';
import { createEnvironment } from './environment';
import { createBloom } from './bloom';

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
  bind(
    'controls',
    (c) => ({ control: c.controlConfig, lookAt: c.cameraConfig.cameraLookAt, position: c.cameraConfig.cameraPositon }),
    createControls,
  ),
  bind('render', (c) => c.renderConfig, createRender),
  bind('background', (c) => ({ background: c.sceneConfig.background, backgroundImage: c.sceneConfig.backgroundImage }), createBackground),
  bind('helpers', (c) => c.helperConfig, createHelpers),
  bind('ground', (c) => c.sceneConfig.ground, createGround),
  bind('fog', (c) => c.sceneConfig.fog, createFog),
  bind('lights', (c) => c.lightConfig, createLights),
  bind('environment', (c) => c.environmentConfig, createEnvironment),
  // Bloom last: it takes over drawing, after every other feature has set up the scene.
  bind('bloom', (c) => c.composerConfig.unrealBloom, createBloom),
];
