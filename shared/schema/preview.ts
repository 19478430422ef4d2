import * as z from 'zod';
import { str, vec3, type Vec3 } from './common';
import type { SpaceConfigInput } from './space';

/**
 * The material preview (spec §2 "Material editor pieces", constants §9). The preview is a 3D space
 * like any other, drawn by the same engine: its scene is the space config below, and the material
 * shown on its box, sphere or points is sent on its own (RenderApi.setPreviewMaterial).
 */
export const PREVIEW = {
  /** Edge of the box shown by default. */
  box: 100,
  /** The ball drawn for a thumbnail. */
  sphere: { radius: 1.3, segments: 32 },
  /** The cloud drawn for the points type: this many points, each coordinate in [min, max]. */
  points: { count: 1000, min: -50, max: 50 },
  ambientIntensity: 0.5,
  pointLight: { position: { x: 0, y: 5, z: 5 }, intensity: 50, color: '#ffffff' },
} as const;

/** How a host frames the preview: where the camera starts, and the environment image when the material names none. */
export const PreviewOptionsSchema = z.object({
  camera: vec3(-300, 100, 0),
  /** The default environment image (a URL the engine may load); the material's own envMap wins. */
  envMap: str(),
});
export type PreviewOptions = z.infer<typeof PreviewOptionsSchema>;
export type PreviewOptionsInput = z.input<typeof PreviewOptionsSchema>;

/**
 * The space config of a preview: nothing but the material's shape, ambient light 0.5 and a white
 * point light at (0,5,5), orbit controls, and the environment image as the background. No ground,
 * grid, image-based lighting or scene script: the material alone decides what the pixels are.
 */
export function previewSpaceConfig(options: PreviewOptionsInput, materialEnvMap = ''): SpaceConfigInput {
  const { camera, envMap } = PreviewOptionsSchema.parse(options);
  const position: Vec3 = camera;
  const { pointLight } = PREVIEW;
  return {
    sceneConfig: {
      background: '',
      backgroundImage: { imageType: 'panorama', panorama: materialEnvMap.trim() || envMap },
      ground: { enable: false },
      fog: { enable: false },
    },
    cameraConfig: { cameraPositon: position, cameraLookAt: { x: 0, y: 0, z: 0 } },
    controlConfig: { controlType: 'orbit' },
    environmentConfig: { enable: false },
    lightConfig: {
      ambientLight: [{ intensity: PREVIEW.ambientIntensity }],
      directionalLight: [],
      hemisphereLight: [],
      // The spec's intensity 50 is in three's physical units (library version 162), where a point
      // light falls off with the square of the distance (decay 2): about 1 at the ball's surface.
      pointLight: [{ color: pointLight.color, intensity: pointLight.intensity, position: pointLight.position, decay: 2 }],
      spotLight: [],
    },
    script: '',
  };
}
