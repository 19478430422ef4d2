import type { Material, Object3D } from 'three';
import type { SceneObjectNode } from '../../../shared/schema/tree';
import { materialsOf } from '../../util/materials';

/**
 * The uuids of a previewed model, in tree order: its objects (depth first, as toSceneObjectNode
 * lists them) and its distinct materials in the order they are first met. A model loaded again from
 * the same file (a stage rebuilt after a lost context) is given the same uuids, so the main thread's
 * tree and the edits it targets by material uuid still find their parts.
 */
export interface ModelIdentity {
  objects: string[];
  materials: string[];
}

export function identityOfTree(nodes: readonly SceneObjectNode[]): ModelIdentity {
  const objects: string[] = [];
  const materials: string[] = [];
  const visit = (n: SceneObjectNode) => {
    objects.push(n.uuid);
    for (const m of Array.isArray(n.material) ? n.material : n.material ? [n.material] : [])
      if (!materials.includes(m.uuid)) materials.push(m.uuid);
    n.children.forEach(visit);
  };
  nodes.forEach(visit);
  return { objects, materials };
}

/** Give a freshly loaded model the uuids it had before; a model that is not the same shape keeps its own. */
export function applyIdentity(root: Object3D, identity: ModelIdentity): void {
  const objects: Object3D[] = [];
  const materials: Material[] = [];
  const visit = (o: Object3D) => {
    objects.push(o);
    for (const m of materialsOf(o)) if (!materials.includes(m)) materials.push(m);
    o.children.forEach(visit);
  };
  visit(root);
  if (objects.length !== identity.objects.length || materials.length !== identity.materials.length) return;
  objects.forEach((o, i) => (o.uuid = identity.objects[i]!));
  // three types Material.uuid read-only (it is minted per material), but it is a plain field: the
  // material is the same one the old stage showed, from the same file.
  materials.forEach((m, i) => ((m as { uuid: string }).uuid = identity.materials[i]!));
}
