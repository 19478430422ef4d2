import { describe, expect, it } from 'vitest';
import {
  BoxGeometry,
  DoubleSide,
  Group,
  Mesh,
  MeshPhongMaterial,
  MeshPhysicalMaterial,
  MeshStandardMaterial,
  MixOperation,
  PointsMaterial,
} from 'three';
import { buildMaterial } from '../../../worker/materials/build';
import { materialSnapshot } from '../../../worker/materials/preview/snapshot';
import { swapMaterial } from '../../../worker/materials/preview/tree';
import { applyIdentity, identityOfTree } from '../../../worker/materials/preview/identity';
import { toSceneObjectNode } from '../../../worker/models/features/describe';

const noImages = { baseUrl: 'http://x.test/', loadImage: () => Promise.reject(new Error('no images here')) };

describe("a model material as the form's Material entity", () => {
  it('physical: uuid, name, colours as hex, numbers, side by name, normalScale with its sign', async () => {
    const m = new MeshPhysicalMaterial({
      name: 'Steel',
      color: 0x336699,
      emissive: 0x100000,
      roughness: 0.25,
      metalness: 0.75,
      side: DoubleSide,
    });
    m.normalScale.set(2, -2);
    const s = materialSnapshot(m);
    expect(s).toMatchObject({
      uuid: m.uuid,
      name: 'Steel',
      type: 'physical',
      color: '#336699',
      emissive: '#100000',
      roughness: 0.25,
      metalness: 0.75,
      side: 'DoubleSide',
      normalScale: 2,
      normalScaleY: true,
    });
    // Built again by the one builder, it is the same material.
    const rebuilt = (await buildMaterial(s, noImages)).material as MeshPhysicalMaterial;
    expect(rebuilt.color.getHex()).toBe(m.color.getHex());
    expect(rebuilt.emissive.getHex()).toBe(m.emissive.getHex());
    expect([rebuilt.roughness, rebuilt.metalness, rebuilt.side]).toEqual([0.25, 0.75, DoubleSide]);
    expect(rebuilt.normalScale.toArray()).toEqual([2, -2]);
  });

  it('phong keeps its type, shininess and combine; points its size; a standard material is edited as physical', () => {
    expect(materialSnapshot(new MeshPhongMaterial({ shininess: 80, combine: MixOperation }))).toMatchObject({
      type: 'phong',
      shininess: 80,
      combine: 'MixOperation',
    });
    expect(materialSnapshot(new PointsMaterial({ size: 3, sizeAttenuation: false }))).toMatchObject({
      type: 'points',
      size: 3,
      sizeAttenuation: false,
    });
    expect(materialSnapshot(new MeshStandardMaterial({ color: 0xff0000 }))).toMatchObject({ type: 'physical', color: '#ff0000' });
  });
});

describe('replacing a model material by uuid (spec §4)', () => {
  it('swaps a single material and one inside a material list, through children, and nothing else', () => {
    const a = new MeshPhongMaterial();
    const b = new MeshPhongMaterial();
    const root = new Group();
    const single = new Mesh(new BoxGeometry(), a);
    const listed = new Mesh(new BoxGeometry(), [b, a]);
    const other = new Mesh(new BoxGeometry(), b);
    root.add(single);
    single.add(listed);
    root.add(other);
    const edited = new MeshPhysicalMaterial();
    expect(swapMaterial(root, a.uuid, edited)).toBe(2);
    expect(single.material).toBe(edited);
    expect(listed.material).toEqual([b, edited]);
    expect(other.material).toBe(b);
    // And back: found by the edited material's uuid.
    expect(swapMaterial(root, edited.uuid, a)).toBe(2);
    expect(listed.material).toEqual([b, a]);
  });

  it('a model loaded again takes the uuids of the same model before (a lost context)', () => {
    const make = () => {
      const root = new Group();
      const shared = new MeshPhongMaterial();
      root.add(new Mesh(new BoxGeometry(), shared), new Mesh(new BoxGeometry(), [new MeshPhongMaterial(), shared]));
      return root;
    };
    const first = make();
    const again = make();
    applyIdentity(again, identityOfTree([toSceneObjectNode(first)]));
    expect(toSceneObjectNode(again)).toEqual(toSceneObjectNode(first));
    // Another shape keeps its own uuids.
    const other = new Group();
    applyIdentity(other, identityOfTree([toSceneObjectNode(first)]));
    expect(other.uuid).not.toBe(first.uuid);
  });
});
