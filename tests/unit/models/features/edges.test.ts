import { describe, expect, it } from 'vitest';
import {
  Bone,
  BoxGeometry,
  EdgesGeometry,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  Skeleton,
  SkinnedMesh,
  SphereGeometry,
} from 'three';
import { createEdges } from '../../../../worker/models/features/edges';
import { describeModel } from '../../../../worker/models/features/describe';
import { HELPER_FLAG } from '../../../../worker/models/types';
import { fakeScope } from './anim-support';

function model() {
  const box = new BoxGeometry(1, 1, 1);
  const a = new Mesh(box, new MeshBasicMaterial());
  const b = new Mesh(box, new MeshBasicMaterial());
  const ball = new Mesh(new SphereGeometry(1, 32, 16), new MeshBasicMaterial());
  const skinned = new SkinnedMesh(new BoxGeometry(), new MeshBasicMaterial());
  skinned.bind(new Skeleton([new Bone()]));
  const root = new Group();
  root.add(a, b, ball, skinned);
  return { root, a, b, ball, skinned, box };
}

const linesOf = (o: { children: unknown[] }) => o.children.filter((c) => c instanceof LineSegments) as LineSegments[];

describe('edgeConfig', () => {
  it('lines over sharp edges, as marked helper children of each mesh; a skinned mesh gets lines on its own skin', () => {
    const { root, a, b, ball, skinned } = model();
    const f = fakeScope(root);
    createEdges(f.scope).apply({ enable: true, color: '#ff0000' }, undefined);
    const [la] = linesOf(a);
    expect(la!.userData[HELPER_FLAG]).toBe(true);
    expect(la!.geometry).toBeInstanceOf(EdgesGeometry);
    expect(la!.geometry.getAttribute('position').count).toBe(24); // a box's 12 edges
    expect(linesOf(b)[0]!.geometry).toBe(la!.geometry); // shared geometry, shared edges
    // A smooth sphere has no edge sharper than 30°.
    expect(linesOf(ball)[0]!.geometry.getAttribute('position').count).toBe(0);
    // The skinned box: the same 12 edges, as index pairs over the box's own (skinned) vertices,
    // drawn with the mesh's skeleton so they follow its bones.
    const [ls] = linesOf(skinned);
    expect(ls!.geometry.getIndex()!.count).toBe(24);
    expect(ls!.geometry.getAttribute('position')).toBe(skinned.geometry.getAttribute('position'));
    expect((ls as unknown as { isSkinnedMesh: boolean; skeleton: Skeleton }).isSkinnedMesh).toBe(true);
    expect((ls as unknown as { skeleton: Skeleton }).skeleton).toBe(skinned.skeleton);
    expect((la!.material as LineBasicMaterial).color.getHexString()).toBe('ff0000');
    // The reported tree leaves the lines out.
    const info = describeModel({ kind: 'mesh', object: root, animations: [], warnings: [], bytes: 0, parsedOffThread: false });
    expect(info.nodes[0]!.children.map((c) => c.children.length)).toEqual([0, 0, 0, 0]);
    expect(linesOf(skinned)).toHaveLength(1);
  });

  it('a colour change updates the line material without rebuilding', () => {
    const { root, a } = model();
    const edges = createEdges(fakeScope(root).scope);
    edges.apply({ enable: true, color: '#ff0000' }, undefined);
    const [line] = linesOf(a);
    edges.apply({ enable: true, color: '#00ff00' }, { enable: true, color: '#ff0000' });
    expect(linesOf(a)).toEqual([line]);
    expect((line!.material as LineBasicMaterial).color.getHexString()).toBe('00ff00');
  });

  it('turning edges off (or dispose) removes the lines and frees their geometry and material', () => {
    const { root, a, b, ball } = model();
    const edges = createEdges(fakeScope(root).scope);
    edges.apply({ enable: true, color: '#ffffff' }, undefined);
    let freed = 0;
    const line = linesOf(a)[0]!;
    for (const l of [line, linesOf(ball)[0]!]) l.geometry.addEventListener('dispose', () => freed++);
    (line.material as LineBasicMaterial).addEventListener('dispose', () => freed++);
    edges.apply({ enable: false, color: '#ffffff' }, { enable: true, color: '#ffffff' });
    expect([a, b, ball].map((m) => m.children.length)).toEqual([0, 0, 0]);
    expect(freed).toBe(3);
    edges.apply({ enable: true, color: '#ffffff' }, { enable: false, color: '#ffffff' });
    expect(linesOf(a)).toHaveLength(1);
    edges.dispose();
    expect([a, b, ball].map((m) => m.children.length)).toEqual([0, 0, 0]);
  });
});
