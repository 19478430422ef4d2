import type { CardBoxStyle, CardItemText } from '../../../shared/overlays';
import { CARD_LINE_HEIGHT } from '../../../shared/schema/card-theme';
import type { CardTheme } from './theme';
import { fitText, fontOf } from './text';
import { cssColour } from './colour';

/** Gap between a data item's label and its value (card.css: gap 4px). */
const LABEL_GAP = 4;
/** Card bodies wider or taller than this (CSS px) are drawn at this size: a texture has limits. */
const MAX_SIDE = 2048;

export interface CardLayout {
  /** The body's size in CSS px. */
  width: number;
  height: number;
}

/** A rectangle of a card's canvas in its own (device) pixels, whole pixels only. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the data items go: `columns` columns of cells inside the body's padding and border (CSS px). */
interface CellGrid {
  columns: number;
  inset: number;
  colWidth: number;
  rowHeight: number;
}

/** The body's size for these items (the DOM card's box: padding, border, rows of items). */
export function layoutCard(cardWidth: number, columns: number, itemCount: number, theme: CardTheme, active: boolean): CardLayout {
  const body = active ? theme.activeBody : theme.body;
  const rows = Math.ceil(itemCount / columns);
  const height = 2 * (body.padding + body.borderWidth) + rows * rowHeightOf(theme);
  return { width: Math.min(Math.max(1, cardWidth), MAX_SIDE), height: Math.min(Math.max(1, height), MAX_SIDE) };
}

function rowHeightOf(theme: CardTheme): number {
  const { item } = theme;
  return item.fontSize * CARD_LINE_HEIGHT + 2 * (item.padding + item.borderWidth);
}

function gridOf(layout: CardLayout, columns: number, theme: CardTheme, active: boolean): CellGrid {
  const body = active ? theme.activeBody : theme.body;
  const inset = body.padding + body.borderWidth;
  return { columns, inset, colWidth: (layout.width - 2 * inset) / columns, rowHeight: rowHeightOf(theme) };
}

/** Item i's cell (its box) in CSS px. */
function cellOf(grid: CellGrid, i: number): { x: number; y: number } {
  return { x: grid.inset + (i % grid.columns) * grid.colWidth, y: grid.inset + Math.floor(i / grid.columns) * grid.rowHeight };
}

const overlap = (a: PixelRect, b: PixelRect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The smallest rectangle holding both. */
export function unionRect(a: PixelRect, b: PixelRect): PixelRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

function box(g: OffscreenCanvasRenderingContext2D, x: number, y: number, w: number, h: number, style: CardBoxStyle) {
  // The border is inside the box (box-sizing: border-box): its stroke runs along the middle of it.
  const half = style.borderWidth / 2;
  const r = Math.max(0, Math.min(style.borderRadius - half, (w - style.borderWidth) / 2, (h - style.borderWidth) / 2));
  g.beginPath();
  g.roundRect(x + half, y + half, Math.max(0, w - style.borderWidth), Math.max(0, h - style.borderWidth), r);
  g.fillStyle = style.background;
  g.fill();
  if (style.borderWidth > 0) {
    g.lineWidth = style.borderWidth;
    g.strokeStyle = style.borderColor;
    g.stroke();
  }
}

/** What every item is drawn with: its box style and the fonts of its label and value. */
interface ItemLook {
  style: CardBoxStyle;
  /** False when the box shows nothing (the default theme's items: no background, no border). */
  boxed: boolean;
  labelFont: string;
  valueFont: string;
}

/** One drawing of a card's body: what paintCard and paintCells share. */
interface Painting {
  g: OffscreenCanvasRenderingContext2D;
  layout: CardLayout;
  pixelRatio: number;
  body: CardBoxStyle;
  grid: CellGrid;
  item: ItemLook;
}

function paintingOf(
  canvas: OffscreenCanvas,
  layout: CardLayout,
  pixelRatio: number,
  columns: number,
  theme: CardTheme,
  active: boolean,
): Painting | null {
  const g = canvas.getContext('2d');
  if (!g) return null;
  const style = theme.item;
  const boxed = cssColour(style.background).a > 0 || (style.borderWidth > 0 && cssColour(style.borderColor).a > 0);
  const item = { style, boxed, labelFont: fontOf(style), valueFont: fontOf(style, '600') };
  const body = active ? theme.activeBody : theme.body;
  return { g, layout, pixelRatio, body, grid: gridOf(layout, columns, theme, active), item };
}

/**
 * A rectangle of CSS px in device px, cut to the canvas: its edges grown to whole pixels (every
 * pixel it touches), or rounded to the nearest pixel edge.
 */
function pixels(p: Painting, x0: number, y0: number, x1: number, y1: number, outward: boolean): PixelRect | null {
  const { pixelRatio: k, g } = p;
  const lo = outward ? Math.floor : Math.round;
  const hi = outward ? Math.ceil : Math.round;
  const left = Math.max(0, lo(x0 * k));
  const top = Math.max(0, lo(y0 * k));
  const right = Math.min(g.canvas.width, hi(x1 * k));
  const bottom = Math.min(g.canvas.height, hi(y1 * k));
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}

const drawn = (p: Painting, i: number) => cellOf(p.grid, i).y < p.layout.height;

/**
 * Item i's tile: the pixels only its text may change. Its cell with each edge rounded to the
 * nearest pixel edge, computed per grid line so that neighbouring tiles meet exactly: tiles never
 * share a pixel. Null when the item is not drawn (its row past a body cut at MAX_SIDE).
 */
function tileOf(p: Painting, i: number): PixelRect | null {
  if (!drawn(p, i)) return null;
  const { inset, columns, colWidth, rowHeight } = p.grid;
  const col = i % columns;
  const row = Math.floor(i / columns);
  const x = (c: number) => inset + c * colWidth;
  const y = (r: number) => inset + r * rowHeight;
  return pixels(p, x(col), y(row), x(col + 1), y(row + 1), false);
}

/** Item i's box in device px, grown to whole pixels: every pixel its antialiased edges touch. */
function boxPixels(p: Painting, i: number): PixelRect | null {
  const { x, y } = cellOf(p.grid, i);
  return pixels(p, x, y, x + p.grid.colWidth, y + p.grid.rowHeight, true);
}

function drawBox(p: Painting, i: number) {
  const { x, y } = cellOf(p.grid, i);
  box(p.g, x, y, p.grid.colWidth, p.grid.rowHeight, p.item.style);
}

/** Item i's label and value, cut to fit its cell (an ellipsis where cut). */
function drawText(p: Painting, i: number, it: CardItemText) {
  const { g, item } = p;
  const { x, y } = cellOf(p.grid, i);
  const textInset = item.style.padding + item.style.borderWidth;
  const room = p.grid.colWidth - 2 * textInset;
  const mid = y + p.grid.rowHeight / 2;
  g.fillStyle = item.style.color;
  g.textBaseline = 'middle';
  g.textAlign = 'left';
  g.font = item.labelFont;
  const label = fitText(g, it.label ? `${it.label}:` : '', room);
  g.fillText(label, x + textInset, mid);
  const used = label ? g.measureText(label).width + LABEL_GAP : 0;
  g.font = item.valueFont;
  g.fillText(fitText(g, it.value, room - used), x + textInset + used, mid);
}

/**
 * The body under a tile (drawn in device px). Clear of the body's border and rounded corners (and
 * a pixel of their antialiasing), the body's fill covers every pixel fully: there it is its
 * background colour, the same pixels a plain rectangle gives at far less cost than the whole
 * rounded body again (once per tile of every whole drawing).
 */
function bodyInto(p: Painting, tile: PixelRect) {
  const { g, layout, pixelRatio: k, body } = p;
  const edge = Math.max(body.borderWidth, body.borderRadius) * k + 1;
  const clear =
    tile.x >= edge && tile.y >= edge && tile.x + tile.width <= layout.width * k - edge && tile.y + tile.height <= layout.height * k - edge;
  if (clear) {
    g.fillStyle = body.background;
    g.fillRect(tile.x, tile.y, tile.width, tile.height);
    return;
  }
  g.setTransform(k, 0, 0, k, 0, 0);
  box(g, 0, 0, layout.width, layout.height, body);
  g.setTransform(1, 0, 0, 1, 0, 0);
}

/**
 * In paintCard's order, the boxes reaching into item i's tile: its own and its neighbours' (one row
 * and one column around it at most, by an antialiased edge).
 */
function boxesInto(p: Painting, tile: PixelRect, i: number, count: number) {
  if (!p.item.boxed) return;
  const { columns } = p.grid;
  const last = Math.min(count - 1, i + columns + 1);
  for (let j = Math.max(0, i - columns - 1); j <= last; j++) {
    const b = drawn(p, j) ? boxPixels(p, j) : null;
    if (b && overlap(b, tile)) drawBox(p, j);
  }
}

/**
 * Draw item i's tile from scratch: cleared, then the body and the boxes reaching into it, then
 * item i's text, all clipped to the tile (the text so to its cell, as the DOM value's overflow:
 * hidden). paintCard and paintCells both draw a tile only so: the same calls under the same clip
 * give the same pixels. A clip that cut a shape differently would not (Skia's rasterizer gives the
 * row beside a clip edge through a curve other coverage than it does uncut: measured 17 to 39
 * levels), which is why tiles are drawn whole both times and never share a pixel.
 */
function drawTile(p: Painting, i: number, items: readonly CardItemText[]): PixelRect | null {
  const tile = tileOf(p, i);
  if (!tile) return null;
  const { g, pixelRatio } = p;
  g.save();
  // Cleared and clipped in device px: whole pixels, none of them cut in part.
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(tile.x, tile.y, tile.width, tile.height);
  g.beginPath();
  g.rect(tile.x, tile.y, tile.width, tile.height);
  g.clip();
  bodyInto(p, tile);
  g.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  boxesInto(p, tile, i, items.length);
  drawText(p, i, items[i]!);
  g.restore();
  return tile;
}

/**
 * Draw a card body (background, border, data items in `columns` columns) on `canvas`, sized to the
 * layout at `pixelRatio` device pixels per CSS px so text is as crisp as the DOM's. Text is drawn
 * with fillText: markup in a label is only ever characters. The body and boxes are drawn whole
 * first (the padding and border around the items), then each item's tile (drawTile).
 */
export function paintCard(
  canvas: OffscreenCanvas,
  layout: CardLayout,
  pixelRatio: number,
  items: readonly CardItemText[],
  columns: number,
  theme: CardTheme,
  active: boolean,
): void {
  const w = Math.max(1, Math.ceil(layout.width * pixelRatio));
  const h = Math.max(1, Math.ceil(layout.height * pixelRatio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const p = paintingOf(canvas, layout, pixelRatio, columns, theme, active);
  if (!p) return;
  const { g } = p;
  g.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  g.clearRect(0, 0, layout.width, layout.height);
  box(g, 0, 0, layout.width, layout.height, p.body);
  items.forEach((_, i) => {
    if (p.item.boxed && drawn(p, i)) drawBox(p, i);
  });
  items.forEach((_, i) => drawTile(p, i, items));
}

/**
 * Redraw only the tiles of the items at `changed` (their values changed; the canvas holds
 * paintCard's drawing of the same layout, labels and look): the same pixels paintCard gives for the
 * new values. The rectangle redrawn (device px, all the changed tiles), or null when none is drawn.
 */
export function paintCells(
  canvas: OffscreenCanvas,
  layout: CardLayout,
  pixelRatio: number,
  items: readonly CardItemText[],
  changed: readonly number[],
  columns: number,
  theme: CardTheme,
  active: boolean,
): PixelRect | null {
  const p = paintingOf(canvas, layout, pixelRatio, columns, theme, active);
  if (!p) return null;
  let region: PixelRect | null = null;
  for (const i of changed) {
    const tile = drawTile(p, i, items);
    if (tile) region = region ? unionRect(region, tile) : tile;
  }
  return region;
}
