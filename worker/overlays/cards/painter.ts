import type { CardAtlas } from './atlas';
import type { CardNode } from './card';
import type { CardTheme } from './theme';

/**
 * Texture drawing per frame: at least MIN_PAINTS cards (so a few changed cards are always drawn in
 * the frame that follows their change), then more while the frame's drawing took less than the
 * budget, never more than MAX_PAINTS (a slow frame rate must not mean ever longer frames).
 */
const MIN_PAINTS = 8;
const MAX_PAINTS = 64;
const PAINT_BUDGET_MS = 6;

/**
 * The card layer's texture drawing (index.ts). Cards whose input or look changed since their
 * drawing are marked, oldest change first: marking only records, so however fast updates come,
 * drawing happens on drawn frames, within a budget, and the worker never falls behind its
 * messages. Only cards shown whole are drawn: a pin, a card out of view or out of range keeps its
 * change for when it shows whole (5000 cards with changing values draw only the few dozen a
 * screen shows whole). A new value alone redraws and uploads only its cells.
 */
export function createCardPainter(atlas: CardAtlas, cards: ReadonlyMap<string, CardNode>) {
  const dirty = new Set<string>();
  // Whole card drawings, and partial ones (only the cells of changed values) since init.
  let textureDraws = 0;
  let cellDraws = 0;

  return {
    mark(id: string) {
      dirty.add(id);
    },
    /** Every card is drawn again (a new theme, a new pixel ratio). */
    markAll() {
      for (const id of cards.keys()) dirty.add(id);
    },
    forget(id: string) {
      dirty.delete(id);
    },

    /** Draw the marked cards of `whole` within the frame's budget; true when some are left for the next frame. */
    paint(whole: Iterable<string>, theme: CardTheme, themeVersion: number, pixelRatio: number): boolean {
      const start = performance.now();
      let painted = 0;
      for (const id of whole) {
        if (!dirty.has(id)) continue;
        if (painted >= MAX_PAINTS || (painted >= MIN_PAINTS && performance.now() - start > PAINT_BUDGET_MS)) return true;
        dirty.delete(id);
        const card = cards.get(id);
        if (!card) continue;
        const redrawn = card.update(theme, themeVersion, pixelRatio);
        if (!redrawn) continue;
        // Only a whole drawing uploads all of the card; new values upload just their cells.
        const all = redrawn === 'whole';
        atlas.put(card, cards.values(), all ? null : redrawn);
        if (all) textureDraws++;
        else cellDraws++;
        painted++;
      }
      return false;
    },

    counts: () => ({ textureDraws, cellDraws }),
    clear() {
      dirty.clear();
    },
  };
}
