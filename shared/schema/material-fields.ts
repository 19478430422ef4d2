import type { Material, MaterialKind } from './material';

/**
 * Which Material fields (spec §3) each kind of material uses: the ONE table the material form shows
 * rows from. A field is listed for a kind when the three.js material the builder makes for that kind
 * (worker/materials/build.ts) has the property; tests/unit/schema/material-fields.test.ts checks
 * the table against three both ways. No three import here: the main thread reads it.
 *
 * Not listed: the entity's own fields (uuid, name, type, path), the user code (shaderCode,
 * frameScript: the code editors) and envMap (the preview background, shown for every kind).
 */
export type MaterialProperty = Exclude<
  keyof Material,
  'uuid' | 'name' | 'type' | 'path' | 'shaderCode' | 'frameScript' | 'envMap' | 'rotation' | 'repeat' | 'offset' | 'center'
>;

/** The texture transform (rotation, repeat, offset, center): it applies to the maps, so a kind with maps shows it. */
export const TEXTURE_TRANSFORM = ['rotation', 'repeat', 'offset', 'center'] as const;

const SURFACE = ['side', 'color', 'opacity', 'alphaTest', 'fog'] as const;
const LIT = ['emissive', 'emissiveIntensity', 'aoMapIntensity', 'lightMapIntensity', 'envMapIntensity', 'normalScale', 'normalScaleY'] as const;

export const MATERIAL_FIELDS: Record<MaterialKind, readonly MaterialProperty[]> = {
  physical: [...SURFACE, 'roughness', 'metalness', 'ior', 'specularIntensity', 'specularColor', ...LIT],
  phong: [...SURFACE, 'combine', 'shininess', ...LIT],
  points: [...SURFACE, 'size', 'sizeAttenuation'],
  // A ShaderMaterial draws with its own program; the builder leaves fog out (it would need fog uniforms).
  shader: ['side', 'opacity', 'alphaTest'],
};

/** Texture slots of the standard (and so physical) and phong materials. */
const MESH_MAPS = ['map', 'normalMap', 'aoMap', 'emissiveMap', 'alphaMap', 'lightMap', 'bumpMap', 'displacementMap'] as const;

/** The texture slots each kind has (an image URL in one becomes a texture, spec §5). */
export const MATERIAL_MAPS: Record<MaterialKind, readonly string[]> = {
  physical: [
    ...MESH_MAPS,
    'roughnessMap',
    'metalnessMap',
    'specularIntensityMap',
    'specularColorMap',
    'clearcoatMap',
    'clearcoatRoughnessMap',
    'clearcoatNormalMap',
    'sheenColorMap',
    'sheenRoughnessMap',
    'transmissionMap',
    'thicknessMap',
    'iridescenceMap',
    'iridescenceThicknessMap',
    'anisotropyMap',
    'diffuseRoughnessMap',
  ],
  phong: [...MESH_MAPS, 'specularMap'],
  points: ['map', 'alphaMap'],
  shader: [],
};

/**
 * Where a slider ends for a number the schema leaves open on one side (the typed input still takes
 * any value the schema allows): a range a designer drags through, not a limit.
 */
export const SLIDER_SPAN: Partial<Record<keyof Material, { min: number; max: number }>> = {
  rotation: { min: -Math.PI, max: Math.PI },
  normalScale: { min: -3, max: 3 },
  emissiveIntensity: { min: 0, max: 10 },
  aoMapIntensity: { min: 0, max: 5 },
  lightMapIntensity: { min: 0, max: 5 },
  envMapIntensity: { min: 0, max: 5 },
  shininess: { min: 0, max: 200 },
  size: { min: 0, max: 50 },
};
