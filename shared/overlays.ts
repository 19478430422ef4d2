/**
 * What the main thread and the render worker exchange about the scene's overlays (data cards and
 * component groups, spec §2/§3). The worker owns the camera, so it decides where each overlay is
 * and whether the scene hides it; the main thread owns the host's variables, theme and widgets.
 *
 * - Data cards are drawn by the worker (text into textures, depth-tested against the scene): the
 *   main thread sends each card's stored config with its items' text already resolved from the
 *   host's variables, and the look read from the host theme's selectors (shared/schema/card.ts).
 * - Component groups stay DOM (live host widgets): the worker sends, on frames where the view or a
 *   group changed, a CSS matrix per group that the main thread applies to the group's element.
 */

/** One data item as shown: plain text (never HTML), already resolved from its bound variable and clipped. */
export interface CardItemText {
  label: string;
  value: string;
}

/** A data card as the worker draws it. `config` is the widget's stored config (the worker parses it again). */
export interface CardDraw {
  config: unknown;
  items: readonly CardItemText[];
  /** The active card (clicked last, or activated from the keyboard) is drawn with the active theme. */
  active: boolean;
  /**
   * Its screen-reader mirror has the keyboard focus: drawn whole on top even where it would be a
   * pin (issue 18: focusing a pin shows its card). Absent: false.
   */
  focused?: boolean;
}

/**
 * A card as setCards carries it: a CardDraw whose `config` may be left out when the worker was
 * already sent that card's config (src/bridge/cards.ts sends it only when the config object
 * changed). The worker then keeps the card's last valid config; a card it holds no config for is
 * refused. Values change many times a second, configs seldom: this keeps each message small.
 */
export type CardUpdate = (Omit<CardDraw, 'config'> & { config?: unknown }) | CardValues;

/**
 * Values-only updates of many cards in one flat batch (cheap to clone: strings, no objects): card
 * `ids[i]` takes the next `counts[i]` texts, one per item in order, its config, labels and state
 * being the ones sent last. The worker reads each as a CardValues.
 */
export interface CardValueBatch {
  ids: string[];
  counts: number[];
  texts: string[];
}

/**
 * The usual update, a card's new values only: its config and labels are the ones sent last, and
 * `values` has one text per item, in order. With thousands of cards changing ten times a second
 * this is what crosses to the worker (strings, no label, no item objects to clone); the worker
 * refuses it for a card it holds no items for, or with another number of values.
 */
export interface CardValues {
  values: readonly string[];
  active: boolean;
  focused?: boolean;
}

/** A theme selector's computed look, in CSS values (colours as the browser serialises them, sizes in CSS px). */
export interface CardBoxStyle {
  background: string;
  color: string;
  borderColor: string;
  borderWidth: number;
  borderRadius: number;
  fontSize: number;
  fontFamily: string;
  fontWeight: string;
  padding: number;
}

/** The card look, read from the three theme selectors (card body, active card body, data item). */
export interface CardTheme {
  body: CardBoxStyle;
  activeBody: CardBoxStyle;
  item: CardBoxStyle;
}

/** A component group as the worker places it: its stored config (meshConfig, isSprite, isFixd, layout size). */
export interface GroupPlace {
  config: unknown;
}

/**
 * Where a group's element goes, relative to the space's top-left corner: a CSS `matrix3d()` (16
 * numbers, column-major as CSS wants them) for an element whose transform-origin is its top-left,
 * and whether it is shown (false when behind the scene's geometry, outside the view or not visible).
 */
export interface GroupTransform {
  matrix: readonly number[];
  visible: boolean;
  /** 0..1: meshConfig.opacity, lowered while fading behind geometry. */
  opacity: number;
}

/** The card layer's counts (issue 18): what the last drawn frame showed, and work done since init. */
export interface CardStats {
  total: number;
  /** Whole card drawings since init. */
  textureDraws: number;
  /** Partial drawings since init: only the data items whose value changed, redrawn and uploaded. */
  cellDraws: number;
  /**
   * Last frame: cards shown whole, cards shown as pins (alone or in a badge), the pins and badges
   * drawn, and of the pins those no placement pass has decided yet (just come into view: a pin
   * for the frame or two until one does). cards + pins = inView.
   */
  levels: { cards: number; pins: number; clusters: number; undecided: number };
  /** The last finished placement pass: its time in ms and the slices it was spread over. */
  placement: { ms: number; steps: number };
  /** Last frame: anchors in view and not hidden by the scene (each one is shown as a card, a pin or in a badge). */
  inView: number;
  /** Last frame: cards out of their distance range (levelConfig), deliberately not shown. */
  outOfRange: number;
  /** Last frame: pairs of cards drawn whole (fully faded in) whose bodies overlap. */
  overlaps: number;
  /** Cards whose level (whole or pin) changed, since init. */
  levelChanges: number;
  /** Last frame: cards in alarm (levelConfig's threshold crossed). */
  alarms: number;
}

/** Where a data card is on screen (test support), in CSS px relative to the canvas' top-left. */
export interface CardRect {
  /** Bounding box of the card's body on screen. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The anchor (meshConfig.position) projected: where the leader line starts. */
  anchorX: number;
  anchorY: number;
  /** Drawn this frame: visible, in front of the camera and not hidden behind the scene. */
  visible: boolean;
  /** Shown whole ('card') or, where it would overlap a card of higher rank, as a pin at its anchor (issue 18). */
  level?: 'card' | 'pin';
  /** Not drawn because the scene hides its anchor (in view otherwise). */
  hidden?: boolean;
}

/**
 * Where a 3D child of a space (a model, data card or component group, by widget id) is drawn, in
 * CSS px from the space's top-left: its bounds on screen (a model's bounding box projected; a
 * card's body, leader line and anchor, or its pin; a group's panel). `state` says whether it is
 * drawn there ('shown'), off the canvas or behind the camera ('out-of-view'), or hidden by the
 * scene or by its own settings ('hidden'); the bounds are the last known ones when it is not shown.
 */
export interface ChildBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  state: 'shown' | 'out-of-view' | 'hidden';
}
