import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, rgbaAt, unmountAll, waitFor, type Mounted } from '../support/harness';
import type { CardDraw } from '../../../shared/overlays';
import type { PixelReadout } from '../../../shared/protocol';
import { card, findPixels, GREEN, isGreen, SCENE } from './support';

/**
 * Issue 18: cards that would overlap are not drawn on one another. The highest ranked shows
 * whole; the others become a pin at their anchor (in the card's border colour), and pins on one
 * another merge into a badge with their count. Checked in the pixels the worker draws.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;
/** The camera looks at the origin: an anchor there is drawn at the middle of the canvas. */
const MID = { x: W / 2, y: H / 2 };
const isBlue = ([r, g, b]: readonly number[]) => b! > 150 && r! < 90 && g! < 90;
const isWhite = ([r, g, b]: readonly number[]) => r! > 200 && g! > 200 && b! > 200;

async function settled(cards: Record<string, CardDraw>): Promise<{ m: Mounted; pixels: PixelReadout }> {
  const m = await mountSpace(SCENE, { width: W, height: H, cards, cardTheme: GREEN });
  await m.pixels();
  // Past the fade between levels (200 ms), then the frame read.
  await new Promise((r) => setTimeout(r, 300));
  return { m, pixels: await m.pixels() };
}

/** Pixels matching `test` within `radius` CSS px of `at`. */
function around(p: PixelReadout, at: { x: number; y: number }, radius: number, test: (rgba: readonly number[]) => boolean) {
  const k = p.width / W;
  let n = 0;
  for (let y = Math.floor((at.y - radius) * k); y <= (at.y + radius) * k; y++)
    for (let x = Math.floor((at.x - radius) * k); x <= (at.x + radius) * k; x++)
      if ((x / k - at.x) ** 2 + (y / k - at.y) ** 2 <= radius ** 2 && test(rgbaAt(p, (y * p.width + x) * 4))) n++;
  return n / (k * k);
}

describe('decluttered data cards', () => {
  it('two cards at one anchor give one card and one pin, not two bodies on one another', async () => {
    const one = await settled({ a: card() });
    const body = findPixels(one.pixels, isGreen);
    // Around the anchor, one card alone has only its leader line's start.
    const lineOnly = around(one.pixels, MID, 5, isBlue);
    expect(lineOnly).toBeLessThan(10);
    one.m.unmount();

    const { m, pixels } = await settled({ a: card({}, [{ label: 'A', value: '1' }]), b: card({}, [{ label: 'B', value: '2' }]) });
    const rects = await m.handle.cardRects();
    expect([rects.a!.level, rects.b!.level].sort()).toEqual(['card', 'pin']);
    const stats = await m.handle.stats();
    expect(stats.cards).toMatchObject({ total: 2, levels: { cards: 1, pins: 1, clusters: 1 } });
    // One body's worth of green, where one card alone draws it.
    const green = findPixels(pixels, isGreen);
    expect(green.count).toBeGreaterThan(body.count * 0.9);
    expect(green.count).toBeLessThan(body.count * 1.1);
    expect([green.minX, green.minY, green.maxX, green.maxY]).toEqual([body.minX, body.minY, body.maxX, body.maxY]);
    // The pin: a blue dot (the theme's border colour, 12 px) around the anchor.
    expect(around(pixels, MID, 5, isBlue)).toBeGreaterThan(lineOnly + 20);
  });

  it('three cards at one anchor: one card and a badge counting the other two', async () => {
    const { m, pixels } = await settled({ a: card(), b: card(), c: card() });
    expect((await m.handle.stats()).cards).toMatchObject({ levels: { cards: 1, pins: 2, clusters: 1 } });
    // The badge (22 px) is blue with a white "2" in its middle.
    expect(around(pixels, MID, 10, isBlue)).toBeGreaterThan(150);
    expect(around(pixels, MID, 6, isWhite)).toBeGreaterThan(8);
  });

  it('the active card is always shown whole: it wins the place over the others', async () => {
    const { m } = await settled({ a: card(), b: card({}, undefined, true), c: card() });
    const rects = await m.handle.cardRects();
    expect(rects.b!.level).toBe('card');
    expect([rects.a!.level, rects.c!.level]).toEqual(['pin', 'pin']);
  });

  it('cards apart all show whole, as before', async () => {
    const { m } = await settled({
      a: card({ meshConfig: { position: { x: -150, y: 0, z: 0 } } }),
      b: card({ meshConfig: { position: { x: 60, y: 0, z: 0 } } }),
    });
    const rects = await m.handle.cardRects();
    expect([rects.a!.level, rects.b!.level]).toEqual(['card', 'card']);
    expect((await m.handle.stats()).cards).toMatchObject({ levels: { cards: 2, pins: 0, clusters: 0 } });
  });

  it('the pointer on a pin opens its card on top, kept open on the card; off both, the pin is back', async () => {
    const { m } = await settled({ a: card({}, [{ label: 'A', value: '1' }]), b: card({}, [{ label: 'B', value: '2' }]) });
    const levels = async () => {
      const r = await m.handle.cardRects();
      return [r.a!.level, r.b!.level].sort().join();
    };
    expect(await levels()).toBe('card,pin');
    await commands.mouseMove({ fromX: 0.1, fromY: 0.9, toX: 0.5, toY: 0.5 });
    await waitFor(async () => (await levels()) === 'card,card', 'both cards shown whole under the pointer');
    // Onto the opened card's body (up and right of the anchor): it stays open.
    const rect = (await m.handle.cardRects()).b!;
    await commands.mouseMove({ fromX: 0.5, fromY: 0.5, toX: (rect.x + rect.width / 2) / W, toY: (rect.y + rect.height / 2) / H });
    await new Promise((r) => setTimeout(r, 300));
    await m.pixels();
    expect(await levels()).toBe('card,card');
    await commands.mouseMove({ fromX: (rect.x + rect.width / 2) / W, fromY: (rect.y + rect.height / 2) / H, toX: 0.1, toY: 0.9 });
    await waitFor(async () => {
      await m.pixels();
      return (await levels()) === 'card,pin';
    }, 'the pin back once the pointer left');
  });
});
