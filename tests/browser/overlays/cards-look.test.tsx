import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import type { CardDraw, CardTheme } from '../../../shared/overlays';
import type { PixelReadout } from '../../../shared/protocol';
import { card, crop, differing, findPixels, GREEN, isGreen, SCENE } from './support';

/**
 * What a data card drawn by the render worker shows: its items' text (plain text, Chinese with real
 * glyphs), live values, the theme, and a click on it reaching the host. Pixels read from the canvas.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;

async function mountCards(cards: Record<string, CardDraw>, extra: Parameters<typeof mountSpace>[1] = {}): Promise<Mounted> {
  return mountSpace(SCENE, { width: W, height: H, cards, cardTheme: GREEN, ...extra });
}

/** The card body's pixels (device px), found from where the engine says the card is. */
async function body(m: Mounted, id = 'a'): Promise<{ pixels: PixelReadout; area: number[] }> {
  const pixels = await m.pixels();
  const r = (await m.handle.cardRects())[id]!;
  const k = pixels.width / W;
  return { pixels, area: crop(pixels, (r.x + 2) * k, (r.y + 2) * k, (r.width - 4) * k, (r.height - 4) * k) };
}

/** Cards change as a host re-renders: wait for the frame that draws them. */
async function setCards(m: Mounted, cards: Record<string, CardDraw>, extra = {}) {
  await m.update(SCENE, { cards, ...extra });
}

const wide = (items: CardDraw['items']) =>
  card({ cardConfig: { cardWidth: 240, lineWidth: 10, lineHeight: 10 }, meshConfig: { position: { x: -150, y: -60, z: 0 } } }, items);

describe('what a data card shows', () => {
  it('a live value change appears in the pixels, redrawing only that card, and an idle scene stays idle', async () => {
    const m = await mountCards({
      a: wide([{ label: 'Temperature', value: '1' }]),
      b: card({ meshConfig: { position: { x: 100, y: 50, z: 0 } } }),
    });
    const before = await body(m);
    const { textureDraws: draws, cellDraws: cells } = (await m.handle.stats()).cards;
    const b = card({ meshConfig: { position: { x: 100, y: 50, z: 0 } } });
    await setCards(m, { a: wide([{ label: 'Temperature', value: '888888' }]), b });
    const after = await body(m);
    expect(differing(before.area, after.area)).toBeGreaterThan(30);
    const stats = await m.handle.stats();
    // Only the value's cell of card a is drawn again; card b's draw data is a new object with the
    // same content: nothing of it is drawn again.
    expect(stats.cards).toMatchObject({ total: 2, textureDraws: draws, cellDraws: cells + 1 });
    // Nothing changes now: no frame is drawn.
    const frames = stats.frames;
    await new Promise((r) => setTimeout(r, 300));
    expect((await m.handle.stats()).frames).toBe(frames);
  });

  it('markup in a label is drawn as the characters typed: no element, no request, no script', async () => {
    const xss = '<img src=/xss-probe.png onerror="window.__cardXss=1">';
    const images = document.images.length;
    const m = await mountCards({ a: wide([{ label: xss, value: xss }]) });
    const typed = await body(m);
    await setCards(m, { a: wide([{ label: '', value: '' }]) });
    const blank = await body(m);
    // Text was drawn (white glyphs on the green body).
    expect(differing(typed.area, blank.area)).toBeGreaterThan(100);
    expect(findPixels(typed.pixels, ([r, g, b]) => r! > 200 && g! > 200 && b! > 200).count).toBeGreaterThan(50);
    expect(document.images.length).toBe(images);
    expect(m.root.querySelector('img')).toBeNull();
    expect((window as { __cardXss?: number }).__cardXss).toBeUndefined();
    expect(performance.getEntriesByType('resource').some((e) => e.name.includes('xss-probe'))).toBe(false);
  });

  it('a theme change (setCardTheme with a red body) changes the pixels; the active card takes the active theme', async () => {
    const m = await mountCards({ a: card() });
    expect(findPixels(await m.pixels(), isGreen).count).toBeGreaterThan(500);
    const red: CardTheme = { ...GREEN, body: { ...GREEN.body, background: 'rgb(255, 0, 0)' } };
    await setCards(m, { a: card() }, { cardTheme: red });
    const isRed = ([r, g, b]: readonly number[]) => r! > 200 && g! < 60 && b! < 60;
    const themed = await m.pixels();
    expect(findPixels(themed, isGreen).count).toBe(0);
    expect(findPixels(themed, isRed).count).toBeGreaterThan(500);
    // The active card is drawn with the active body (magenta in this theme).
    await setCards(m, { a: card({}, undefined, true) }, { cardTheme: red });
    const active = await m.pixels();
    expect(findPixels(active, ([r, g, b]) => r! > 200 && g! < 60 && b! > 200).count).toBeGreaterThan(500);
    const blue: CardTheme = { ...red, activeBody: { ...GREEN.activeBody, background: 'rgb(0, 0, 255)' } };
    await setCards(m, { a: card({}, undefined, true) }, { cardTheme: blue });
    expect(findPixels(await m.pixels(), ([r, g, b]) => r! < 60 && g! < 60 && b! > 200).count).toBeGreaterThan(500);
  });

  it('a card whose DOM mirror has keyboard focus is drawn with the active look (issue 42), and as before once it leaves', async () => {
    const isMagenta = ([r, g, b]: readonly number[]) => r! > 200 && g! < 60 && b! > 200;
    const m = await mountCards({ a: card() });
    expect(findPixels(await m.pixels(), isMagenta).count).toBe(0);
    await setCards(m, { a: { ...card(), focused: true } });
    const focused = await m.pixels();
    expect(findPixels(focused, isMagenta).count).toBeGreaterThan(500);
    expect(findPixels(focused, isGreen).count).toBe(0);
    await setCards(m, { a: card() });
    const left = await m.pixels();
    expect(findPixels(left, isMagenta).count).toBe(0);
    expect(findPixels(left, isGreen).count).toBeGreaterThan(500);
  });

  it('a Chinese label is drawn with glyphs, not missing-glyph boxes', async () => {
    const m = await mountCards({ a: wide([{ label: '温度', value: '' }]) });
    const first = await body(m);
    await setCards(m, { a: wide([{ label: '湿度', value: '' }]) });
    const second = await body(m);
    // Characters no font has (private use area) draw the one missing-glyph box, whatever they are.
    await setCards(m, { a: wide([{ label: '\uE000\uE001', value: '' }]) });
    const tofu = await body(m);
    await setCards(m, { a: wide([{ label: '\uE002\uE003', value: '' }]) });
    const tofu2 = await body(m);
    expect(differing(tofu.area, tofu2.area)).toBe(0);
    // Two Chinese words differ from each other (real glyphs) and from the boxes.
    expect(differing(first.area, second.area)).toBeGreaterThan(20);
    expect(differing(first.area, tofu.area)).toBeGreaterThan(20);
    expect(differing(second.area, tofu.area)).toBeGreaterThan(20);
  });

  it('a click on a card reaches onCardClick with its id; a click beside it or an orbit drag does not', async () => {
    const clicks: string[] = [];
    const m = await mountCards(
      { a: card({ meshConfig: { position: { x: -150, y: -60, z: 0 } } }), b: card({ meshConfig: { position: { x: 60, y: -60, z: 0 } } }) },
      { onCardClick: (id) => clicks.push(id) },
    );
    await m.pixels();
    const rects = await m.handle.cardRects();
    const centre = (id: string) => ({ x: (rects[id]!.x + rects[id]!.width / 2) / W, y: (rects[id]!.y + rects[id]!.height / 2) / H });
    await commands.mouseClick(centre('b'));
    await waitFor(() => clicks.length === 1, 'the click on card b');
    expect(clicks).toEqual(['b']);
    await commands.mouseClick({ x: 0.5, y: 0.05 });
    await commands.mouseClick(centre('a'));
    await waitFor(() => clicks.length === 2, 'the click on card a');
    expect(clicks).toEqual(['b', 'a']);
    // A drag that starts on a card orbits the camera; it is not a click. Then one more click, to
    // know the drag's events were handled.
    await commands.mouseDrag({ fromX: centre('b').x, fromY: centre('b').y, toX: 0.9, toY: 0.9, steps: 8 });
    await m.pixels();
    const after = await m.handle.cardRects();
    await commands.mouseClick({ x: (after.a!.x + after.a!.width / 2) / W, y: (after.a!.y + after.a!.height / 2) / H });
    await waitFor(() => clicks.length === 3, 'the click after the drag');
    expect(clicks).toEqual(['b', 'a', 'a']);
    expect(m.events.filter((e) => e.type === 'card-click').map((e) => (e as { id: string }).id)).toEqual(['b', 'a', 'a']);
  });
});
