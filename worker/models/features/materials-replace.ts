import type { Material, Object3D } from 'three';
import { isHelperObject } from '../types';
import { materialsOf } from '../../util/materials';

type WithMaterial = Object3D & { material?: Material | Material[] };

/** One material slot that was swapped: `index` is -1 for a single material, else the list index. */
export interface Swap {
  object: Object3D;
  index: number;
  previous: Material;
  replacement: Material;
}

/** The model's own materials by name (engine helpers left out), each object once. */
export function materialsByName(root: Object3D): Map<string, Material[]> {
  const out = new Map<string, Material[]>();
  root.traverse((o) => {
    if (isHelperObject(o)) return;
    for (const mat of materialsOf(o)) {
      const list = out.get(mat.name) ?? [];
      if (!list.includes(mat)) list.push(mat);
      out.set(mat.name, list);
    }
  });
  return out;
}

/**
 * Spec §4: swap every material whose uuid is in `uuids` for `replacement`, in single slots and
 * inside material lists (multi-material meshes), recursively through the children. Lists are
 * changed in place: a list shared by clones is swapped once and restored once.
 */
export function replaceByUuid(object: Object3D, uuids: ReadonlySet<string>, replacement: Material, swaps: Swap[] = []): Swap[] {
  if (isHelperObject(object)) return swaps;
  const holder = object as WithMaterial;
  const m = holder.material;
  if (Array.isArray(m)) {
    m.forEach((mat, index) => {
      if (mat && uuids.has(mat.uuid)) {
        swaps.push({ object, index, previous: mat, replacement });
        m[index] = replacement;
      }
    });
  } else if (m && uuids.has(m.uuid)) {
    swaps.push({ object, index: -1, previous: m, replacement });
    holder.material = replacement;
  }
  for (const child of object.children) replaceByUuid(child, uuids, replacement, swaps);
  return swaps;
}

/** Put the previous materials back, last swap first, where the slot still holds the replacement. */
export function restoreSwaps(swaps: readonly Swap[]): void {
  for (const { object, index, previous, replacement } of swaps.toReversed()) {
    const holder = object as WithMaterial;
    const m = holder.material;
    if (index < 0) {
      if (m === replacement) holder.material = previous;
    } else if (Array.isArray(m) && m[index] === replacement) m[index] = previous;
  }
}
