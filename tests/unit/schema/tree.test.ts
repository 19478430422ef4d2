import { describe, expect, it } from 'vitest';
import { SceneObjectNodeSchema, toTreeNodes, TreeNodeSchema, type SceneObjectNode } from '../../../shared/schema';
import { issuesOf } from './helpers';

const node = (name: string, type: string, children: SceneObjectNode[] = []): SceneObjectNode => ({
  uuid: `u-${name || type}`, name, type, children,
});

describe('toTreeNodes (spec §3)', () => {
  const scene = [
    node('Car', 'Group', [node('Body', 'Mesh'), node('', 'Light'), node('Wheels', 'Group', [node('FL', 'Mesh'), node('FR', 'Mesh')])]),
    node('Floor', 'Mesh'),
  ];
  const tree = toTreeNodes(scene);

  it("keys are index paths joined by 'children'", () => {
    const keys: string[] = [];
    const walk = (ns: ReturnType<typeof toTreeNodes>) => ns.forEach((n) => { keys.push(n.key); walk(n.children); });
    walk(tree);
    expect(keys).toEqual(['0', '0children0', '0children1', '0children2', '0children2children0', '0children2children1', '1']);
  });

  it('title is the name, or the type when unnamed; uuid and type carried over', () => {
    expect(tree[0]!.children[1]).toEqual({ key: '0children1', uuid: 'u-Light', title: 'Light', type: 'Light', children: [] });
    expect(tree[0]!.children[2]!.children[1]!.title).toBe('FR');
    expect(TreeNodeSchema.safeParse(tree[0]).success).toBe(true);
  });

  it('empty in, empty out', () => expect(toTreeNodes([])).toEqual([]));
});

describe('scene object node schema', () => {
  it('accepts a single material or a list; children default to []', () => {
    const parsed = SceneObjectNodeSchema.parse({
      uuid: 'r', type: 'Group',
      children: [
        { uuid: 'a', type: 'Mesh', material: { uuid: 'm1', name: 'Steel', type: 'MeshStandardMaterial', color: 1 } },
        { uuid: 'b', name: 'Multi', type: 'Mesh', material: [{ uuid: 'm2' }, { uuid: 'm3', type: 'MeshBasicMaterial' }] },
      ],
    });
    expect(parsed.name).toBe('');
    expect(parsed.children[0]).toEqual({
      uuid: 'a', name: '', type: 'Mesh', children: [],
      material: { uuid: 'm1', name: 'Steel', type: 'MeshStandardMaterial', color: 1 },
    });
    expect(parsed.children[1]!.material).toEqual([{ uuid: 'm2', name: '', type: '' }, { uuid: 'm3', name: '', type: 'MeshBasicMaterial' }]);
  });

  it('refuses garbage with the nested path', () => {
    expect(issuesOf(SceneObjectNodeSchema, { uuid: 'r', type: 'Group', children: [{ uuid: 'a', type: 'Mesh', children: [{ type: 'Mesh' }] }] }).map((i) => i.path))
      .toEqual(['children.0.children.0.uuid']);
    expect(issuesOf(SceneObjectNodeSchema, { uuid: 'r', type: 'Group', children: 'none' }).map((i) => i.path)).toEqual(['children']);
    expect(issuesOf(SceneObjectNodeSchema, { uuid: 'r', type: 'Mesh', material: 'Steel' }).map((i) => i.path)).toEqual(['material']);
  });
});
