import { Group, Vector3 } from 'three';
import type { CardRect } from '../../../shared/protocol';
import type { EngineContext } from '../../engine/context';
import { CardNode } from './card';
import type { CardInput } from './input';
import { createOcclusion } from './occlusion';
import { placeCard, type ScreenPlace } from './placement';
import { defaultTheme, type CardTheme } from './theme';
import { cardAt, listenForClicks } from './click';

/**
 * Texture drawing per frame: at least MIN_PAINTS cards (so a few changed cards are always drawn in
 * the frame that follows their change), then more while the frame's drawing took less than the
 * budget, never more than MAX_PAINTS (a slow frame rate must not mean ever longer frames).
 */
const MIN_PAINTS = 8;
const MAX_PAINTS = 64;
const PAINT_BUDGET_MS = 6;

export interface CardLayer {
  /** Add or replace a card (already parsed), or remove it (null). Asks for one frame; the texture is drawn then. */
  set(id: string, input: CardInput | null): void;
  setTheme(theme: CardTheme): void;
  /** Place every card for the camera of the frame about to be drawn (stage draw, also readPixels). */
  place(): void;
  rects(): Record<string, CardRect>;
  /** The card a click at p (canvas CSS px) lands on, or null: such a click is the card's, not a model's. */
  cardAt(p: { x: number; y: number }): string | null;
  stats(): { total: number; textureDraws: number };
  dispose(): void;
}

/**
 * The space's data cards, drawn by the worker (issue: data cards live in the 3D scene). Each card
 * is a textured quad and a leader line in one group under the scene; placing them happens only on
 * drawn frames (render on demand: a card change asks for one frame, an idle scene places nothing).
 * A card whose anchor the scene hides (a ray from the camera to the anchor) is not drawn.
 */
export function createCardLayer(ctx: EngineContext): CardLayer {
  const root = new Group();
  root.name = 'dash3d-cards';
  ctx.scene.add(root);
  const cards = new Map<string, CardNode>();
  const places = new Map<string, ScreenPlace & { visible: boolean }>();
  const occlusion = createOcclusion(ctx.scene, root);
  const anchor = new Vector3();
  let theme = defaultTheme();
  let textureDraws = 0;
  let drawnRatio = ctx.size.pixelRatio;
  // Cards whose input or look changed since their texture was drawn, oldest change first. set()
  // only records: however fast updates come, texture drawing happens on drawn frames, within a
  // budget, so the worker never falls behind its messages.
  const dirty = new Set<string>();
  const markAll = () => {
    for (const id of cards.keys()) dirty.add(id);
  };

  /** Redraw dirty cards within the frame's budget (MIN_PAINTS..MAX_PAINTS); the rest next frame. */
  const repaint = () => {
    const start = performance.now();
    let painted = 0;
    for (const id of dirty) {
      if (painted >= MAX_PAINTS || (painted >= MIN_PAINTS && performance.now() - start > PAINT_BUDGET_MS)) break;
      dirty.delete(id);
      const card = cards.get(id);
      if (!card) continue;
      if (card.update(theme, ctx.size.pixelRatio)) {
        textureDraws++;
        painted++;
      }
    }
    if (dirty.size) ctx.invalidate();
  };

  const offClick = listenForClicks(ctx.element, (p) => {
    const id = cardAt(places, p);
    if (id) ctx.emit({ type: 'card-click', id });
  });

  return {
    set(id, input) {
      let card = cards.get(id);
      if (!input) {
        card?.dispose();
        cards.delete(id);
        places.delete(id);
        dirty.delete(id);
      } else {
        if (!card) {
          card = new CardNode(id, input);
          cards.set(id, card);
          root.add(card.group);
        }
        card.input = input;
        dirty.add(id);
      }
      ctx.invalidate();
    },
    setTheme(next) {
      theme = next;
      markAll();
      ctx.invalidate();
    },
    place() {
      if (cards.size === 0) return;
      const { camera } = ctx;
      const { width, height, pixelRatio } = ctx.size;
      // A new pixel ratio (the window moved to another screen): text is drawn again at it.
      if (pixelRatio !== drawnRatio) {
        drawnRatio = pixelRatio;
        markAll();
      }
      repaint();
      camera.updateMatrixWorld();
      occlusion.begin();
      for (const [id, card] of cards) {
        const place = placeCard(card, camera, width, height);
        // A card not drawn yet (over the budget of its first frame) has no texture to show.
        const visible = card.drawn && place.inView && !occlusion.hidden(anchor.copy(card.group.position), camera, height);
        card.group.visible = visible;
        places.set(id, { ...place, visible });
      }
    },
    rects() {
      const out: Record<string, CardRect> = {};
      for (const [id, p] of places) {
        const xs = p.quad.map((q) => q.x);
        const ys = p.quad.map((q) => q.y);
        const x = Math.min(...xs);
        const y = Math.min(...ys);
        out[id] = {
          x,
          y,
          width: Math.max(...xs) - x,
          height: Math.max(...ys) - y,
          anchorX: p.anchor.x,
          anchorY: p.anchor.y,
          visible: p.visible,
        };
      }
      return out;
    },
    cardAt: (p) => cardAt(places, p),
    stats: () => ({ total: cards.size, textureDraws }),
    dispose() {
      offClick();
      for (const card of cards.values()) card.dispose();
      cards.clear();
      places.clear();
      dirty.clear();
      root.removeFromParent();
    },
  };
}
