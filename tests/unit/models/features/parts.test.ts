import { describe, expect, it } from 'vitest';
import { BoxGeometry, DataTexture, Group, LineSegments, Mesh, MeshStandardMaterial, type Material, type Object3D } from 'three';
import { ModelConfigSchema, type ModelConfigInput } from '../../../../shared/schema/model';
import { toTreeNodes, type TreeNode } from '../../../../shared/schema/tree';
import { createParts } from '../../../../worker/models/features/parts';
import { indexParts } from '../../../../worker/models/features/parts-index';
import { describeModel } from '../../../../worker/models/features/describe';
import { HELPER_FLAG } from '../../../../worker/models/types';
import { fakeScope } from './anim-support';

/** Car [Body, (edge-line helper), Wheels [FL, FR]]: Body and FL share one material. */
function car() {
  const shared = new MeshStandardMaterial({ color: '#808080', name: 'paint' });
  const geo = new BoxGeometry(1, 1, 1);
  const named = <T extends Object3D>(o: T, name: string) => Object.assign(o, { name });
  const body = named(new Mesh(geo, shared), 'Body');
  const fl = named(new Mesh(geo, shared), 'FL');
  const fr = named(new Mesh(geo, new MeshStandardMaterial({ color: '#404040' })), 'FR');
  const wheels = named(new Group(), 'Wheels');
  wheels.add(fl, fr);
  const helper = new LineSegments();
  helper.userData[HELPER_FLAG] = true;
  const root = named(new Group(), 'Car');
  root.add(helper, body, wheels); // the helper comes first: keys must not count it
  fl.position.set(1, 2, 3);
  fl.rotation.set(0.1, 0.2, 0.3);
  fl.scale.set(2, 2, 2);
  return { root, body, wheels, fl, fr, shared, helper };
}

const slice = (input: Partial<ModelConfigInput>) => {
  const c = ModelConfigSchema.parse(input);
  return { tree: c.treeConfig, tween: c.tweenConfig };
};

const hex = (m: Material | Material[]) => '#' + (m as MeshStandardMaterial).color.getHexString();

describe('parts: finding parts by tree key and by name', () => {
  it('keys match the tree the main thread shows (helpers not counted)', () => {
    const { root, wheels, fl } = car();
    const index = indexParts(root);
    expect(index.find('0')).toEqual([root]);
    expect(index.find('0children1')).toEqual([wheels]);
    expect(index.find('0children1children0')).toEqual([fl]);
    expect(index.find('FR').map((o) => o.name)).toEqual(['FR']);
    expect(index.find('nothing')).toEqual([]);
    // Every key of describe.ts + toTreeNodes finds the object with that node's uuid.
    const keys: [string, string][] = [];
    const walk = (ns: TreeNode[]) => ns.forEach((n) => (keys.push([n.key, n.uuid]), walk(n.children)));
    walk(toTreeNodes(describeModel({ kind: 'mesh', object: root, animations: [], warnings: [], bytes: 0, parsedOffThread: false }).nodes));
    expect(keys).toHaveLength(5);
    for (const [key, uuid] of keys) expect(index.find(key).map((o) => o.uuid)).toContain(uuid);
  });

  it('visible false by key hides that part; scale by name scales that part only', () => {
    const { root, body, fl, fr } = car();
    const f = fakeScope(root);
    createParts(f.scope).apply(slice({ treeConfig: { '0children1children0': { visible: false }, FR: { scale: { x: 3 } } } }), undefined);
    expect(fl.visible).toBe(false);
    expect(fr.scale.toArray()).toEqual([3, 1, 1]);
    expect(body.visible).toBe(true);
    expect(body.scale.toArray()).toEqual([1, 1, 1]);
  });
});

describe('parts: colour and opacity', () => {
  it('a colour clones the material: a sibling sharing it keeps its colour', () => {
    const { root, body, fl, shared } = car();
    createParts(fakeScope(root).scope).apply(slice({ treeConfig: { Body: { color: '#ff0000' } } }), undefined);
    expect(body.material).not.toBe(shared);
    expect(hex(body.material)).toBe('ff0000'.padStart(7, '#'));
    expect(fl.material).toBe(shared);
    expect(hex(shared)).toBe('#808080');
  });

  it('a group entry colours every mesh below it; the nearest entry wins', () => {
    const { root, body, fl, fr, shared } = car();
    createParts(fakeScope(root).scope).apply(slice({ treeConfig: { Wheels: { color: '#0000ff' }, FL: { color: '#00ff00' } } }), undefined);
    expect(hex(fl.material)).toBe('#00ff00');
    expect(hex(fr.material)).toBe('#0000ff');
    expect(body.material).toBe(shared);
  });

  it('opacity below 1 makes the clone transparent; opacities of nested entries multiply', () => {
    const { root, fl, fr } = car();
    const parts = createParts(fakeScope(root).scope);
    parts.apply(slice({ treeConfig: { Wheels: { opacity: 0.5 }, FL: { opacity: 0.5 } } }), undefined);
    expect((fl.material as Material).opacity).toBeCloseTo(0.25);
    expect((fl.material as Material).transparent).toBe(true);
    expect((fr.material as Material).opacity).toBeCloseTo(0.5);
    parts.apply(slice({ treeConfig: {} }), slice({}));
    expect((fl.material as Material).opacity).toBe(1);
    expect((fl.material as Material).transparent).toBe(false);
  });

  it('a colour replaces the base colour map on the clone; clearing it brings the map back', () => {
    const map = new DataTexture(new Uint8Array(4), 1, 1);
    const mat = new MeshStandardMaterial({ map });
    const mesh = Object.assign(new Mesh(new BoxGeometry(), mat), { name: 'M' });
    const parts = createParts(fakeScope(mesh).scope);
    parts.apply(slice({ treeConfig: { M: { color: 'red' } } }), undefined);
    expect(mesh.material.map).toBeNull();
    expect(mat.map).toBe(map);
    parts.apply(slice({ treeConfig: { M: { color: '' } } }), slice({}));
    expect(mesh.material.map).toBe(map);
    expect(hex(mesh.material)).toBe('#ffffff');
  });

  it('multi-material meshes get every material cloned', () => {
    const a = new MeshStandardMaterial();
    const b = new MeshStandardMaterial();
    const mesh = Object.assign(new Mesh(new BoxGeometry(), [a, b]), { name: 'M' });
    const parts = createParts(fakeScope(mesh).scope);
    parts.apply(slice({ treeConfig: { '0': { color: '#00ff00' } } }), undefined);
    const list = mesh.material;
    expect(list).toHaveLength(2);
    expect(list.map(hex)).toEqual(['#00ff00', '#00ff00']);
    expect(list[0]).not.toBe(a);
    parts.dispose();
    expect(mesh.material).toEqual([a, b]);
  });
});

describe('parts: transforms are offsets on the file transform', () => {
  it('position adds, rotation adds degrees, scale multiplies; defaults leave the file as it was', () => {
    const { root, fl } = car();
    const parts = createParts(fakeScope(root).scope);
    parts.apply(slice({ treeConfig: { FL: {} } }), undefined);
    expect(fl.position.toArray()).toEqual([1, 2, 3]);
    expect(fl.rotation.toArray().slice(0, 3)).toEqual([0.1, 0.2, 0.3]);
    parts.apply(slice({ treeConfig: { FL: { position: { x: 10 }, rotation: { y: 90 }, scale: { z: 0.5 } } } }), slice({}));
    expect(fl.position.toArray()).toEqual([11, 2, 3]);
    expect(fl.rotation.y).toBeCloseTo(0.2 + Math.PI / 2);
    expect(fl.rotation.x).toBeCloseTo(0.1);
    expect(fl.scale.toArray()).toEqual([2, 2, 1]);
  });
});

describe('parts: dispose and reload', () => {
  it('dispose puts back materials, transforms and visibility exactly and frees the clones', () => {
    const { root, body, fl, fr, shared } = car();
    const frMat = fr.material;
    const before = [body, fl, fr].map((o) => [o.position.toArray(), o.rotation.toArray(), o.scale.toArray(), o.visible]);
    const parts = createParts(fakeScope(root).scope);
    parts.apply(
      slice({ treeConfig: { '0': { opacity: 0.3, color: '#123456' }, FL: { visible: false, position: { x: 5 }, rotation: { z: 45 } } } }),
      undefined,
    );
    const clones = [body.material, fl.material, fr.material] as Material[];
    const freed: Material[] = [];
    clones.forEach((c) => c.addEventListener('dispose', () => freed.push(c)));
    parts.dispose();
    expect([body.material, fl.material, fr.material]).toEqual([shared, shared, frMat]);
    expect(freed).toHaveLength(3);
    expect([body, fl, fr].map((o) => [o.position.toArray(), o.rotation.toArray(), o.scale.toArray(), o.visible])).toEqual(before);
    expect(hex(shared)).toBe('#808080');
    expect(shared.transparent).toBe(false);
  });

  it('the same settings apply to the same parts of a reloaded copy of the file', () => {
    const config = slice({ treeConfig: { '0children1children1': { color: '#ff0000' }, Body: { visible: false } } });
    for (let i = 0; i < 2; i++) {
      const { root, body, fr, fl } = car();
      createParts(fakeScope(root).scope).apply(config, undefined);
      expect(body.visible).toBe(false);
      expect(hex(fr.material)).toBe('#ff0000');
      expect(fl.visible).toBe(true);
    }
  });
});

describe('parts: tweens', () => {
  it('with tweens on, a change moves over `time` ms, then frames stop', () => {
    const { root, body } = car();
    const f = fakeScope(root);
    const parts = createParts(f.scope);
    const tween = { enable: true, time: 1000 };
    const first = slice({ tweenConfig: tween });
    parts.apply(first, undefined);
    const next = slice({ tweenConfig: tween, treeConfig: { Body: { position: { x: 100 }, opacity: 0 } } });
    parts.apply(next, first);
    expect(body.position.x).toBe(0);
    f.step(0.5);
    const mid = body.position.x;
    expect(mid).toBeGreaterThan(10);
    expect(mid).toBeLessThan(90);
    expect((body.material as Material).opacity).toBeGreaterThan(0.1);
    expect((body.material as Material).opacity).toBeLessThan(0.9);
    f.step(0.1, 6);
    expect(body.position.x).toBe(100);
    expect((body.material as Material).opacity).toBe(0);
    expect(f.frames.size).toBe(0);
  });

  it('a change during a tween starts from where the part is shown', () => {
    const { root, body } = car();
    const f = fakeScope(root);
    const parts = createParts(f.scope);
    const a = slice({ tweenConfig: { enable: true, time: 1000 } });
    const b = slice({ tweenConfig: { enable: true, time: 1000 }, treeConfig: { Body: { position: { x: 100 } } } });
    parts.apply(a, undefined);
    parts.apply(b, a);
    f.step(0.5);
    const mid = body.position.x;
    parts.apply(a, b);
    f.step(0.01);
    expect(body.position.x).toBeLessThanOrEqual(mid);
    expect(body.position.x).toBeGreaterThan(mid - 5);
    f.step(0.1, 11);
    expect(body.position.x).toBe(0);
  });

  it('tweens off, or the first apply on a (re)loaded model: values jump', () => {
    const { root, body } = car();
    const f = fakeScope(root);
    const parts = createParts(f.scope);
    const on = slice({ tweenConfig: { enable: true }, treeConfig: { Body: { position: { y: 7 } } } });
    parts.apply(on, undefined);
    expect(body.position.y).toBe(7);
    const off = slice({ treeConfig: { Body: { position: { y: 9 } } } });
    parts.apply(off, on);
    expect(body.position.y).toBe(9);
    expect(f.frames.size).toBe(0);
  });

  it('dispose during a tween stops it and restores', () => {
    const { root, body } = car();
    const f = fakeScope(root);
    const parts = createParts(f.scope);
    const a = slice({ tweenConfig: { enable: true } });
    parts.apply(a, undefined);
    parts.apply(slice({ tweenConfig: { enable: true }, treeConfig: { Body: { position: { x: 50 } } } }), a);
    f.step(0.3);
    parts.dispose();
    expect(f.frames.size).toBe(0);
    expect(body.position.x).toBe(0);
  });
});
