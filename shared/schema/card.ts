import { z } from 'zod';
import { bool, positive, str } from './common';
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
});

export type CardConfig = z.infer<typeof CardConfigSchema>;
export type CardConfigInput = z.input<typeof CardConfigSchema>;
export type DataItem = z.infer<typeof DataItemSchema>;
