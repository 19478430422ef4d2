import type { SceneObjectNode } from '../../../../shared/schema/tree';

/** One part of a loaded model, found by its tree key (spec §3 Tree node key). */
export interface Part {
  key: string;
  /** The object's own name; '' when the file gave it none. */
  name: string;
  /** What the tree shows: the name, or the type when there is none. */
  title: string;
}

export interface PartIndex {
  byKey: Map<string, Part>;
  /** How many objects of the tree carry each name. */
  nameCount: Map<string, number>;
}

/** Same key scheme as toTreeNodes: sibling indexes joined by 'children'. */
export function indexParts(nodes: readonly SceneObjectNode[]): PartIndex {
  const byKey = new Map<string, Part>();
  const nameCount = new Map<string, number>();
  const walk = (list: readonly SceneObjectNode[], parent: string) =>
    list.forEach((node, i) => {
      const key = parent ? `${parent}children${i}` : String(i);
      byKey.set(key, { key, name: node.name, title: node.name || node.type });
      if (node.name) nameCount.set(node.name, (nameCount.get(node.name) ?? 0) + 1);
      walk(node.children ?? [], key);
    });
  walk(nodes, '');
  return { byKey, nameCount };
}

const LOOKS_LIKE_KEY = /^\d+(?:children\d+)*$/;

/**
 * The treeConfig key a part's settings are stored under.
 *
 * Its NAME when the name is non-empty and unique in the tree: a name survives a re-exported file
 * whose objects were reordered, so the settings still land on the same part after a reload (spec
 * §2), and it reads well in a stored config. Otherwise its KEY: an unnamed part has nothing else,
 * and a name shared by several objects (FBX and OBJ files repeat names) would make one entry move
 * all of them. A name that itself looks like a key ('0', '2children1') is not used either, so the
 * worker, which accepts both, can never confuse the two.
 *
 * An entry already stored under the part's key (written while its name was not yet unique, or by
 * another tool) is kept where it is, so editing it never leaves a stale twin behind.
 */
export function entryIdOf(part: Part, index: PartIndex, stored: Readonly<Record<string, unknown>>): string {
  const byName = part.name !== '' && index.nameCount.get(part.name) === 1 && !LOOKS_LIKE_KEY.test(part.name);
  if (!byName) return part.key;
  return !Object.hasOwn(stored, part.name) && Object.hasOwn(stored, part.key) ? part.key : part.name;
}
