import type { Color, Material, Vector2 } from 'three';
import { MaterialSchema, type Material as MaterialEntity } from '../../../shared/schema/material';
import { repairParse } from '../../../shared/schema/repair';
import { COMBINE_CONSTANTS, SIDE_CONSTANTS } from '../build';
import { NOT_PROPERTIES } from '../values';

/** The entity type the form edits a three material as (spec §3: phong, points, anything else physical). */
function entityType(m: Material): string {
  if (m.type === 'MeshPhongMaterial') return 'phong';
  if (m.type === 'PointsMaterial') return 'points';
  // A model's shader material has no shaderCode to show; edited, it starts as a physical one.
  return 'physical';
}

const nameOf = (table: Record<string, number>, value: unknown) => Object.keys(table).find((k) => table[k] === value);

/**
 * A model's material as a Material entity (spec §3): uuid, name, the type it is edited as, and each
 * entity field the three material has, colours as '#rrggbb', numbers and flags as they are, side and
 * combine by name. Textures are left out: a parsed model's images have no URL the form could show.
 * Values the schema refuses (an ior outside three's range) fall back to the new-material defaults.
 */
export function materialSnapshot(m: Material): MaterialEntity {
  const source = m as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { uuid: m.uuid, name: m.name, type: entityType(m) };
  for (const key of Object.keys(MaterialSchema.shape)) {
    if (NOT_PROPERTIES.has(key) || !(key in source)) continue;
    const value = source[key];
    if ((value as Color | null)?.isColor) out[key] = `#${(value as Color).getHexString()}`;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  const side = nameOf(SIDE_CONSTANTS, m.side);
  if (side) out.side = side;
  const combine = nameOf(COMBINE_CONSTANTS, source.combine);
  if (combine) out.combine = combine;
  const normalScale = source.normalScale as Vector2 | undefined;
  if (normalScale?.isVector2) {
    out.normalScale = normalScale.x;
    out.normalScaleY = normalScale.y === -normalScale.x && normalScale.x !== 0;
  }
  return repairParse(MaterialSchema, out).value;
}
