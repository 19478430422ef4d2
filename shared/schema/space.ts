import * as z from 'zod';
import { str, MSG } from './common';
import {
  CameraConfigSchema, ComposerConfigSchema, EnvironmentConfigSchema, HelperConfigSchema,
  LoadingConfigSchema, RenderConfigSchema, SceneConfigSchema,
} from './scene';
import { ControlConfigSchema } from './controls';
import { LightConfigSchema } from './lights';
import { SnapshotConfigSchema } from './snapshot';

/**
 * The container's script template (spec §2): two hooks, each called with the three.js library
 * object and a small scene API. Runs in the render worker; errors are reported, never fatal.
 */
export const SCRIPT_TEMPLATE = `// Runs inside the 3D worker. THREE is the three.js library, api is the scene API:
//   api.scene, api.camera, api.invalidate(), api.onFrame(fn), api.log(...args)
function onReady(THREE, api) {
}

// Called each time a model in this space has finished loading.
function onModelLoaded(THREE, api, model) {
}
`;

/** A named live variable the space can bind (snapshotVar, cards). Other fields are kept as stored. */
export const VariableSchema = z.looseObject({ name: z.string(), value: z.unknown().optional() });

/** A model widget registered with the space (spec §4: only while visible and displayed). */
export const MeshRefSchema = z.looseObject({ id: z.string(), name: str() });

/** The whole configuration of a 3D space container. Every field has a default: `{}` is a valid space. */
export const SpaceConfigSchema = z.object({
  sceneConfig: SceneConfigSchema,
  cameraConfig: CameraConfigSchema,
  controlConfig: ControlConfigSchema,
  snapshotConfig: SnapshotConfigSchema,
  environmentConfig: EnvironmentConfigSchema,
  renderConfig: RenderConfigSchema,
  lightConfig: LightConfigSchema,
  composerConfig: ComposerConfigSchema,
  helperConfig: HelperConfigSchema,
  loadingConfig: LoadingConfigSchema,
  variables: z.array(VariableSchema).default(() => []),
  meshes: z.array(MeshRefSchema).default(() => []),
  script: str(SCRIPT_TEMPLATE),
  /**
   * Issue 42: what a screen reader calls the space, per interface language (empty: the widget's
   * title in that language). Not in spec §3's list; the page only (the engine ignores it).
   */
  a11yConfig: z
    .object({
      name: z.object({ en: z.string().max(200, { error: MSG.range }).default(''), zh_Hans: z.string().max(200, { error: MSG.range }).default('') }).prefault({}),
    })
    .prefault({}),
});

export type SpaceConfig = z.infer<typeof SpaceConfigSchema>;
/** What a host may store and hand over: any subset, filled with defaults on parse. */
export type SpaceConfigInput = z.input<typeof SpaceConfigSchema>;
export type SceneConfig = SpaceConfig['sceneConfig'];
export type CameraConfig = SpaceConfig['cameraConfig'];
export type ControlConfig = SpaceConfig['controlConfig'];
export type OrbitConfig = ControlConfig['orbitConfig'];
export type HelperConfig = SpaceConfig['helperConfig'];
export type ComposerConfig = SpaceConfig['composerConfig'];
