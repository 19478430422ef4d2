import type { Material, Object3D } from 'three';
import type { ModelInfo } from '../../../shared/protocol';
import type { MaterialRef, SceneObjectNode } from '../../../shared/schema/tree';
import { isHelperObject, type LoadedModel } from '../types';
import { materialsOf } from '../../util/materials';

const ref = (m: Material): MaterialRef => ({ uuid: m.uuid, name: m.name, type: m.type });

/** Spec §3 Scene object node for an object and its children, leaving out what the engine added. */
export function toSceneObjectNode(o: Object3D): SceneObjectNode {
  const mat = (o as { material?: Material | Material[] }).material;
  const node: SceneObjectNode = {
    uuid: o.uuid,
    name: o.name,
    type: o.type,
    children: o.children.filter((c) => !isHelperObject(c)).map(toSceneObjectNode),
  };
  if (mat) node.material = Array.isArray(mat) ? mat.map(ref) : ref(mat);
  return node;
}

/** What the main thread needs to know about a loaded model (tree selector, panels, tests). */
export function describeModel(model: LoadedModel): ModelInfo {
  const materials: string[] = [];
  let vertices = 0;
  model.object.traverse((o) => {
    if (isHelperObject(o)) return;
    const geo = (o as { geometry?: { attributes?: { position?: { count: number } } } }).geometry;
    vertices += geo?.attributes?.position?.count ?? 0;
    for (const m of materialsOf(o)) if (m.name && !materials.includes(m.name)) materials.push(m.name);
  });
  return {
    kind: model.kind,
    nodes: [toSceneObjectNode(model.object)],
    animations: model.animations.map((a) => a.name),
    materials,
    vertices,
    bytes: model.bytes,
    parsedOffThread: model.parsedOffThread,
  };
}
