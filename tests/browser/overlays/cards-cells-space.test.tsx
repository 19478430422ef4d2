import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, unmountAll, type Mounted } from '../support/harness';
import type { CardDraw } from '../../../shared/overlays';
import { card, crop, differing, GREEN, SCENE } from './support';

/**
 * A live value change in a running space redraws and uploads only its item's cell of the card
 * (worker/overlays/cards/paint.ts paintCells, atlas.ts): the layer counts it as a cell drawing, not
 * a card drawing, and the card on the canvas shows the new value exactly as a card drawn whole
 * with it. Pixels read from the canvas.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;

const three = (humidity: string, humidityLabel = 'Humidity') =>
  card({ cardConfig: { cardWidth: 240, lineWidth: 10, lineHeight: 10 }, meshConfig: { position: { x: -150, y: -80, z: 0 } } }, [
    { label: 'Temperature', value: '21.5 °C' },
    { label: humidityLabel, value: humidity },
    { label: 'CO2', value: '415 ppm' },
  ]);
const other = () => card({ meshConfig: { position: { x: 100, y: 50, z: 0 } } });

/** Card a's body on the canvas (device px), found from where the engine says it is. */
async function body(m: Mounted): Promise<number[]> {
  const pixels = await m.pixels();
  const r = (await m.handle.cardRects()).a!;
  expect(r.visible).toBe(true);
  const k = pixels.width / W;
  return crop(pixels, (r.x + 2) * k, (r.y + 2) * k, (r.width - 4) * k, (r.height - 4) * k);
}

async function setCards(m: Mounted, cards: Record<string, CardDraw>) {
  await m.update(SCENE, { cards });
}

const draws = async (m: Mounted) => {
  const { textureDraws, cellDraws } = (await m.handle.stats()).cards;
  return { textureDraws, cellDraws };
};

describe('a changed value redraws its cell only', () => {
  it('one value of one card: one cell drawing, no card drawing, and the canvas shows the card as drawn whole', async () => {
    const m = await mountSpace(SCENE, { width: W, height: H, cards: { a: three('40 %'), b: other() }, cardTheme: GREEN });
    const before = await body(m);
    const start = await draws(m);

    await setCards(m, { a: three('88.8 %'), b: other() });
    const after = await body(m);
    expect(await draws(m)).toEqual({ textureDraws: start.textureDraws, cellDraws: start.cellDraws + 1 });
    // The new value is on the canvas.
    expect(differing(before, after)).toBeGreaterThan(30);

    // The same card drawn whole with the new value (removed, then sent again: a new drawing in a
    // new place of the atlas) shows the same pixels: the cell went to the right place, nothing
    // else of the card changed.
    await setCards(m, { b: other() });
    await setCards(m, { a: three('88.8 %'), b: other() });
    const fresh = await body(m);
    expect(await draws(m)).toEqual({ textureDraws: start.textureDraws + 1, cellDraws: start.cellDraws + 1 });
    expect(fresh).toHaveLength(after.length);
    expect(differing(after, fresh, 2)).toBe(0);

    // A new label redraws the whole card.
    await setCards(m, { a: three('88.8 %', 'Humidity (rel.)'), b: other() });
    expect(await draws(m)).toEqual({ textureDraws: start.textureDraws + 2, cellDraws: start.cellDraws + 1 });
  });
});
