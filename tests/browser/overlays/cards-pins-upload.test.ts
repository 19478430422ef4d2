import { describe, expect, it } from 'vitest';
import { Group, type BufferAttribute, type Mesh } from 'three';
import { PinBatch, type PinDraw } from '../../../worker/overlays/cards/pins';

/*
 * Pins sit at world anchors and their shader places them, so a moving camera changes nothing in
 * their buffers: thousands of pins are uploaded only where a pin changed, not every frame.
 * Read from the attributes three uploads (their version and update ranges): four vertices a pin
 * (quads.ts), one draw for all of them.
 */
const pin = (i: number, count = 1): PinDraw => ({ x: i * 10.1, y: 50, z: -i * 0.3, r: 0.2, g: 0.45, b: 0.9, a: 1, count });

describe('pins', () => {
  it('the same pins again upload nothing; a changed pin uploads its own range', () => {
    const root = new Group();
    const batch = new PinBatch(root);
    const pins = Array.from({ length: 5000 }, (_, i) => pin(i));
    batch.write(pins, 1000, 600);
    const mesh = root.children[0] as Mesh;
    const at = mesh.geometry.getAttribute('pinAt') as BufferAttribute;
    const digits = mesh.geometry.getAttribute('pinDigits') as BufferAttribute;
    const v = at.version;
    expect(batch.count).toBe(5000);
    expect(mesh.geometry.drawRange).toEqual({ start: 0, count: 5000 * 6 });

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
    expect(at.updateRanges).toEqual([{ start: 1234 * 4 * 3, count: 7 * 4 * 3 }]);
    // Every vertex of pin 1240 moved; pin 1239's did not.
    for (let k = 0; k < 4; k++) {
      expect(at.getY(1240 * 4 + k)).toBe(60);
      expect(at.getY(1239 * 4 + k)).toBe(50);
    }
    // The badge's count (7) is in its digits, at each of its vertices.
    for (let k = 0; k < 4; k++) {
      expect(digits.getX(1234 * 4 + k)).toBe(7);
      expect(digits.getW(1234 * 4 + k)).toBe(7);
    }

    // Fewer pins: only the count changes.
    batch.write(next.slice(0, 100), 1000, 600);
    expect(batch.count).toBe(100);
    expect(mesh.geometry.drawRange.count).toBe(100 * 6);
    expect(at.version).toBe(v + 1);
    batch.dispose();
  });
});
