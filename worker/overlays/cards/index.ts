import { Group, Vector3 } from 'three';
import type { CardRect } from '../../../shared/protocol';
import type { EngineContext } from '../../engine/context';
import { CardNode } from './card';
import type { CardInput } from './input';
import { createOcclusion } from './occlusion';
import { insideQuad, placeCard, type ScreenPlace } from './placement';
import { defaultTheme, type CardTheme } from './theme';
import { listenForClicks } from './click';

export interface CardLayer {
  /** Add or replace a card (already parsed), or remove it (null). Asks for one frame. */
  set(id: string, input: CardInput | null): void;
  setTheme(theme: CardTheme): void;
  /** Place every card for the camera of the frame about to be drawn (stage draw, also readPixels). */
  place(): void;
  rects(): Record<string, CardRect>;
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

  const refresh = (card: CardNode) => {
    if (card.update(theme, ctx.size.pixelRatio)) textureDraws++;
  };

  const offClick = listenForClicks(ctx.element, (p) => {
    let best: { id: string; depth: number } | null = null;
    for (const [id, place] of places)
      if (place.visible && insideQuad(p, place.quad) && (!best || place.depth < best.depth)) best = { id, depth: place.depth };
    if (best) ctx.emit({ type: 'card-click', id: best.id });
  });

  return {
    set(id, input) {
      let card = cards.get(id);
      if (!input) {
        card?.dispose();
        cards.delete(id);
        places.delete(id);
      } else {
        if (!card) {
          card = new CardNode(id, input);
          cards.set(id, card);
          root.add(card.group);
        }
        card.input = input;
        refresh(card);
      }
      ctx.invalidate();
    },
    setTheme(next) {
      theme = next;
      for (const card of cards.values()) refresh(card);
      ctx.invalidate();
    },
    place() {
      if (cards.size === 0) return;
      const { camera } = ctx;
      const { width, height, pixelRatio } = ctx.size;
      // A new pixel ratio (the window moved to another screen): text is drawn again at it.
      if (pixelRatio !== drawnRatio) {
        drawnRatio = pixelRatio;
        for (const card of cards.values()) refresh(card);
      }
      camera.updateMatrixWorld();
      occlusion.begin();
      for (const [id, card] of cards) {
        const place = placeCard(card, camera, width, height);
        const visible = place.inView && !occlusion.hidden(anchor.copy(card.group.position), camera, height);
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
    stats: () => ({ total: cards.size, textureDraws }),
    dispose() {
      offClick();
      for (const card of cards.values()) card.dispose();
      cards.clear();
      places.clear();
      root.removeFromParent();
    },
  };
}
