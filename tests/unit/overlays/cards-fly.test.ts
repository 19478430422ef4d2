import { describe, expect, it } from 'vitest';
import { PerspectiveCamera, Vector3 } from 'three';
import { flyCloser } from '../../../worker/overlays/cards/fly';
import { parseCard } from '../../../worker/overlays/cards/input';
import type { CardNode } from '../../../worker/overlays/cards/card';
import type { EngineContext } from '../../../worker/engine/context';
import type { Vec3 } from '../../../shared/schema/common';

/* Issue 18 point 2: a click on a badge flies the camera closer to its cards (the snapshot tween). */
function setup(z: number) {
  const camera = new PerspectiveCamera(45, 4 / 3, 1, 10_000);
  camera.position.set(0, 0, z);
  camera.updateMatrixWorld();
  const moves: { position: Vec3; target: Vec3; ms: number }[] = [];
  const ctx = { camera, view: { moveTo: (position: Vec3, target: Vec3, ms: number) => moves.push({ position, target, ms }) } };
  return { ctx: ctx as unknown as EngineContext, moves };
}
const cardAt = (x: number, y: number, zz: number) => {
  const r = parseCard({ config: { meshConfig: { position: { x, y, z: zz } } }, items: [], active: false });
  if (!r.ok) throw new Error(r.error);
  // Only the anchor is read: no drawing canvas needed here.
  return { id: `c${x},${y},${zz}`, input: r.card } as unknown as CardNode;
};

describe('flying to a badge', () => {
  it('looks at the centre of its anchors from the same side, at least a quarter closer', () => {
    const { ctx, moves } = setup(600);
    flyCloser(ctx, [cardAt(-10, 0, 0), cardAt(10, 0, 0)]);
    expect(moves).toHaveLength(1);
    const { position, target, ms } = moves[0]!;
    expect(target).toMatchObject({ x: 0, y: 0, z: 0 });
    expect(position.x).toBeCloseTo(0);
    expect(position.z).toBeGreaterThan(0);
    expect(position.z).toBeLessThanOrEqual(450);
    expect(ms).toBeGreaterThan(0);
  });

  it('stops where the cards spread over about half the view', () => {
    const { ctx, moves } = setup(5000);
    flyCloser(ctx, [cardAt(-100, 0, 0), cardAt(100, 0, 0)]);
    const d = new Vector3().copy(moves[0]!.position).length();
    // Radius 100 over half the view's height: 100 / tan(22.5°) / 0.5, about 483.
    expect(d).toBeGreaterThan(470);
    expect(d).toBeLessThan(500);
  });

  it('does not move when already about as close as it can come, nor for no card', () => {
    const { ctx, moves } = setup(4);
    flyCloser(ctx, [cardAt(0, 0, 0), cardAt(0, 0, 0)]);
    flyCloser(ctx, []);
    expect(moves).toHaveLength(0);
  });
});
