import { Color, Matrix4, type Object3D, type PerspectiveCamera } from 'three';
import type { CardNode } from './card';
import type { ScreenRect } from './cover';
import { BodyGrid, Declutter, type CardLevel, type DeclutterResult } from './declutter';
import { listenForPinHover, spotAt, type PinSpot } from './hover';
import type { ScreenPlace } from './placement';
import { BADGE_PX, PIN_PX, PinBatch, type PinDraw } from './pins';
import { ClusterMembers, eachPinSpot, levelIn, spotOf } from './pinned';
import type { ElementStandIn } from '../../engine/element';

/**
 * Decluttering (declutter.ts): a placement pass works at most PLACE_SLICE_MS of a frame, and runs
 * again at least every REPLACE_MS while frames are drawn, when the camera stops, when cards come
 * or go (or change rank), and when a card that pass did not see is shown (at once where passes are
 * cheap, else FRESH_MS after the last). A card changing level fades over
 * FADE_MS, in steps of at most FADE_STEP_MS a frame.
 */
const PLACE_SLICE_MS = 2;
const REPLACE_MS = 300;
const FADE_MS = 200;
const FADE_STEP_MS = 50;
/**
 * A card the last pass did not see (new, come into view) is a pin until a pass places it: one
 * starts this long after the last at the soonest. While the camera turns over thousands of cards,
 * some come into view on every frame: a pass each frame would cost more than the frame itself.
 */
const FRESH_MS = 100;
/** ...unless the last pass took less than this (ms): then at once. */
const CHEAP_PASS_MS = 1;

/** A card the frame shows (in view and not hidden by the scene; drawn or not yet), with its place on screen. */
export interface ShownCard {
  card: CardNode;
  depth: number;
  rect: ScreenRect;
  place: ScreenPlace & { visible: boolean };
  /** Opened on top of the others (by the pointer on its pin, or the keyboard): set by decide. */
  onTop?: boolean;
  /** This frame's level as decide worked it out: 1 whole, 0 pin, -1 no pass decided yet. */
  to?: number;
  /** Its level in the pass result `levelsOf` (undefined: not in it), read once per pass, not every frame. */
  levelsOf?: DeclutterResult;
  level?: CardLevel;
  /** Frames (decide's count) in which it was a pin, and drawn in a badge or as a pin (pinned.ts). */
  pinnedAt?: number;
  drawnAt?: number;
}

/** A card's entry in the shown lists, made once with every field: thousands of them share one shape. */
export function shownCard(card: CardNode, place: ShownCard['place']): ShownCard {
  const rect = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  return { card, depth: 0, rect, place, onTop: false, to: -1, levelsOf: undefined, level: undefined, pinnedAt: -1, drawnAt: -1 };
}

/** Rank among cards a pass put whole: always-show first, then priority, then nearer. */
const byRank = (a: ShownCard, b: ShownCard) =>
  Number(alwaysWhole(b.card)) - Number(alwaysWhole(a.card)) ||
  b.card.input.config.levelConfig.priority - a.card.input.config.levelConfig.priority ||
  a.depth - b.depth;

/** Never a pin: the active card, an always-show card and a card in alarm (issue 18 point 3). */
export const alwaysWhole = (card: CardNode) => card.input.active || card.input.alarm !== null || card.input.config.levelConfig.alwaysShow;

/**
 * Pairs of fully shown cards whose bodies overlap by more than a pixel (the benchmark's goal is
 * none; always-show cards may overlap by design). Sorted by left edge, so each card meets only
 * those that start before it ends: cheap for the few hundred cards a screen shows whole.
 */
function countOverlaps(whole: readonly ShownCard[]): number {
  const rects = whole.filter((s) => s.card.fade === 1 && !s.onTop).map((s) => s.rect);
  rects.sort((a, b) => a.minX - b.minX);
  let n = 0;
  for (let i = 0; i < rects.length; i++) {
    const a = rects[i]!;
    for (let j = i + 1; j < rects.length && rects[j]!.minX < a.maxX - 1; j++) {
      const b = rects[j]!;
      if (b.minY < a.maxY - 1 && a.minY < b.maxY - 1) n++;
    }
  }
  return n;
}

/**
 * Each shown card's level, whole or pin (issue 18), for the card layer (index.ts): the placement
 * passes, the fade between levels, the pins and badges drawn for the pinned cards, and the
 * pointer opening a pin's cards on top.
 */
export function createCardLevels(root: Object3D, element: ElementStandIn, invalidate: () => void) {
  const declutter = new Declutter();
  const pins = new PinBatch(root);
  const alarmColour = new Color();
  const cameraWas = new Matrix4();
  const projectionWas = new Matrix4();
  let cameraMoving = false;
  let lastPass = -Infinity;
  let lastFrame = performance.now();
  let changed = true;
  let counts = { cards: 0, pins: 0, clusters: 0, undecided: 0 };
  let levelChanges = 0;
  let overlaps = 0;
  // Last frame: shown cards no finished pass has decided yet (a pin for the frame or two until one does).
  let undecided = 0;
  // Last frame: the shown cards drawn as pins (alone, in a badge, or awaiting a pass), marked with
  // `frameNo` (pinned.ts); the pass's clusters with their cards, kept while no card comes or goes.
  const pinned: ShownCard[] = [];
  let frameNo = 0;
  let cardsVersion = 0;
  const clusterMembers = new ClusterMembers<ShownCard>();
  // Pins and badges as drawn last frame, and the cards the pointer opened from one (hover.ts).
  let spots: PinSpot[] = [];
  let hovered: ReadonlySet<string> = new Set();
  let openedFrom: PinSpot | null = null;
  // The last frame's shown cards by id: where an opened card is, for the pointer (hover.ts).
  let shownNow: readonly ShownCard[] = [];
  let byId: Map<string, ShownCard> | null = null;
  /** The last frame's shown card by id, indexed only when the pointer asks (not every frame). */
  const shownById = (id: string) => (byId ??= new Map(shownNow.map((s) => [s.card.id, s]))).get(id);

  const offHover = listenForPinHover(
    element,
    () => spots,
    (id) => shownById(id)?.place ?? null,
    (ids) => {
      // The opened cards show whole at once: a new placement pass, this frame. Their pin or badge
      // is not drawn meanwhile, yet a click there is still on it (a badge's fly, a pin's card).
      openedFrom = ids.size ? (spots.find((s) => s.ids.length === ids.size && s.ids.every((id) => ids.has(id))) ?? openedFrom) : null;
      hovered = ids;
      changed = true;
      invalidate();
    },
  );

  /** Opened on top of the others: by the pointer on its pin, or by the keyboard focus on its mirror. */
  const openedOnTop = (card: CardNode) => (hovered.size > 0 && hovered.has(card.id)) || card.input.focused;

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
      cardsVersion++;
    },

    /**
     * This frame's levels for `shown` (in any order): the cards to draw whole (fading ones too) near to far, and
     * whether another frame is needed (a pass still running, a fade under way). A card shown as a
     * pin is marked not visible in its place: it is not clickable as a card.
     */
    decide(shown: readonly ShownCard[], camera: PerspectiveCamera) {
      shownNow = shown;
      byId = null;
      frameNo++;
      const now = performance.now();
      // The first frame after a still spell must not finish a fade at once: at most a step of it.
      const dt = Math.min(now - lastFrame, FADE_STEP_MS);
      lastFrame = now;
      const stopped = cameraStopped(camera);
      // A card the last pass did not see (new, come into view, shown again): a pass now.
      const last = declutter.result;
      let fresh = false;
      for (const s of shown) if (levelIn(s, last) === undefined && (fresh = true)) break;
      const since = now - lastPass;
      // A card come into view is placed at once where passes are cheap (a few hundred cards).
      const soon = fresh && (since >= FRESH_MS || declutter.result.ms < CHEAP_PASS_MS);
      if (!declutter.running && (changed || stopped || soon || since >= REPLACE_MS)) {
        declutter.begin(
          shown.map(({ card, depth, rect, place }) => ({
            id: card.id,
            rect,
            anchor: place.anchor,
            priority: card.input.config.levelConfig.priority,
            always: alwaysWhole(card),
            onTop: openedOnTop(card),
            depth,
          })),
        );
        lastPass = now;
        changed = false;
      }
      let more = false;
      // The first pass decides at once: cards must not all show whole for a moment.
      if (declutter.running && !declutter.step(declutter.result.level.size ? PLACE_SLICE_MS : Infinity)) more = true;
      const result = declutter.result;
      const wanted: ShownCard[] = [];
      undecided = 0;
      for (const s of shown) {
        s.onTop = openedOnTop(s.card);
        const level = levelIn(s, result);
        if (level === undefined) {
          // Not in the last pass (new, or just come into view): a pin until a pass decides (soon: FRESH_MS).
          undecided++;
          s.to = -1;
        } else if (level === 'card') wanted.push(s);
        else s.to = 0;
      }
      // The pass saw the view of up to REPLACE_MS ago: where the camera moved since, a card it put
      // whole may now overlap one of higher rank. That one gives way at once (and a pass follows):
      // whole cards never overlap, moving or not.
      const grid = new BodyGrid();
      let gaveWay = false;
      wanted.sort(byRank);
      for (const s of wanted) {
        if (grid.take(s.rect, alwaysWhole(s.card), s.onTop)) s.to = 1;
        else {
          // A pin until the next pass (at REPLACE_MS, or when the camera stops) places it again.
          s.to = 0;
          gaveWay = true;
        }
      }
      const whole: ShownCard[] = [];
      pinned.length = 0;
      for (const s of shown) {
        const { card } = s;
        const decided = s.to ?? -1;
        const to = Math.max(0, decided);
        if (to === 0) {
          pinned.push(s);
          s.pinnedAt = frameNo;
        }
        // A level no pass decided yet is not a change of level.
        if (decided >= 0 && card.decidedLevel !== to) {
          if (card.decidedLevel >= 0) levelChanges++;
          card.decidedLevel = to;
        }
        // A new card starts at its level: it does not fade out from whole the first time.
        if (card.fade < 0) card.fade = to;
        if (card.fade !== to) {
          card.fade = to > card.fade ? Math.min(1, card.fade + dt / FADE_MS) : Math.max(0, card.fade - dt / FADE_MS);
          more = true;
        }
        if (card.fade > 0) whole.push(s);
        else s.place.visible = false;
      }
      // Frames go on while a pass is due: it may not start before FRESH_MS or REPLACE_MS.
      if (changed || undecided > 0 || gaveWay) more = true;
      // Near to far (the few shown whole, not the thousands in view: no sort of those per frame).
      whole.sort((a, b) => a.depth - b.depth);
      overlaps = countOverlaps(whole);
      return { whole, more };
    },

    /**
     * Pins and cluster badges for this frame's `decide`, at the anchor of each cluster's first card
     * still a pin; `shownOf` is the shown card kept for an id (index.ts), asked once per pass.
     */
    drawPins(shownOf: (id: string) => ShownCard | undefined, width: number, height: number) {
      const drawn: PinDraw[] = [];
      const next: PinSpot[] = [];
      const result = declutter.result;
      // Every anchor in view is a card or a pin, on every frame (pinned.ts).
      eachPinSpot(result, clusterMembers.of(result, cardsVersion, shownOf), pinned, frameNo, (members, s) => {
        const lead = s.card;
        // The anchor (anchorOf's numbers), read here: calling anchorOf from this callback made V8
        // drop anchorOf's and placeCard's optimised code every few frames (trace-deopt).
        const at = lead.input.config.meshConfig.position;
        const tint = lead.tint;
        const c = tint ? alarmColour.set(tint) : lead.lineColour;
        const a = lead.input.config.meshConfig.opacity;
        drawn.push({ x: at.x, y: at.y, z: at.z, r: c.r, g: c.g, b: c.b, a, count: members.length });
        next.push(spotOf(members, s, (members.length > 1 ? BADGE_PX : PIN_PX) / 2));
      });
      pins.write(drawn, width, height);
      spots = next;
      counts = { cards: shownNow.length - pinned.length, pins: pinned.length, clusters: drawn.length, undecided };
    },

    level: (id: string) => declutter.result.level.get(id) ?? 'card',
    /** The pin or badge drawn last frame under p (canvas CSS px), with its cards, or null. */
    spotAt: (p: { x: number; y: number }) => spotAt(spots, p) ?? (openedFrom && spotAt([openedFrom], p)),
    stats: () => ({
      levels: counts,
      placement: { ms: declutter.result.ms, steps: declutter.result.steps },
      overlaps,
      levelChanges,
    }),

    /** No card left: nothing drawn, the pins' GPU buffers and glyphs freed. */
    clear(width: number, height: number) {
      pins.write([], width, height);
      pins.clear();
      counts = { cards: 0, pins: 0, clusters: 0, undecided: 0 };
    },

    dispose() {
      offHover();
      pins.dispose();
    },
  };
}
