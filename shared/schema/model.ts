import * as z from 'zod';
import { bool, colour, MSG, num, str, vec3 } from './common';
import { MeshConfigSchema, rotation3, scale3 } from './mesh';
import { urlPath } from '../paths';
import { RuleListSchema } from './rule-list';

/** Spec §5: formats a model upload may have; .pcd is loaded as a point cloud instead of a mesh. */
export const MODEL_FORMATS = ['obj', 'glb', 'gltf', 'fbx'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];
export const POINT_CLOUD_FORMAT = 'pcd';

/** The loader a file path needs, from its extension (query and hash ignored); null if unsupported. */
export function modelFormatOf(path: string): ModelFormat | typeof POINT_CLOUD_FORMAT | null {
  const clean = urlPath(path);
  const dot = clean.lastIndexOf('.');
  if (dot < 0 || dot < clean.lastIndexOf('/')) return null;
  const ext = clean.slice(dot + 1).toLowerCase();
  if (ext === POINT_CLOUD_FORMAT) return POINT_CLOUD_FORMAT;
  return (MODEL_FORMATS as readonly string[]).includes(ext) ? (ext as ModelFormat) : null;
}

export const LOOP_MODES = ['repeat', 'once', 'pingpong'] as const;
export type LoopMode = (typeof LOOP_MODES)[number];
const loop = () => z.enum(LOOP_MODES).default('repeat');
/** JSON cannot hold Infinity, so 0 stands for "repeat forever". */
const repetitions = () =>
  z.number().int().min(0, { error: MSG.range }).default(0);

/** Milliseconds; any non-negative span. */
const ms = (def: number) => num(def, 0);

export const UploadedFileSchema = z.object({ uid: z.string(), name: str(), url: str() });

export const ModelSrcSchema = z
  .object({ filePath: str(), fileList: z.array(UploadedFileSchema).default(() => []) })
  .prefault({});

/** A clip baked into the model file, matched by its name. */
export const AnimationSchema = z.object({
  name: z.string(),
  enable: bool(false),
  weight: num(1, 0, 1),
  loop: loop(),
  repetitions: repetitions(),
  time: num(0, 0),
  // Negative plays backwards (three's AnimationAction allows it), so no range.
  timeScale: num(1),
  /** Decoration only (issue 42): not played while the viewer asks for reduced motion. */
  decorative: bool(false),
});

/** A tween the designer defines between two transforms, played on the whole model. */
export const CustomAnimationSchema = z.object({
  enable: bool(false),
  time: z
    .object({ start: ms(0), end: ms(1000) })
    .refine((t) => t.end >= t.start, { error: MSG.range, path: ['end'] })
    .prefault({}),
  track: z
    .object({
      scale: z.object({ start: scale3(), end: scale3() }).prefault({}),
      position: z.object({ start: vec3(), end: vec3() }).prefault({}),
      rotation: z.object({ start: rotation3(), end: rotation3() }).prefault({}),
    })
    .prefault({}),
  loop: loop(),
  repetitions: repetitions(),
  /** Decoration only (issue 42): not played while the viewer asks for reduced motion. */
  decorative: bool(false),
});

export const ModelConfigSchema = z.object({
  src: ModelSrcSchema,
  /**
   * Where the model widget stands in its space (space coordinates): the origin of the model as
   * `adaptive` fitted it (its footprint's centre, on its lowest point). Not in spec §3's list: the
   * issue's "Pick in scene" places a model on another model or the ground, and this holds where.
   */
  position: vec3(0, 0, 0),
  /**
   * Its turn (degrees) and size about that origin: not in spec §3's list either; set by the
   * transform gizmo in the scene or the panel (issue 19: move, turn and scale a model where it is drawn).
   */
  rotation: rotation3(),
  scale: scale3(),
  adaptive: bool(true),
  /** Reload interval in seconds; 0 never reloads. */
  update: num(0, 0),
  tree: z
    .object({ visible: bool(false), value: z.object({ key: str(), name: str() }).prefault({}) })
    .prefault({}),
  /** Keyed by mesh name or tree key; meshes without an entry keep what the file gave them. */
  treeConfig: z.record(z.string(), MeshConfigSchema).default(() => ({})),
  /** Material name in the model -> media-library path of an .airm file. */
  materialsConfig: z
    .object({ materials: z.record(z.string(), z.string()).default(() => ({})) })
    .prefault({}),
  edgeConfig: z.object({ enable: bool(false), color: colour('#ffffff') }).prefault({}),
  highlightConfig: z.object({ enable: bool(false), color: colour('#ffff00') }).prefault({}),
  tweenConfig: z.object({ enable: bool(false), time: ms(1000) }).prefault({}),
  animationConfig: z.array(AnimationSchema).default(() => []),
  customAnimationConfig: z.array(CustomAnimationSchema).default(() => []),
  /** Only read for .pcd point clouds. */
  pointConfig: z.object({ hotColor: colour('#ff4d4f') }).prefault({}),
  /**
   * Issue 40: rules that change the model or its parts from live host variables, in order (a later
   * rule wins for the same property of the same part). Not in spec §3's list. Each rule is checked
   * in full where it is applied and edited (shared/schema/rules.ts, ModelConfigWithRulesSchema).
   */
  rules: RuleListSchema,
});

export type ModelConfig = z.infer<typeof ModelConfigSchema>;
export type ModelConfigInput = z.input<typeof ModelConfigSchema>;
export type Animation = z.infer<typeof AnimationSchema>;
export type CustomAnimation = z.infer<typeof CustomAnimationSchema>;
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
