import { describe, expect, it } from 'vitest';
import { BoxGeometry, Group, LineBasicMaterial, LineSegments, Mesh, MeshBasicMaterial, MeshPhongMaterial, type Material } from 'three';
import { HELPER_FLAG } from '../../../../worker/models/types';
import { materialsByName, replaceByUuid, restoreSwaps } from '../../../../worker/models/features/materials-replace';

const named = (name: string) => Object.assign(new MeshBasicMaterial(), { name });

/** A: single 'Red'; B: list [Red, Blue, Red-clone-of-another-uuid]; C (nested under B): 'Blue'; an edge helper holding Red. */
function model() {
  const red = named('Red');
  const blue = named('Blue');
  const otherRed = named('Red');
  const geometry = new BoxGeometry();
  const root = new Group();
  const a = new Mesh(geometry, red);
  const list: Material[] = [red, blue, otherRed];
  const b = new Mesh(geometry, list);
  const c = new Mesh(geometry, blue);
  const helper = new LineSegments(geometry, red as unknown as LineBasicMaterial);
  helper.userData[HELPER_FLAG] = true;
  b.add(c);
  root.add(new Group().add(a), b, helper);
  return { root, a, b, c, helper, red, blue, otherRed, list };
}

describe('replacing a material by uuid (spec §4)', () => {
  it('collects the model materials by name, helpers left out', () => {
    const { root, red, blue, otherRed } = model();
    const byName = materialsByName(root);
    expect([...byName.keys()].sort()).toEqual(['Blue', 'Red']);
    expect(byName.get('Red')).toEqual([red, otherRed]);
    expect(byName.get('Blue')).toEqual([blue]);
  });

  it('swaps single slots and list entries recursively through the children, then restores them', () => {
    const { root, a, b, c, helper, red, blue, otherRed, list } = model();
    const lib = new MeshPhongMaterial();
    const swaps = replaceByUuid(root, new Set([red.uuid]), lib);
    expect(a.material).toBe(lib);
    expect(b.material).toBe(list); // same list, changed in place
    expect(list).toEqual([lib, blue, otherRed]);
    expect(c.material).toBe(blue);
    expect(helper.material).toBe(red);
    expect(swaps.map((s) => s.index)).toEqual([-1, 0]);

    const blueSwaps = replaceByUuid(root, new Set([blue.uuid, otherRed.uuid]), lib);
    expect(list).toEqual([lib, lib, lib]);
    expect(c.material).toBe(lib);

    restoreSwaps(blueSwaps);
    expect(list).toEqual([lib, blue, otherRed]);
    expect(c.material).toBe(blue);
    restoreSwaps(swaps);
    expect(a.material).toBe(red);
    expect(list).toEqual([red, blue, otherRed]);
  });

  it('restoring leaves a slot alone that something else changed since', () => {
    const { root, a, red } = model();
    const lib = new MeshPhongMaterial();
    const swaps = replaceByUuid(root, new Set([red.uuid]), lib);
    const other = new MeshBasicMaterial();
    a.material = other;
    restoreSwaps(swaps);
    expect(a.material).toBe(other);
  });
});
