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

/** Longest list of alarm levels on one card, and of parts one card tints. */
export const CARD_MAX_LEVELS = 8;
export const CARD_MAX_TINT_PARTS = 64;

/**
 * One level of a card's watched value (issue 40 point 3), for example "warning" above 30 and
 * "alarm" above 50: while its test holds, the card is shown whole with its border and leader line
 * in the level's colour, blinking if asked, and (tintPart) the parts named by levelConfig.partModel
 * and .parts take the colour too. Where several levels hold, the later one in the list wins (as
 * for a model's rules); where none holds, the card is "normal".
 */
export const CardAlarmLevelSchema = z
  .object({
    /** What the level is called (the panel's list; read out with the card's value). */
    name: z.string().max(100, { error: MSG.range }).default(''),
    mode: z.enum(['above', 'below', 'outside']).default('above'),
    high: num(100),
    low: num(0),
    color: colour('#ff4d4f'),
    /** The card (and a tinted part) go on and off in the level's colour every half period. */
    blink: bool(false),
    blinkMs: num(1000, 200, 10_000),
    /** The card's part (levelConfig.partModel / parts) takes the level's colour too. */
    tintPart: bool(false),
  })
  .superRefine(orderedPair('low', 'high', MSG.minAboveMax, false));

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
    /** Which data item (1 = the first) the levels watch; its value is read as a number. */
    alarmItem: num(1, 1, 64),
    /** The card's levels (none: never in alarm), later ones winning. */
    levels: z.array(CardAlarmLevelSchema).max(CARD_MAX_LEVELS, { error: 'msg.tooManyCardLevels' }).default(() => []),
    /** The model widget (its id, in the same space) whose parts a level with tintPart colours. */
    partModel: z.string().max(200, { error: MSG.range }).default(''),
    /** Tree keys or names of its parts (as treeConfig's keys); none: the whole model. */
    parts: z.array(z.string().max(1000)).max(CARD_MAX_TINT_PARTS, { error: 'msg.tooManyRuleParts' }).default(() => []),
    /**
     * The single alarm of configs stored before levels (issue 18): read as the first level (see the
     * transform below), and 'none' from then on, so a config saved again keeps one copy of it.
     */
    alarmMode: z.enum(CARD_ALARM_MODES).default('none'),
    alarmHigh: num(100),
    alarmLow: num(0),
    alarmColor: colour('#ff4d4f'),
  })
  .superRefine(orderedPair('nearDistance', 'farDistance', MSG.farNotBeyondNear, true))
  .superRefine(orderedPair('alarmLow', 'alarmHigh', MSG.minAboveMax, false))
  .transform((level) => {
    if (level.alarmMode === 'none') return level;
    const migrated: CardAlarmLevel = {
      ...CardAlarmLevelSchema.parse({}),
      mode: level.alarmMode,
      high: level.alarmHigh,
      low: level.alarmLow,
      color: level.alarmColor,
    };
    return { ...level, alarmMode: 'none' as const, levels: [migrated, ...level.levels].slice(0, CARD_MAX_LEVELS) };
  });

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
export type CardAlarmLevel = z.infer<typeof CardAlarmLevelSchema>;
