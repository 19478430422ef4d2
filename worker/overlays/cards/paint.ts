import type { CardBoxStyle, CardItemText } from '../../../shared/overlays';
import { CARD_LINE_HEIGHT } from '../../../shared/schema/card-theme';
import type { CardTheme } from './theme';
import { fitText, fontOf } from './text';

/** Gap between a data item's label and its value (card.css: gap 4px). */
const LABEL_GAP = 4;
/** Card bodies wider or taller than this (CSS px) are drawn at this size: a texture has limits. */
const MAX_SIDE = 2048;

export interface CardLayout {
  /** The body's size in CSS px. */
  width: number;
  height: number;
}

/** The body's size for these items (the DOM card's box: padding, border, rows of items). */
export function layoutCard(cardWidth: number, columns: number, itemCount: number, theme: CardTheme, active: boolean): CardLayout {
  const body = active ? theme.activeBody : theme.body;
  const rows = Math.ceil(itemCount / columns);
  const rowHeight = theme.item.fontSize * CARD_LINE_HEIGHT + 2 * (theme.item.padding + theme.item.borderWidth);
  const height = 2 * (body.padding + body.borderWidth) + rows * rowHeight;
  return { width: Math.min(Math.max(1, cardWidth), MAX_SIDE), height: Math.min(Math.max(1, height), MAX_SIDE) };
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

/**
 * Draw a card body (background, border, data items in `columns` columns) on `canvas`, sized to the
 * layout at `pixelRatio` device pixels per CSS px so text is as crisp as the DOM's. Text is drawn
 * with fillText: markup in a label is only ever characters.
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
  const body = active ? theme.activeBody : theme.body;
  const item = theme.item;
  const w = Math.max(1, Math.ceil(layout.width * pixelRatio));
  const h = Math.max(1, Math.ceil(layout.height * pixelRatio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const g = canvas.getContext('2d');
  if (!g) return;
  g.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  g.clearRect(0, 0, layout.width, layout.height);
  box(g, 0, 0, layout.width, layout.height, body);

  const inset = body.padding + body.borderWidth;
  const colWidth = (layout.width - 2 * inset) / columns;
  const rowHeight = item.fontSize * CARD_LINE_HEIGHT + 2 * (item.padding + item.borderWidth);
  const textInset = item.padding + item.borderWidth;
  const labelFont = fontOf(item);
  const valueFont = fontOf(item, '600');
  g.textBaseline = 'middle';
  g.textAlign = 'left';
  items.forEach((it, i) => {
    const x = inset + (i % columns) * colWidth;
    const y = inset + Math.floor(i / columns) * rowHeight;
    if (y >= layout.height) return;
    box(g, x, y, colWidth, rowHeight, item);
    const room = colWidth - 2 * textInset;
    const mid = y + rowHeight / 2;
    g.fillStyle = item.color;
    g.font = labelFont;
    const label = fitText(g, it.label ? `${it.label}:` : '', room);
    g.fillText(label, x + textInset, mid);
    const used = label ? g.measureText(label).width + LABEL_GAP : 0;
    g.font = valueFont;
    g.fillText(fitText(g, it.value, room - used), x + textInset + used, mid);
  });
}
