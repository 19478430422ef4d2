import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, rgbaAt, unmountAll } from '../support/harness';
import type { CardDraw, CardTheme } from '../../../shared/overlays';
import type { PixelReadout } from '../../../shared/protocol';
import { card, GREEN, SCENE } from './support';

/**
 * Issue 34 point 2: a whole card hides the pins and badges under it on screen, however see-through
 * its theme's body: the pixels round a pin under the card are those of the card alone.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;

/** A card theme whose body is see-through green (alpha), with white text; pins in its blue. */
const seeThrough = (alpha: number): CardTheme => ({ ...GREEN, body: { ...GREEN.body, background: `rgba(0, 255, 0, ${alpha})` } });

/**
 * A wide always-shown card whose body covers the middle of the view (screen px: anchor at 70, 172;
 * body 80..320 across, from 162 up), and cards anchored at the middle, whose bodies would overlap
 * it: pins there, a badge for two. 1.657 world units a pixel at z = 0 (fov 45, 600 away, 300 high).
 */
const COVER = card(
  {
    levelConfig: { alwaysShow: true },
    cardConfig: { cardWidth: 240, lineWidth: 10, lineHeight: 10 },
    meshConfig: { position: { x: (70 - W / 2) * 1.657, y: (H / 2 - 172) * 1.657, z: 0 } },
  },
  [
    { label: 'Line', value: '3' },
    { label: 'Output', value: '98 %' },
  ],
);

/** The bytes within `radius` CSS px of the middle. */
function middle(p: PixelReadout, radius: number): number[] {
  const k = p.width / W;
  const out: number[] = [];
  for (let y = Math.floor((H / 2 - radius) * k); y < (H / 2 + radius) * k; y++)
    for (let x = Math.floor((W / 2 - radius) * k); x < (W / 2 + radius) * k; x++) out.push(...rgbaAt(p, (y * p.width + x) * 4).slice(0, 3));
  return out;
}

describe.each([0.4, 0, 1])('pins under a whole card whose body has alpha %s', (alpha) => {
  it('a pin and a badge under the card do not show through it', async () => {
    const draw = async (cards: Record<string, CardDraw>) => {
      const m = await mountSpace(SCENE, { width: W, height: H, cards, cardTheme: seeThrough(alpha) });
      await m.pixels();
      await new Promise((r) => setTimeout(r, 300)); // past the fade between levels
      const pixels = await m.pixels();
      const rects = await m.handle.cardRects();
      m.unmount();
      return { pixels, rects };
    };
    const alone = await draw({ cover: COVER });
    // The card's body covers the badge's whole disc (22 px) at the middle.
    const c = alone.rects.cover!;
    expect(c.x < W / 2 - 11 && c.x + c.width > W / 2 + 11 && c.y < H / 2 - 11 && c.y + c.height > H / 2 + 11).toBe(true);
    const under = middle(alone.pixels, 12);

    const pin = await draw({ cover: COVER, a: card() });
    expect(pin.rects.a!.level).toBe('pin');
    const badge = await draw({ cover: COVER, a: card(), b: card() });
    expect([badge.rects.a!.level, badge.rects.b!.level]).toEqual(['pin', 'pin']);
    for (const shown of [pin, badge]) {
      const differ = middle(shown.pixels, 12).filter((v, i) => Math.abs(v - under[i]!) > 6).length;
      expect(differ).toBe(0);
    }
  });
});
