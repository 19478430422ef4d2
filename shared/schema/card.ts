import * as z from 'zod';
import { bool, colour, num, orderedPair, positive, str, MSG } from './common';
import { MeshConfigSchema } from './mesh';

/**
 * Theme selectors the host's theme editor can style (spec §2: card body, active card body, data
 * item). They are the class names the data-card view renders, so themes and view cannot drift.
 */
export const CARD_BODY_SELECTOR = '.dash3d-card';
export const CARD_ACTIVE_BODY_SELECTOR = '.dash3d-card.dash3d-card--active';
export const CARD_DATA_ITEM_SELECTOR = '.dash3d-card__item';

export const CARD_LINE_COUNTS = ['1', '2', '3'] as const;

/**
 * Longest label or value a card shows, in UTF-16 code units (spec: bad input loses nothing but is
 * bounded); a longer text is clipped to this length, its last character an ellipsis '…'.
 */
export const CARD_TEXT_MAX_CHARS = 10_000;

export const DataItemSchema = z.object({
  label: str(),
  // A bound variable may deliver a number; it is shown as is.
  value: z.union([z.string(), z.number().finite()]).default(''),
});

/** When a card's watched value is in alarm: above the high limit, below the low one, or outside both. */
export const CARD_ALARM_MODES = ['none', 'above', 'below', 'outside'] as const;

/**
 * How a card competes for room on screen with the cards around it (issue 18: many cards stay
 * readable). Where cards would overlap, the one that ranks higher shows whole and the others
 * become pins at their anchors. The defaults keep a space with a few cards as it always looked:
 * priority 0 for all, no distance range, no alarm.
 */
export const CardLevelSchema = z
  .object({
    /** Higher shows whole first where cards would overlap. */
    priority: num(0, -1000, 1000),
    /** Never a pin: always drawn whole (like a card in alarm, or the active card). */
    alwaysShow: bool(false),
    /** Shown only while the camera is between nearDistance and farDistance (scene units) from the anchor. */
    distanceRange: bool(false),
    /** A fixed-size card (isFixd) shrinks from its size at nearDistance to farScale of it at farDistance. */
    scaleByDistance: bool(false),
    nearDistance: num(0, 0),
    farDistance: num(1000, 0),
    farScale: num(0.5, 0.1, 1),
    /** Which data item (1 = the first) the alarm watches; its value is read as a number. */
    alarmMode: z.enum(CARD_ALARM_MODES).default('none'),
    alarmItem: num(1, 1, 64),
    alarmHigh: num(100),
    alarmLow: num(0),
    /** A card in alarm is always shown whole, its border, leader line and pin in this colour. */
    alarmColor: colour('#ff4d4f'),
  })
  .superRefine(orderedPair('nearDistance', 'farDistance', MSG.farNotBeyondNear, true))
  .superRefine(orderedPair('alarmLow', 'alarmHigh', MSG.minAboveMax, false));

/** A DOM card pinned to a point of the scene (spec §3 Data card). Sizes in CSS pixels. */
export const CardConfigSchema = z.object({
  /** Faces the screen whatever the camera angle. */
  isSprite: bool(false),
  /** Keeps its pixel size instead of shrinking with distance. */
  isFixd: bool(false),
  meshConfig: MeshConfigSchema.prefault({}),
  cardConfig: z
    .object({ cardWidth: positive(200), lineWidth: positive(100), lineHeight: positive(100) })
    .prefault({}),
  dataConfig: z
    .object({
      lineCount: z.enum(CARD_LINE_COUNTS).default('1'),
      dataList: z.array(DataItemSchema).default(() => []),
    })
    .prefault({}),
  levelConfig: CardLevelSchema.prefault({}),
});

export type CardConfig = z.infer<typeof CardConfigSchema>;
export type CardConfigInput = z.input<typeof CardConfigSchema>;
export type DataItem = z.infer<typeof DataItemSchema>;
export type CardLevel = z.infer<typeof CardLevelSchema>;
