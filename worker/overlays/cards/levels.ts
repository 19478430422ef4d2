import { Matrix4, Vector3, type Object3D, type PerspectiveCamera } from 'three';
import type { CardNode } from './card';
import type { ScreenRect } from './cover';
import { Declutter } from './declutter';
import { listenForPinHover, type PinSpot } from './hover';
import { anchorOf, type ScreenPlace } from './placement';
import { BADGE_PX, PIN_PX, PinBatch, type PinDraw } from './pins';
import type { ElementStandIn } from '../../engine/element';

/**
 * Decluttering (declutter.ts): a placement pass works at most PLACE_SLICE_MS of a frame, and runs
 * again at least every REPLACE_MS while frames are drawn, when the camera stops and when cards
 * come or go. A card changing level fades over FADE_MS.
 */
const PLACE_SLICE_MS = 2;
const REPLACE_MS = 300;
const FADE_MS = 200;

/** A card the frame shows (in view, drawn, not hidden by the scene), with its place on screen. */
export interface ShownCard {
  card: CardNode;
  depth: number;
  rect: ScreenRect;
  place: ScreenPlace & { visible: boolean };
}

/**
 * Each shown card's level, whole or pin (issue 18), for the card layer (index.ts): the placement
 * passes, the fade between levels, the pins and badges drawn for the pinned cards, and the
 * pointer opening a pin's cards on top.
 */
export function createCardLevels(root: Object3D, element: ElementStandIn, invalidate: () => void) {
  const declutter = new Declutter();
  const pins = new PinBatch(root);
  const anchor = new Vector3();
  const cameraWas = new Matrix4();
  const projectionWas = new Matrix4();
  let cameraMoving = false;
  let lastPass = -Infinity;
  let lastFrame = performance.now();
  let changed = true;
  let counts = { cards: 0, pins: 0, clusters: 0 };
  // Pins and badges as drawn last frame, and the cards the pointer opened from one (hover.ts).
  let spots: PinSpot[] = [];
  let hovered: ReadonlySet<string> = new Set();
  // The last frame's shown cards by id: where an opened card is, for the pointer (hover.ts).
  let shownById = new Map<string, ShownCard>();

  const offHover = listenForPinHover(
    element,
    () => spots,
    (id) => shownById.get(id)?.place ?? null,
    (ids) => {
      // The opened cards show whole at once: a new placement pass, this frame.
      hovered = ids;
      changed = true;
      invalidate();
    },
  );

  /** Whether the camera stopped since the last frame (the view it had is the view it has). */
  function cameraStopped(camera: PerspectiveCamera): boolean {
    const still = cameraWas.equals(camera.matrixWorld) && projectionWas.equals(camera.projectionMatrix);
    const stopped = cameraMoving && still;
    cameraMoving = !still;
    cameraWas.copy(camera.matrixWorld);
    projectionWas.copy(camera.projectionMatrix);
    return stopped;
  }

  return {
    /** Cards came or went: place again on the next frame. */
    changed() {
      changed = true;
    },

    /**
     * This frame's levels for `shown` (near to far): the cards to draw whole (fading ones too), and
     * whether another frame is needed (a pass still running, a fade under way). A card shown as a
     * pin is marked not visible in its place: it is not clickable as a card.
     */
    decide(shown: readonly ShownCard[], camera: PerspectiveCamera) {
      shownById = new Map(shown.map((s) => [s.card.id, s]));
      const now = performance.now();
      const dt = Math.min(now - lastFrame, FADE_MS);
      lastFrame = now;
      const stopped = cameraStopped(camera);
      if (!declutter.running && (changed || stopped || now - lastPass >= REPLACE_MS)) {
        declutter.begin(
          shown.map(({ card, depth, rect, place }) => ({
            id: card.id,
            rect,
            anchor: place.anchor,
            priority: 0,
            always: card.input.active,
            onTop: hovered.has(card.id),
            depth,
          })),
        );
        lastPass = now;
        changed = false;
      }
      let more = false;
      // The first pass decides at once: cards must not all show whole for a moment.
      if (declutter.running && !declutter.step(declutter.result.level.size ? PLACE_SLICE_MS : Infinity)) more = true;
      const levels = declutter.result.level;
      const whole: ShownCard[] = [];
      for (const s of shown) {
        const { card } = s;
        const target = levels.get(card.id) === 'pin' ? 0 : 1;
        // A new card starts at its level: it does not fade out from whole the first time.
        if (card.fade < 0) card.fade = target;
        if (card.fade !== target) {
          card.fade = target > card.fade ? Math.min(1, card.fade + dt / FADE_MS) : Math.max(0, card.fade - dt / FADE_MS);
          more = true;
        }
        if (card.fade > 0) whole.push(s);
        else s.place.visible = false;
      }
      return { whole, more };
    },

    /** Pins and cluster badges for this frame's `decide`, at the anchor of each cluster's first card still in view. */
    drawPins(cards: ReadonlyMap<string, CardNode>, width: number, height: number) {
      const inView = shownById;
      const drawn: PinDraw[] = [];
      const next: PinSpot[] = [];
      let pinned = 0;
      for (const cluster of declutter.result.clusters) {
        const members = cluster.ids.filter((id) => inView.has(id));
        const lead = members.length ? cards.get(members[0]!) : undefined;
        if (!lead) continue;
        pinned += members.length;
        const at = anchorOf(lead, anchor);
        const c = lead.lineColour;
        const a = lead.input.config.meshConfig.opacity;
        drawn.push({ x: at.x, y: at.y, z: at.z, r: c.r, g: c.g, b: c.b, a, count: members.length });
        next.push({ ...inView.get(lead.id)!.place.anchor, radius: (members.length > 1 ? BADGE_PX : PIN_PX) / 2, ids: members });
      }
      pins.write(drawn, width, height);
      spots = next;
      counts = { cards: inView.size - pinned, pins: pinned, clusters: drawn.length };
    },

    level: (id: string) => declutter.result.level.get(id) ?? 'card',
    stats: () => ({ levels: counts, placement: { ms: declutter.result.ms, steps: declutter.result.steps } }),

    /** No card left: nothing drawn, the pins' GPU buffers and glyphs freed. */
    clear(width: number, height: number) {
      pins.write([], width, height);
      pins.clear();
      counts = { cards: 0, pins: 0, clusters: 0 };
    },

    dispose() {
      offHover();
      pins.dispose();
    },
  };
}
