import type { Object3D } from 'three';
import { toTreeNodes, type TreeNode } from '../../../shared/schema/tree';
import { toSceneObjectNode } from './describe';
import { isHelperObject } from '../types';

/** How treeConfig entries find their parts: by tree key (as the tree selector shows it) and by name. */
export interface PartIndex {
  /** Every object of the file (helpers left out), parents before children. */
  readonly objects: readonly Object3D[];
  /** Objects a treeConfig entry names: the one with that tree key and every one with that name. */
  find(keyOrName: string): Object3D[];
}

/**
 * Keys come from the very functions that build what the main thread shows (describe.ts's nodes,
 * shared toTreeNodes), matched back to objects by uuid: a key picked in the tree selector can never
 * point at a different object here, helper objects (edge lines) included or not.
 */
export function indexParts(root: Object3D): PartIndex {
  const byUuid = new Map<string, Object3D>();
  const objects: Object3D[] = [];
  const byName = new Map<string, Object3D[]>();
  const visit = (o: Object3D) => {
    byUuid.set(o.uuid, o);
    objects.push(o);
    if (o.name) byName.set(o.name, [...(byName.get(o.name) ?? []), o]);
    for (const c of o.children) if (!isHelperObject(c)) visit(c);
  };
  visit(root);
  const byKey = new Map<string, Object3D>();
  const walk = (nodes: TreeNode[]) =>
    nodes.forEach((n) => {
      const o = byUuid.get(n.uuid);
      if (o) byKey.set(n.key, o);
      walk(n.children);
    });
  walk(toTreeNodes([toSceneObjectNode(root)]));
  return {
    objects,
    find(keyOrName) {
      const found = new Set(byName.get(keyOrName) ?? []);
      const keyed = byKey.get(keyOrName);
      if (keyed) found.add(keyed);
      return [...found];
    },
  };
}
