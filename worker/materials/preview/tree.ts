import type { Material, Object3D } from 'three';
import type { MaterialRef, SceneObjectNode } from '../../../shared/schema/tree';
import { materialsOf, type MaterialSlot } from '../../util/materials';
import { materialSnapshot } from './snapshot';

/**
 * The previewed model's object tree (spec §3 Scene object node; `node` is the model widget's own
 * description of `root`), with each material reference carrying a Material entity snapshot of the
 * model's material, so the form can start editing from what the part looks like now.
 */
export function describePreviewTree(root: Object3D, node: SceneObjectNode): SceneObjectNode[] {
  const byUuid = new Map<string, Material>();
  root.traverse((o) => materialsOf(o).forEach((m) => byUuid.set(m.uuid, m)));
  const withSnapshots = (node: SceneObjectNode): SceneObjectNode => {
    const snap = (ref: MaterialRef): MaterialRef => {
      const m = byUuid.get(ref.uuid);
      return m ? materialSnapshot(m) : ref;
    };
    const out: SceneObjectNode = { ...node, children: node.children.map(withSnapshots) };
    if (node.material) out.material = Array.isArray(node.material) ? node.material.map(snap) : snap(node.material);
    return out;
  };
  return [withSnapshots(node)];
}

/**
 * Spec §4: swap every use of the material whose uuid is `from` for `to`, whether it is an object's
 * one material or sits inside a material list (a mesh with groups), through all children. A list is
 * changed in place: geometry groups index into it. Answers how many slots changed.
 */
export function swapMaterial(root: Object3D, from: string, to: Material): number {
  let changed = 0;
  const visit = (o: Object3D) => {
    const holder = o as Object3D & { material?: MaterialSlot };
    const slot = holder.material;
    if (Array.isArray(slot)) {
      slot.forEach((m, i) => {
        if (m.uuid === from) {
          slot[i] = to;
          changed++;
        }
      });
    } else if (slot && slot.uuid === from) {
      holder.material = to;
      changed++;
    }
    o.children.forEach(visit);
  };
  visit(root);
  return changed;
}
