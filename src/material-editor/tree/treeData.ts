import { MaterialSchema, type Material } from '../../../shared/schema/material';
import { toTreeNodes, type MaterialRef, type SceneObjectNode, type TreeNode } from '../../../shared/schema/tree';

/** One entry of the material tree: an object of the model, or one material of a material list. */
export interface MaterialTreeEntry {
  /** The object's tree key (spec §3), or for a list's material the object's key + 'material' + its index. */
  value: string;
  title: string;
  /** The object's tree node; for a list's material, a node of its own (uuid and type the material's). */
  node: TreeNode;
  /** What selecting it edits; none for groups and other objects without a material (not selectable). */
  material: Material | null;
  selectable: boolean;
  children: MaterialTreeEntry[];
}

/** The worker's snapshot as a Material entity; a reference the schema refuses is edited from the defaults. */
function entityOf(ref: MaterialRef): Material {
  const r = MaterialSchema.safeParse(ref);
  return r.success ? r.data : MaterialSchema.parse({ uuid: ref.uuid, name: ref.name });
}

/**
 * The previewed model's objects by name, else type (spec §3 Tree node, shared toTreeNodes keys).
 * A mesh with one material edits it when chosen; a mesh with a material list (geometry groups)
 * lists each material under it, so one of them can be chosen (issue 11 point 6).
 */
export function toMaterialTree(
  nodes: readonly SceneObjectNode[],
  listEntryTitle: (title: string, index: number) => string,
): MaterialTreeEntry[] {
  const walk = (objects: readonly SceneObjectNode[], tree: readonly TreeNode[]): MaterialTreeEntry[] =>
    objects.map((object, i) => {
      const node = tree[i]!;
      const children = walk(object.children, node.children);
      const single = object.material && !Array.isArray(object.material) ? entityOf(object.material) : null;
      const list = Array.isArray(object.material) ? object.material : [];
      const listed = list.map((ref, index): MaterialTreeEntry => {
        const material = entityOf(ref);
        const title = listEntryTitle(ref.name || ref.type, index);
        const value = `${node.key}material${index}`;
        return {
          value,
          title,
          node: { key: value, uuid: material.uuid, title, type: ref.type, children: [] },
          material,
          selectable: true,
          children: [],
        };
      });
      return {
        value: node.key,
        title: node.title,
        node,
        material: single,
        selectable: single !== null,
        children: [...listed, ...children],
      };
    });
  return walk(nodes, toTreeNodes(nodes));
}

/** Every entry by its value. */
export function indexEntries(entries: readonly MaterialTreeEntry[]): Map<string, MaterialTreeEntry> {
  const out = new Map<string, MaterialTreeEntry>();
  const visit = (list: readonly MaterialTreeEntry[]) =>
    list.forEach((e) => {
      out.set(e.value, e);
      visit(e.children);
    });
  visit(entries);
  return out;
}
