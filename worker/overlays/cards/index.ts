import { Vector3, type WebGLRenderer } from 'three';
import type { CardRect, CardStats } from '../../../shared/protocol';
import type { EngineContext } from '../../engine/context';
import { CardAtlas } from './atlas';
import { CardBatch, type BodyCrop, type DrawnBody } from './batch';
import { CardNode } from './card';
import { sameRank, sameSize, type CardInput } from './input';
import { createOcclusion } from './occlusion';
import { anchorOf, boundsOf, cameraFacing, placeCard, poseCard, ScreenPlace } from './placement';
import { defaultTheme, type CardTheme } from './theme';
import { cardAt, listenForClicks } from './click';
import { COVER_ALPHA, createCoverGrid, type ScreenRect } from './cover';
import { createCardLevels, shownCard, type ShownCard } from './levels';
import { flyCloser } from './fly';
import { createCardPainter } from './painter';
import { createCardBlink } from './blink';

/** When the GPU does not say (a layer built without a renderer, in tests). */
const FALLBACK_MAX_TEXTURE = 4096;

export interface CardLayer {
  /** Add or replace a card (already parsed), or remove it (null). Asks for one frame; the texture is drawn then. */
  set(id: string, input: CardInput | null): void;
  setTheme(theme: CardTheme): void;
  /** Place every card for the camera of the frame about to be drawn (stage draw, also readPixels). */
  place(): void;
  rects(): Record<string, CardRect>;
  /** The card a click at p (canvas CSS px) lands on, or null: such a click is the card's, not a model's. */
  cardAt(p: { x: number; y: number }): string | null;
  stats(): CardStats;
  dispose(): void;
}

/**
 * A card's place, kept from frame to frame (filled in place: nothing allocated per card per
 * frame): where it is, whether it is shown, the last occlusion test's answer and frame, and its
 * entry in the frame's list of shown cards.
 */
class Place extends ScreenPlace {
  visible = false;
  hidden = false;
  tested = -Infinity;
  /** Shown whole (fading ones too) by the last drawn frame. */
  whole = false;
  readonly shown: ShownCard;
  constructor(card: CardNode) {
    super();
    this.shown = shownCard(card, this);
  }
}

/** Occlusion rays a frame, about (see place()). */
const OCCLUSION_RAYS = 1000;

/** The share of a body's rectangle (0..1, x right, y up as the card's own units) a part of it is. */
function cropOf(r: ScreenRect, part: ScreenRect): BodyCrop {
  const w = r.maxX - r.minX || 1;
  const h = r.maxY - r.minY || 1;
  return { x0: (part.minX - r.minX) / w, x1: (part.maxX - r.minX) / w, y0: (r.maxY - part.maxY) / h, y1: (r.maxY - part.minY) / h };
}

/**
 * The space's data cards, drawn by the worker (issue: data cards live in the 3D scene). Each card
 * is a body drawn into a shared atlas texture and a leader line; all shown cards are two draw
 * calls (batch.ts). Placing them happens only on drawn frames (render on demand: a card change
 * asks for one frame, an idle scene places nothing). A card whose anchor the scene hides (a ray
 * from the camera to the anchor) is not drawn.
 */
export function createCardLayer(ctx: EngineContext): CardLayer {
  const cards = new Map<string, CardNode>();
  const places = new Map<string, Place>();
  // A layer may be built without a renderer (tests of its bookkeeping): the atlas then assumes a common limit.
  const renderer = ctx.renderer as WebGLRenderer | undefined;
  const atlas = new CardAtlas(renderer?.capabilities.maxTextureSize ?? FALLBACK_MAX_TEXTURE);
  const batch = new CardBatch(atlas, () => cards.values());
  // Over the scene at the screen's full ratio, whatever the scene's (engine/compose.ts).
  ctx.overlay.add(batch.root);
  const occlusion = createOcclusion(ctx.scene, batch.root);
  const anchor = new Vector3();
  const cover = createCoverGrid();
  // Whole or pin (issue 18): placement passes, fades, pins and badges (levels.ts).
  const levels = createCardLevels(batch.root, ctx.element, () => ctx.invalidate());
  let theme = defaultTheme();
  let themeVersion = 0;
  let drawnRatio = ctx.size.devicePixelRatio;
  const facing = cameraFacing(ctx.camera);
  let frameNo = 0;
  // The last drawn frame's counts (stats).
  let frame = { outOfRange: 0, alarms: 0 };
  let inView = 0;
  // Texture drawing, for the cards the last drawn frame showed whole (fading ones too).
  const painter = createCardPainter(atlas, cards);
  // Cards in a blinking level: repainted at each toggle (blink.ts).
  const blink = createCardBlink(
    (card) => {
      card.measure(theme);
      painter.mark(card.id);
    },
    () => ctx.invalidate(),
  );
  // The places of the cards the last drawn frame showed whole (each marked `whole`).
  let wholePlaces: Place[] = [];
  // Every card's place in the order of `cards`, made again only when cards come or go (not per
  // frame: no lookup by id per card per frame), and the frame's shown cards (refilled).
  const list: Place[] = [];
  let listed = false;
  const shown: ShownCard[] = [];
  const shownOf = (id: string) => places.get(id)?.shown;

  const offClick = listenForClicks(ctx.element, (p) => {
    const id = cardAt(places, p);
    if (id) return ctx.emit({ type: 'card-click', id });
    // A pin is its card: the click activates it. A badge flies the camera closer to its cards.
    const spot = levels.spotAt(p);
    if (spot?.ids.length === 1) ctx.emit({ type: 'card-click', id: spot.ids[0]! });
    else if (spot)
      flyCloser(
        ctx,
        spot.ids.map((i) => cards.get(i)).filter((c) => c !== undefined),
      );
  });

  return {
    set(id, input) {
      let card = cards.get(id);
      if (!input) {
        if (card) {
          atlas.remove(card);
          blink.forget(card);
        }
        cards.delete(id);
        places.delete(id);
        listed = false;
        painter.forget(id);
        // No card left: every GPU buffer and the atlas go (memory back to what it was without cards).
        if (cards.size === 0) {
          batch.clear();
          levels.clear(ctx.size.width, ctx.size.height);
        }
        levels.changed();
      } else {
        if (!card) {
          card = new CardNode(id, input);
          cards.set(id, card);
          listed = false;
          card.measure(theme);
          levels.changed();
        } else if (!sameRank(card.input, input)) {
          // An alarm raised or cleared, focus, priority: placed again at once, not at the next pass.
          levels.changed();
        }
        const was = card.input;
        card.input = input;
        blink.track(card, was === input ? null : was);
        // Its size now, for placement: the drawing waits until it shows whole. A new value alone
        // (the usual update, thousands a second) changes no size.
        if (!sameSize(was, input)) card.measure(theme);
        painter.mark(id);
      }
      ctx.invalidate();
    },
    setTheme(next) {
      theme = next;
      themeVersion++;
      for (const card of cards.values()) card.measure(theme);
      painter.markAll();
      ctx.invalidate();
    },
    place() {
      if (cards.size === 0) {
        batch.write([], []);
        return;
      }
      const { camera } = ctx;
      const { width, height, devicePixelRatio: pixelRatio } = ctx.size;
      // A new pixel ratio (the window moved to another screen): text is drawn again at it.
      if (pixelRatio !== drawnRatio) {
        drawnRatio = pixelRatio;
        painter.markAll();
      }
      camera.updateMatrixWorld();
      occlusion.begin(camera);
      cameraFacing(camera, facing);
      shown.length = 0;
      frame = { outOfRange: 0, alarms: 0 };
      frameNo++;
      // Rays for at most about OCCLUSION_RAYS anchors a frame: the cards shown whole and those not
      // tested lately every frame, the others in turn (with 5000 cards, each every 5th frame).
      const stride = Math.max(1, Math.ceil(cards.size / OCCLUSION_RAYS));
      if (!listed) {
        list.length = 0;
        for (const [id, card] of cards) {
          let place = places.get(id);
          if (!place) places.set(id, (place = new Place(card)));
          list.push(place);
        }
        listed = true;
      }
      for (let i = 0; i < list.length; i++) {
        const place = list[i]!;
        const { card } = place.shown;
        placeCard(card, camera, width, height, place, facing);
        if (place.outOfRange) frame.outOfRange++;
        if (card.input.alarm) frame.alarms++;
        // Shown (whole or as a pin) when in view and not hidden by the scene; drawn or not yet.
        if (place.inView && (place.whole || frameNo - place.tested >= stride || (i + frameNo) % stride === 0)) {
          place.hidden = occlusion.hidden(anchorOf(card, anchor), camera, height);
          place.tested = frameNo;
        }
        place.visible = place.inView && !place.hidden;
        if (!place.visible) continue;
        boundsOf(place, place.shown.rect);
        place.shown.depth = place.depth;
        shown.push(place.shown);
      }
      // Which cards show whole and which as pins (levels.ts), whole ones near to far: a body under
      // enough nearer ones is not drawn (its leader line still is).
      const { whole: decided, more: placing } = levels.decide(shown, camera);
      for (const p of wholePlaces) p.whole = false;
      wholePlaces = decided.map((s) => s.place as Place);
      for (const p of wholePlaces) p.whole = true;
      // Their drawings are brought up to date now, within the frame's budget. One more frame is
      // asked for at most once, at the end: cards left to draw (a card over the budget of its
      // first frame has no texture to show yet), a placement pass still running, a fade under way.
      const more = painter.paint(
        wholePlaces.map((p) => p.shown.card.id),
        theme,
        themeVersion,
        pixelRatio,
      );
      const whole = decided.filter((s) => s.card.drawn);
      for (const s of whole) poseCard(s.card, facing);
      inView = shown.length;

      cover.reset(width, height);
      const bodies: DrawnBody[] = [];
      // Near to far, a card opened on top (pointer, keyboard focus) before all: never covered, drawn last.
      const order = [...whole.filter((s) => s.onTop), ...whole.filter((s) => !s.onTop)];
      for (const { card, rect } of order) {
        const { isSprite, meshConfig } = card.input.config;
        const part = cover.visible(rect);
        if (!part) continue;
        // A billboard's body is an upright rectangle on screen: drawn over its visible part only.
        bodies.push({ card, crop: isSprite ? cropOf(rect, part) : null });
        // And its inside is known to cover what is behind it.
        if (isSprite && card.bodyAlpha * meshConfig.opacity >= COVER_ALPHA) {
          const k = (card.bodyInset * (rect.maxX - rect.minX)) / card.layout.width;
          cover.add({ minX: rect.minX + k, minY: rect.minY + k, maxX: rect.maxX - k, maxY: rect.maxY - k });
        }
      }
      // Far to near: without depth testing, the nearer card is drawn over the farther.
      batch.write(
        bodies.reverse(),
        order.map((s) => s.card),
      );
      levels.drawPins(shownOf, width, height);
      // Cards still to paint or place: this frame is not the settled picture.
      if (more || placing) ctx.invalidate(true);
    },
    rects() {
      const out: Record<string, CardRect> = {};
      for (const [id, p] of places) {
        const r = boundsOf(p);
        out[id] = {
          x: r.minX,
          y: r.minY,
          width: r.maxX - r.minX,
          height: r.maxY - r.minY,
          anchorX: p.anchor.x,
          anchorY: p.anchor.y,
          visible: p.visible,
          level: levels.level(id),
          hidden: p.inView && p.hidden,
        };
      }
      return out;
    },
    // A pin or badge is the cards' too: model picking leaves a click on one alone.
    cardAt: (p) => cardAt(places, p) ?? levels.spotAt(p)?.ids[0] ?? null,
    stats: () => ({ total: cards.size, ...painter.counts(), ...levels.stats(), inView, ...frame }),
    dispose() {
      offClick();
      blink.dispose();
      cards.clear();
      places.clear();
      painter.clear();
      levels.dispose();
      batch.dispose();
    },
  };
}
