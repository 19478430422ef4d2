import { describe, expect, it } from 'vitest';
import { Matrix4, PerspectiveCamera, Vector3 } from 'three';
import { CardConfigSchema } from '../../../shared/schema/card';
import type { CardNode } from '../../../worker/overlays/cards/card';
import { boundsOf, placeCard, ScreenPlace } from '../../../worker/overlays/cards/placement';

/*
 * Issue 34 point 1, at 5000 cards: a sprite's placement keeps its body's edges and makes its four
 * corners only when they are asked for (a click, the pointer, rects()), since thousands of pins
 * never need them. What is asked for must be what placement used to write: the corners of the
 * latest placement, in the order drawn, and bounds equal to those of the corners.
 */

/** A card as placement reads it (no canvas: CardNode's needs a browser). */
function card(config: Record<string, unknown>, size = { width: 130, height: 60 }): CardNode {
  return {
    input: { config: CardConfigSchema.parse(config) },
    scale: new Vector3(),
    matrix: new Matrix4(),
    layout: size,
  } as unknown as CardNode;
}

function camera(): PerspectiveCamera {
  const c = new PerspectiveCamera(45, 1000 / 600, 1, 10_000);
  c.position.set(0, 800, 1600);
  c.lookAt(0, 0, 0);
  c.updateMatrixWorld();
  return c;
}

const corners = (q: { x: number; y: number }[]) => q.map(({ x, y }) => [x, y]);

describe('a sprite card placed on screen', () => {
  it('has the corners of its body as its edges give them, bottom-left first, and bounds equal to theirs', () => {
    const sprite = card({
      isSprite: true,
      isFixd: true,
      meshConfig: { position: { x: 40, y: 50, z: -30 } },
      cardConfig: { lineWidth: 10, lineHeight: 20 },
    });
    const place = placeCard(sprite, camera(), 1000, 600, new ScreenPlace());
    expect(place.boxed).toBe(true);
    const { left, right, bottom, top } = place;
    // y down on screen: the body above its anchor, its top above its bottom.
    expect(top).toBeLessThan(bottom);
    expect(bottom).toBeLessThan(place.anchor.y);
    expect(right - left).toBeCloseTo(130, 6);
    expect(corners(place.quad)).toEqual([
      [left, bottom],
      [right, bottom],
      [right, top],
      [left, top],
    ]);
    expect(place.boxed).toBe(false);
    expect(boundsOf(place)).toEqual({ minX: left, minY: top, maxX: right, maxY: bottom });
  });

  it('asked for after a later placement, gives that placement, with bounds equal to its corners’', () => {
    const sprite = card({
      isSprite: true,
      isFixd: true,
      meshConfig: { scale: { x: 2, y: 0.5, z: 1 } },
      cardConfig: { lineWidth: 10, lineHeight: 20 },
    });
    const cam = camera();
    const place = placeCard(sprite, cam, 1000, 600, new ScreenPlace());
    const first = corners(place.quad).map((p) => [...p]);
    cam.position.set(300, 500, 900);
    cam.lookAt(0, 0, 0);
    cam.updateMatrixWorld();
    placeCard(sprite, cam, 1000, 600, place);
    const fromEdges = boundsOf(place);
    const q = place.quad;
    expect(corners(q)).not.toEqual(first);
    expect(fromEdges).toEqual({
      minX: Math.min(...q.map((p) => p.x)),
      minY: Math.min(...q.map((p) => p.y)),
      maxX: Math.max(...q.map((p) => p.x)),
      maxY: Math.max(...q.map((p) => p.y)),
    });
    // A fixed-size card: 130 x 60 card px at its scale (2, 0.5), in CSS px whatever the distance.
    expect(place.right - place.left).toBeCloseTo(260, 6);
    expect(place.bottom - place.top).toBeCloseTo(30, 6);
  });

  it('an oriented card has its corners projected at once, as before', () => {
    const oriented = card({ isSprite: false, meshConfig: { rotation: { x: 0, y: 30, z: 0 } } });
    const place = placeCard(oriented, camera(), 1000, 600, new ScreenPlace());
    expect(place.boxed).toBe(false);
    const q = place.quad;
    expect(new Set(q.map((p) => `${p.x},${p.y}`)).size).toBe(4);
    expect(boundsOf(place).minX).toBe(Math.min(...q.map((p) => p.x)));
  });
});
