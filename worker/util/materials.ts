import type { Material, Object3D } from 'three';

/** A mesh's, line's or points' material slot: one material, one per geometry group, or none. */
export type MaterialSlot = Material | Material[] | null | undefined;

/** The materials in a slot, as a list (empty when there is none). */
export function materialList(slot: MaterialSlot): Material[] {
  return Array.isArray(slot) ? slot : slot ? [slot] : [];
}

/** The materials an object draws with; none for groups, bones, cameras and other objects without one. */
export function materialsOf(object: Object3D): Material[] {
  return materialList((object as Object3D & { material?: MaterialSlot }).material);
}
