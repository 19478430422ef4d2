import { Color } from 'three';
import { isColourString } from '../../shared/schema/common';
import { isImageString } from '../../shared/schema/material';
import { setColour } from '../util/colour';

/**
 * Spec §5's reading of one material value. A string is a colour when it is a hex colour, rgb(),
 * rgba(), hsl(), hsla() or a named colour (the shared `isColourString`, which the schema validates
 * colour fields with, so what the schema accepts is what gets converted); it is an image when it
 * ends with an image extension (`isImageString`). Anything else is used as it is.
 */
export type MaterialValue = { kind: 'colour'; colour: Color } | { kind: 'image'; url: string } | { kind: 'plain'; value: unknown };

export function interpretValue(value: unknown): MaterialValue {
  if (typeof value === 'string') {
    if (isColourString(value)) return { kind: 'colour', colour: setColour(new Color(), value) };
    if (isImageString(value)) return { kind: 'image', url: value.trim() };
  }
  return { kind: 'plain', value };
}

/**
 * Keys of a material entity that never become three.js material properties: name, type and envMap
 * by spec §5; identity and bookkeeping fields; the texture transform (applied to each texture);
 * fields handled on their own (side, combine, normalScale); user code (run, never assigned).
 */
export const NOT_PROPERTIES: ReadonlySet<string> = new Set([
  'name',
  'type',
  'envMap',
  'uuid',
  'id',
  'path',
  'version',
  'userData',
  'needsUpdate',
  'rotation',
  'repeat',
  'offset',
  'center',
  'side',
  'combine',
  'normalScale',
  'normalScaleY',
  'shaderCode',
  'frameScript',
  // A ShaderMaterial's program comes from shaderCode alone.
  'vertexShader',
  'fragmentShader',
  'uniforms',
  'defines',
  'extensions',
  'glslVersion',
]);

/**
 * A texture slot of a three.js material: a property named like `map`, `aoMap`, `normalMap`, whose
 * value is empty or a texture. envMap never gets here (NOT_PROPERTIES).
 */
export function isTextureSlot(key: string, current: unknown): boolean {
  return /map$/i.test(key) && (current === null || isTexture(current));
}

const isTexture = (v: unknown) => typeof v === 'object' && v !== null && 'isTexture' in v && v.isTexture === true;

/**
 * Slots holding colours, decoded as sRGB like three's loaders do; every other slot (normal,
 * roughness, ao...) holds data and stays linear.
 */
export const COLOUR_SLOTS: ReadonlySet<string> = new Set(['map', 'emissiveMap', 'specularColorMap', 'sheenColorMap']);
