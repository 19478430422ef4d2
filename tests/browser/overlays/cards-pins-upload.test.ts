import { describe, expect, it } from 'vitest';
import { Group, type InstancedBufferAttribute, type InstancedMesh } from 'three';
import { PinBatch, type PinDraw } from '../../../worker/overlays/cards/pins';

/*
 * Pins sit at world anchors and their shader places them, so a moving camera changes nothing in
 * their buffers: thousands of pins are uploaded only where a pin changed, not every frame.
 * Read from the instance attributes three uploads (their version and update ranges).
 */
const pin = (i: number, count = 1): PinDraw => ({ x: i * 10.1, y: 50, z: -i * 0.3, r: 0.2, g: 0.45, b: 0.9, a: 1, count });

describe('pins', () => {
  it('the same pins again upload nothing; a changed pin uploads its own range', () => {
    const root = new Group();
    const batch = new PinBatch(root);
    const pins = Array.from({ length: 5000 }, (_, i) => pin(i));
    batch.write(pins, 1000, 600);
    const mesh = root.children[0] as InstancedMesh;
    const at = mesh.geometry.getAttribute('pinAt') as InstancedBufferAttribute;
    const digits = mesh.geometry.getAttribute('pinDigits') as InstancedBufferAttribute;
    const v = at.version;
    expect(mesh.count).toBe(5000);

    batch.write(
      pins.map((p) => ({ ...p })),
      1000,
      600,
    );
    expect(at.version).toBe(v);

    const next = pins.map((p) => ({ ...p }));
    next[1234] = pin(1234, 7);
    next[1240] = { ...pin(1240), y: 60 };
    batch.write(next, 1000, 600);
    expect(at.version).toBe(v + 1);
    expect(at.updateRanges).toEqual([{ start: 1234 * 3, count: 7 * 3 }]);
    expect(at.getY(1240)).toBe(60);
    // The badge's count (7) is in its digits.
    expect(digits.getX(1234)).toBe(7);
    expect(digits.getW(1234)).toBe(7);

    // Fewer pins: only the count changes.
    batch.write(next.slice(0, 100), 1000, 600);
    expect(mesh.count).toBe(100);
    expect(at.version).toBe(v + 1);
    batch.dispose();
  });
});
