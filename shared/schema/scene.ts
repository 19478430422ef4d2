import * as z from 'zod';
import { bool, colour, MSG, num, orderedPair, positive, str, vec3 } from './common';

/** sceneConfig: background colour or image, ground, fog (spec §3, defaults §9). */
export const BackgroundImageSchema = z
  .object({
    imageType: z.enum(['panorama', 'cube']).default('panorama'),
    panorama: str(),
    posX: str(),
    negX: str(),
    posY: str(),
    negY: str(),
    posZ: str(),
    negZ: str(),
  })
  .prefault({});

export const GroundSchema = z
  .object({ enable: bool(true), width: positive(1000), height: positive(1000), color: colour('#748FA5') })
  .prefault({});

export const FogSchema = z
  .object({ enable: bool(false), color: colour('#ffffff'), near: num(1, 0), far: num(10000, 0) })
  .superRefine(orderedPair('near', 'far', MSG.farNotBeyondNear, true))
  .prefault({});

export const SceneConfigSchema = z
  .object({
    // Empty: no colour, the canvas stays transparent so the dashboard shows through.
    background: z.union([z.literal(''), colour('')]).default(''),
    backgroundImage: BackgroundImageSchema,
    ground: GroundSchema,
    fog: FogSchema,
  })
  .prefault({});

/** cameraConfig. `cameraPositon` keeps the spec's spelling: stored dashboards use it. */
export const CameraConfigSchema = z
  .object({
    fov: num(45, 1, 179),
    near: positive(1),
    far: positive(10000),
    cameraPositon: vec3(0, 200, 500),
    cameraLookAt: vec3(0, 0, 0),
  })
  .superRefine(orderedPair('near', 'far', MSG.farNotBeyondNear, true))
  .prefault({});

export const ENVIRONMENT_TYPES = [
  'apartment', 'bridge', 'city', 'dawn', 'esplanade', 'forest', 'hall', 'lab', 'lobby',
  'night', 'park', 'sky', 'studio', 'sunrise', 'sunset', 'venice', 'warehouse', 'workshop',
] as const;
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

/**
 * `enable` is ours (the spec names only `type`): like ground, fog and bloom, image-based lighting
 * can be switched off, for scenes lit by their lights alone (and on slow GPUs, where prefiltering
 * a preset costs seconds).
 */
export const EnvironmentConfigSchema = z
  .object({ enable: bool(true), type: z.enum(ENVIRONMENT_TYPES).default('sky') })
  .prefault({});

/** Old hosts stored three's numeric encodings (3000 linear, 3001 sRGB): read them as names. */
const encoding = z.preprocess(
  (v) => (v === 3000 ? 'LinearEncoding' : v === 3001 ? 'sRGBEncoding' : v),
  z.enum(['LinearEncoding', 'sRGBEncoding']),
);
/** How the drawing resolution is chosen (issue 20): `auto` follows the frame rate, `fixed` keeps `pixelRatio`. */
export const RESOLUTION_MODES = ['auto', 'fixed'] as const;
export const RenderConfigSchema = z
  .object({
    outputEncoding: encoding.default('sRGBEncoding'),
    resolution: z.enum(RESOLUTION_MODES).default('auto'),
    /** `fixed`: drawing-buffer pixels per CSS pixel, whatever the screen's own ratio. */
    pixelRatio: num(1, 0.5, 2),
    /** `auto`: the frame rate to hold while the view moves; under it the resolution steps down. */
    targetFps: num(30, 10, 60),
  })
  .prefault({});

export const ComposerConfigSchema = z
  .object({
    unrealBloom: z
      .object({ enable: bool(false), strength: num(1, 0, 10), radius: num(0.4, 0, 1), threshold: num(0.85, 0, 1) })
      .prefault({}),
  })
  .prefault({});

export const HelperConfigSchema = z
  .object({
    gridConfig: z
      .object({
        enable: bool(false),
        size: positive(1000),
        divisions: z.number().int().min(1, { error: 'msg.valueRange' }).max(1000, { error: 'msg.valueRange' }).default(20),
        colorCenterLine: colour('#444444'),
        colorGrid: colour('#888888'),
      })
      .prefault({}),
    axesConfig: z.object({ enable: bool(false), size: positive(500) }).prefault({}),
  })
  .prefault({});

export const LoadingConfigSchema = z
  .object({ img: str(), width: positive(160), height: positive(160), backgroundColor: colour('#0b1220') })
  .prefault({});
