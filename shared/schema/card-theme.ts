import * as z from 'zod';
import type { CardBoxStyle, CardTheme } from '../overlays';

/**
 * The look of a data card as the render worker draws it (shared/overlays.ts CardTheme), checked
 * where it enters the worker. The main thread reads it from the host theme's computed styles; these
 * defaults are what the worker draws with until a theme arrives (they match
 * src/widgets/data-card/card.css). Out-of-range sizes are clamped rather than refused: a theme that
 * is a little odd still draws a card.
 */

/** A CSS value the 2D context reads (colour, font family). A string it does not accept is ignored there. */
const css = (def: string) => z.string().max(200).catch(def).default(def);
const size = (def: number, min: number, max: number) =>
  z
    .number()
    .catch(def)
    .default(def)
    .transform((n) => (Number.isFinite(n) ? Math.min(Math.max(n, min), max) : def));

function box(d: CardBoxStyle) {
  return z
    .object({
      background: css(d.background),
      color: css(d.color),
      borderColor: css(d.borderColor),
      borderWidth: size(d.borderWidth, 0, 20),
      borderRadius: size(d.borderRadius, 0, 100),
      fontSize: size(d.fontSize, 6, 72),
      fontFamily: css(d.fontFamily),
      fontWeight: css(d.fontWeight),
      padding: size(d.padding, 0, 60),
    })
    .catch(d)
    .prefault({});
}

const BODY: CardBoxStyle = {
  background: 'rgba(10, 24, 40, 0.82)',
  color: 'rgb(230, 244, 255)',
  borderColor: 'rgba(120, 200, 255, 0.6)',
  borderWidth: 1,
  borderRadius: 4,
  fontSize: 12,
  fontFamily: 'sans-serif',
  fontWeight: '400',
  padding: 8,
};

export const CardThemeSchema = z.object({
  body: box(BODY),
  activeBody: box({ ...BODY, borderColor: 'rgb(105, 177, 255)' }),
  item: box({ ...BODY, background: 'rgba(0, 0, 0, 0)', borderColor: 'rgba(0, 0, 0, 0)', borderWidth: 0, borderRadius: 0, padding: 0 }),
}) satisfies z.ZodType<CardTheme, unknown>;

/** Line height of card text, as a multiple of the font size (card.css: line-height 1.5). */
export const CARD_LINE_HEIGHT = 1.5;
/** The most data items a card draws, and the most characters of a label or value (the rest is clipped). */
export const CARD_MAX_ITEMS = 60;
export const CARD_MAX_TEXT = 1000;
