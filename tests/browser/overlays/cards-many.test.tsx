import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, rgbaAt, unmountAll } from '../support/harness';
import type { CardDraw } from '../../../shared/overlays';
import type { CardRect, PixelReadout } from '../../../shared/protocol';
import { card, GREEN, isGreen, SCENE } from './support';

/**
 * Many data cards share one atlas texture and are drawn together (worker/overlays/cards/atlas.ts,
 * batch.ts): each card must still show its own drawing, a change must land on its own card, and
 * the texture must go when the cards go. Pixels read from the canvas.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;
const COLS = 6;
const ROWS = 5;
/** World units per CSS px at z = 0, seen from z = 600 with fov 45 on a 300 px high canvas. */
const PER_PX = (2 * 600 * Math.tan((45 * Math.PI) / 360)) / H;

const isMagenta = ([r, g, b]: readonly number[]) => r! > 200 && g! < 60 && b! > 200;
const isWhite = ([r, g, b]: readonly number[]) => r! > 200 && g! > 200 && b! > 200;

/** Card i of a grid filling the canvas, none over another; the active ones are drawn magenta (GREEN's active body). */
function grid(active: (i: number) => boolean): Record<string, CardDraw> {
  const out: Record<string, CardDraw> = {};
  for (let i = 0; i < COLS * ROWS; i++) {
    const px = { x: 6 + (i % COLS) * (W / COLS), y: 50 + Math.floor(i / COLS) * (H / ROWS) };
    out[`c${i}`] = card(
      {
        meshConfig: { position: { x: (px.x - W / 2) * PER_PX, y: (H / 2 - px.y) * PER_PX, z: 0 } },
        cardConfig: { cardWidth: 50, lineWidth: 4, lineHeight: 4 },
      },
      [{ label: '', value: `${i}` }],
      active(i),
    );
  }
  return out;
}

/** Each card's body corner has its own colour, and its text (white) is inside its own body. */
function expectCards(pixels: PixelReadout, rects: Record<string, CardRect>, active: (i: number) => boolean) {
  const k = pixels.width / W;
  const at = (x: number, y: number) => rgbaAt(pixels, (Math.round(y * k) * pixels.width + Math.round(x * k)) * 4);
  for (let i = 0; i < COLS * ROWS; i++) {
    const r = rects[`c${i}`]!;
    expect(r.visible, `card ${i} shown`).toBe(true);
    const corner = at(r.x + 3, r.y + 3);
    expect(active(i) ? isMagenta(corner) : isGreen(corner), `card ${i} corner ${corner.join(',')}`).toBe(true);
    let white = 0;
    for (let y = r.y + 2; y < r.y + r.height - 2; y++) for (let x = r.x + 2; x < r.x + r.width - 2; x++) if (isWhite(at(x, y))) white++;
    expect(white, `card ${i} text`).toBeGreaterThan(3);
  }
}

describe('many data cards', () => {
  it('each show their own drawing from one texture; a change lands on its card; removing them all frees the texture', async () => {
    const base = await mountSpace(SCENE, { width: W, height: H });
    const baseline = (await base.handle.stats()).memory;
    base.unmount();

    const first = (i: number) => i % 3 === 0;
    const m = await mountSpace(SCENE, { width: W, height: H, cards: grid(first), cardTheme: GREEN });
    expectCards(await m.pixels(), await m.handle.cardRects(), first);
    const stats = await m.handle.stats();
    expect(stats.cards.total).toBe(COLS * ROWS);
    // One texture for all the cards' bodies, not one per card.
    expect(stats.memory.textures).toBe(baseline.textures + 1);

    // Other cards become active: each changed card is drawn again into its own place.
    const second = (i: number) => i % 3 === 1;
    await m.update(SCENE, { cards: grid(second) });
    expectCards(await m.pixels(), await m.handle.cardRects(), second);

    await m.update(SCENE, { cards: {} });
    const pixels = await m.pixels();
    let green = 0;
    for (let i = 0; i < pixels.width * pixels.height; i++) if (isGreen(rgbaAt(pixels, i * 4))) green++;
    expect(green).toBe(0);
    expect((await m.handle.stats()).memory).toEqual(baseline);
  });
});
