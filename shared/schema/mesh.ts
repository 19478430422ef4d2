import * as z from 'zod';
import { bool, colour, num, positive, vec3 } from './common';

/** Scale components must stay above 0: a zero or negative scale collapses or mirrors the mesh. */
export function scale3(x = 1, y = 1, z0 = 1) {
  return z.object({ x: positive(x), y: positive(y), z: positive(z0) }).prefault({});
}

/** Rotation in degrees (the settings panels show degrees; the worker converts to radians). */
export function rotation3(x = 0, y = 0, z0 = 0) {
  return vec3(x, y, z0, { min: -360, max: 360 });
}

/**
 * A colour, or '' meaning "no override": the mesh keeps the colour its model file gave it.
 * Same shape as the space background so an unset colour round-trips unchanged.
 */
export const colourOrKeep = () => z.union([z.literal(''), colour('')]).default('');

/** Per-mesh settings (spec §3 Mesh config), used by model tree entries, data cards and groups. */
export const MeshConfigSchema = z.object({
  visible: bool(true),
  opacity: num(1, 0, 1),
  color: colourOrKeep(),
  scale: scale3(),
  position: vec3(0, 0, 0),
  rotation: rotation3(),
});

export type MeshConfig = z.infer<typeof MeshConfigSchema>;
export type MeshConfigInput = z.input<typeof MeshConfigSchema>;
