import * as z from 'zod';
import { bool, colour, num, vec3 } from './common';

/*
 * One schema per light type; a new entry added in a panel gets these defaults.
 * Point and spot lights default to decay 0: at the spec's scene scale (camera 500 units away) a
 * physical 1/d² falloff would make a new light invisible at intensity 1.
 */
export const AmbientLightSchema = z.object({ enable: bool(true), color: colour('#ffffff'), intensity: num(1, 0) });

export const DirectionalLightSchema = z.object({
  enable: bool(true),
  helper: bool(false),
  color: colour('#ffffff'),
  intensity: num(1, 0),
  castShadow: bool(false),
  position: vec3(0, 300, 300),
  target: vec3(0, 0, 0),
});

export const HemisphereLightSchema = z.object({
  enable: bool(true),
  skyColor: colour('#ffffff'),
  groundColor: colour('#444444'),
  intensity: num(1, 0),
  position: vec3(0, 500, 0),
});

export const PointLightSchema = z.object({
  enable: bool(true),
  color: colour('#ffffff'),
  intensity: num(1, 0),
  distance: num(0, 0),
  decay: num(0, 0),
  castShadow: bool(false),
  position: vec3(0, 200, 0),
});

export const SpotLightSchema = z.object({
  enable: bool(true),
  helper: bool(false),
  color: colour('#ffffff'),
  intensity: num(1, 0),
  distance: num(0, 0),
  angle: num(Math.PI / 3, 0, Math.PI / 2),
  penumbra: num(0, 0, 1),
  decay: num(0, 0),
  castShadow: bool(false),
  position: vec3(0, 300, 0),
  target: vec3(0, 0, 0),
});

/** A new space: one white ambient light and one white directional light casting from (0,300,300). */
export const LightConfigSchema = z
  .object({
    ambientLight: z.array(AmbientLightSchema).default(() => [AmbientLightSchema.parse({})]),
    directionalLight: z
      .array(DirectionalLightSchema)
      .default(() => [DirectionalLightSchema.parse({ castShadow: true })]),
    hemisphereLight: z.array(HemisphereLightSchema).default(() => []),
    pointLight: z.array(PointLightSchema).default(() => []),
    spotLight: z.array(SpotLightSchema).default(() => []),
  })
  .prefault({});

export type AmbientLight = z.infer<typeof AmbientLightSchema>;
export type DirectionalLight = z.infer<typeof DirectionalLightSchema>;
export type HemisphereLight = z.infer<typeof HemisphereLightSchema>;
export type PointLight = z.infer<typeof PointLightSchema>;
export type SpotLight = z.infer<typeof SpotLightSchema>;
export type LightConfig = z.infer<typeof LightConfigSchema>;
