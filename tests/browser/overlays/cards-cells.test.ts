import { describe, expect, it } from 'vitest';
import { CardNode } from '../../../worker/overlays/cards/card';
import { parseCard, type CardInput } from '../../../worker/overlays/cards/input';
import { defaultTheme, parseTheme, type CardTheme } from '../../../worker/overlays/cards/theme';
import type { PixelRect } from '../../../worker/overlays/cards/paint';
import type { CardDraw } from '../../../shared/overlays';
import { card, GREEN } from './support';

/*
 * A new value redraws only its item's cell of the card's canvas (worker/overlays/cards/paint.ts
 * paintCells, card.ts CardNode.update), and that must give the very pixels a whole drawing of the
 * new values gives: two CardNodes, one drawn with the old values then updated, one drawn with the
 * new values from scratch, compared byte for byte (real OffscreenCanvas 2D drawing). The rectangle
 * update returns must hold every pixel that differs from the old drawing: only it is uploaded. And
 * a card drawn tile by tile must look as one drawn in one go.
 */

/**
 * Antialiasing noise allowed (levels of 255). None is seen in headless Chromium, the test browser:
 * whole drawings draw each item's tile exactly as a partial one does. A GPU canvas may round otherwise.
 */
const NOISE = 2;

type Items = CardDraw['items'];

function input(items: Items, columns = 1, cardWidth = 137, active = false): CardInput {
  const r = parseCard(
    card(
      { cardConfig: { cardWidth, lineWidth: 10, lineHeight: 10 }, dataConfig: { lineCount: String(columns), dataList: [] } },
      items,
      active,
    ),
  );
  if (!r.ok) throw new Error(r.error);
  return r.card;
}

function bytes(node: CardNode): Uint8ClampedArray {
  const { width, height } = node.canvas;
  return node.canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
}

/** How far apart two drawings are: the largest byte difference, and where the bytes differ at all. */
function compare(a: Uint8ClampedArray, b: Uint8ClampedArray, width: number) {
  let max = 0;
  let box: PixelRect | null = null;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (d === 0) continue;
    max = Math.max(max, d);
    const x = (i >> 2) % width;
    const y = Math.floor((i >> 2) / width);
    box = box
      ? {
          x: Math.min(box.x, x),
          y: Math.min(box.y, y),
          width: Math.max(box.x + box.width, x + 1) - Math.min(box.x, x),
          height: Math.max(box.y + box.height, y + 1) - Math.min(box.y, y),
        }
      : { x, y, width: 1, height: 1 };
  }
  return { max, box };
}

const inside = (inner: PixelRect, outer: PixelRect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Draw `before`, change to `after` (values only), and compare with a whole drawing of `after`. */
function redraw(theme: CardTheme, pixelRatio: number, before: CardInput, after: CardInput) {
  const partial = new CardNode('p', before);
  expect(partial.update(theme, 1, pixelRatio)).toBe('whole');
  const old = bytes(partial);
  partial.input = after;
  const region = partial.update(theme, 1, pixelRatio);
  const whole = new CardNode('w', after);
  expect(whole.update(theme, 1, pixelRatio)).toBe('whole');
  const { width } = whole.canvas;
  expect([partial.canvas.width, partial.canvas.height]).toEqual([width, whole.canvas.height]);
  const fresh = bytes(whole);
  return { region, equal: compare(bytes(partial), fresh, width), changed: compare(old, fresh, width) };
}

/** A body with a border and round corners, item boxes with their own border, fractional sizes everywhere. */
const BOXED = parseTheme({
  body: {
    ...GREEN.body,
    background: 'rgba(20, 60, 90, 0.8)',
    borderWidth: 1.5,
    borderColor: 'rgb(255, 128, 0)',
    borderRadius: 9,
    padding: 0,
  },
  activeBody: GREEN.activeBody,
  item: {
    ...GREEN.item,
    background: 'rgba(255, 255, 0, 0.35)',
    borderWidth: 1.25,
    borderColor: 'rgba(255, 0, 0, 0.7)',
    borderRadius: 3,
    padding: 2.5,
    fontSize: 13,
  },
});

const THEMES: [string, CardTheme][] = [
  ['default', defaultTheme()],
  ['green', parseTheme(GREEN)],
  ['boxed', BOXED],
];

const THREE: Items = [
  { label: 'Temperature', value: '21.5 °C' },
  { label: 'Humidity', value: '40 %' },
  { label: 'CO2', value: '415 ppm' },
];

describe('a changed value redraws only its cells', () => {
  for (const [name, theme] of THEMES)
    for (const pixelRatio of [1, 1.25, 1.5, 2, 3])
      for (const columns of [1, 2, 3])
        it(`${name} theme, pixel ratio ${pixelRatio}, ${columns} column(s): the same pixels as a whole drawing`, () => {
          // The middle item; then the first and last together (one rectangle holding both); then a
          // value too long for its cell (cut with an ellipsis), an empty one and Chinese text.
          const changes: Items[] = [
            [THREE[0]!, { label: 'Humidity', value: '88 %' }, THREE[2]!],
            [{ label: 'Temperature', value: '-7 °C' }, THREE[1]!, { label: 'CO2', value: '9999 ppm' }],
            [THREE[0]!, { label: 'Humidity', value: '1234567890'.repeat(8) }, THREE[2]!],
            [THREE[0]!, { label: 'Humidity', value: '' }, THREE[2]!],
            [THREE[0]!, { label: 'Humidity', value: '湿度高' }, THREE[2]!],
          ];
          for (const items of changes) {
            const { region, equal, changed } = redraw(theme, pixelRatio, input(THREE, columns), input(items, columns));
            expect(
              equal.max,
              `${JSON.stringify(items)}: differs from a whole drawing by ${equal.max} in ${JSON.stringify(equal.box)}`,
            ).toBeLessThanOrEqual(NOISE);
            if (region === null || region === 'whole') throw new Error(`a value change redrew ${String(region)}, not a region`);
            // Every pixel the change changed is inside the rectangle uploaded (in a narrow cell the
            // label may leave no room for the value: then nothing changed).
            if (changed.box)
              expect(inside(changed.box, region), `changed ${JSON.stringify(changed.box)} outside ${JSON.stringify(region)}`).toBe(true);
          }
        });

  it('the rectangle is the changed cells, edges rounded to whole pixels: the middle row of a one-column card', () => {
    const theme = defaultTheme();
    const { region } = redraw(theme, 1.5, input(THREE), input([THREE[0]!, { label: 'Humidity', value: '88 %' }, THREE[2]!]));
    // Body inset 8 + 1, rows of 12 * 1.5 = 18 CSS px; at 1.5 device px each.
    const edge = (v: number) => Math.round(v * 1.5);
    expect(region).toEqual({ x: edge(9), y: edge(9 + 18), width: edge(137 - 9) - edge(9), height: edge(9 + 36) - edge(9 + 18) });
  });

  it('drawn in tiles, a card looks as drawn in one go: no seam where tiles meet', () => {
    // Square item boxes with a border and a see-through background, at pixel ratios that put their
    // edges inside pixels: each such pixel is shared by two boxes, and must show both. Bodies with
    // round corners clear of the items, and square ones whose border the items touch.
    const item = {
      ...GREEN.item,
      background: 'rgba(255, 255, 0, 0.35)',
      borderWidth: 1.25,
      borderColor: 'rgba(255, 0, 0, 0.7)',
      padding: 2.5,
    };
    const bodies = [
      { ...GREEN.body, borderWidth: 1.5, borderRadius: 6, padding: 3 },
      { ...GREEN.body, borderWidth: 1.5, borderRadius: 0, padding: 0 },
    ];
    const blank = THREE.map(() => ({ label: '', value: '' }));
    for (const body of bodies)
      for (const pixelRatio of [1, 1.25, 1.5, 3])
        for (const columns of [1, 2, 3]) {
          const node = new CardNode('a', input(blank, columns));
          node.update(parseTheme({ ...GREEN, body, item }), 1, pixelRatio);
          const { width, height } = node.canvas;
          const plain = new OffscreenCanvas(width, height).getContext('2d')!;
          plain.scale(pixelRatio, pixelRatio);
          const box = (x: number, y: number, w: number, h: number, s: typeof item) => {
            const half = s.borderWidth / 2;
            plain.beginPath();
            plain.roundRect(x + half, y + half, w - s.borderWidth, h - s.borderWidth, Math.max(0, s.borderRadius - half));
            plain.fillStyle = s.background;
            plain.fill();
            plain.lineWidth = s.borderWidth;
            plain.strokeStyle = s.borderColor;
            plain.stroke();
          };
          const { layout } = node;
          box(0, 0, layout.width, layout.height, body);
          const inset = body.padding + body.borderWidth;
          const colWidth = (layout.width - 2 * inset) / columns;
          const rowHeight = 14 * 1.5 + 2 * (2.5 + 1.25);
          blank.forEach((_, i) =>
            box(inset + (i % columns) * colWidth, inset + Math.floor(i / columns) * rowHeight, colWidth, rowHeight, item),
          );
          const { max, box: where } = compare(bytes(node), plain.getImageData(0, 0, width, height).data, width);
          const what = `radius ${body.borderRadius}, pixel ratio ${pixelRatio}, ${columns} column(s): ${max} in ${JSON.stringify(where)}`;
          expect(max, what).toBeLessThanOrEqual(NOISE);
        }
  });

  it('a new label, item count, active state, card width, theme or pixel ratio redraws the whole card; the same text, nothing', () => {
    const theme = defaultTheme();
    const node = new CardNode('a', input(THREE));
    expect(node.update(theme, 1, 1)).toBe('whole');
    expect(node.update(theme, 1, 1)).toBeNull();
    // A new object with the same text draws nothing either.
    node.input = input(THREE);
    expect(node.update(theme, 1, 1)).toBeNull();
    const step = (next: CardInput, version = 1, ratio = 1) => {
      node.input = next;
      return node.update(theme, version, ratio);
    };
    expect(step(input([THREE[0]!, { label: 'Humidity!', value: '40 %' }, THREE[2]!]))).toBe('whole');
    expect(step(input(THREE))).toBe('whole');
    expect(step(input([...THREE, { label: 'PM2.5', value: '3' }]))).toBe('whole');
    expect(step(input(THREE))).toBe('whole');
    expect(step(input(THREE, 1, 137, true))).toBe('whole');
    expect(step(input(THREE, 1, 160, true))).toBe('whole');
    expect(step(input(THREE, 2, 160, true))).toBe('whole');
    expect(step(input(THREE, 2, 160, true), 2)).toBe('whole');
    expect(step(input(THREE, 2, 160, true), 2, 2)).toBe('whole');
    // Values only: a region.
    const region = step(input([{ label: 'Temperature', value: '0' }, ...THREE.slice(1)], 2, 160, true), 2, 2);
    expect(typeof region === 'object' && region !== null && region.width > 0).toBe(true);
  });

  it('measured: a partial against a whole drawing of a three-item card (logged, not asserted)', () => {
    const theme = defaultTheme();
    const runs = 300;
    const values = (v: number): Items => [THREE[0]!, { label: 'Humidity', value: `${v} %` }, THREE[2]!];
    const inputs = Array.from({ length: runs + 1 }, (_, v) => input(values(v)));
    // Drawing calls are recorded and done when the canvas is read: one pixel read each time makes
    // the drawing happen (the worker's upload reads the canvas the same way).
    const time = (node: CardNode, version: (v: number) => number) => {
      node.update(theme, version(0), 2);
      const g = node.canvas.getContext('2d')!;
      g.getImageData(0, 0, 1, 1);
      const t = performance.now();
      for (let v = 1; v <= runs; v++) {
        node.input = inputs[v]!;
        node.update(theme, version(v), 2);
        g.getImageData(0, 0, 1, 1);
      }
      return (performance.now() - t) / runs;
    };
    const cellMs = time(new CardNode('p', inputs[0]!), () => 1);
    // A new theme version each time: the whole card is drawn again, as every value change was before.
    const wholeMs = time(new CardNode('w', inputs[0]!), (v) => 1 + v);
    console.log(`card repaint, 3 items at pixel ratio 2: one value's cell ${cellMs.toFixed(3)} ms, whole card ${wholeMs.toFixed(3)} ms`);
  });
});
