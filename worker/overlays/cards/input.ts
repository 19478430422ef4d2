import { z } from 'zod';
import { CardConfigSchema, type CardConfig } from '../../../shared/schema/card';
import { CARD_MAX_ITEMS, CARD_MAX_TEXT } from '../../../shared/schema/card-theme';
import type { CardItemText } from '../../../shared/overlays';

/**
 * A data card as the main thread sends it (shared/overlays.ts CardDraw), checked again here: the
 * worker never trusts the main thread. The config is the widget's stored config (parsed with the
 * card schema); the items are plain text, clipped, and capped in number, so a hostile or broken
 * sender can neither make the worker draw markup nor allocate without bound.
 */

export const CardIdSchema = z.string().min(1).max(200);
/** The most cards one setCards batch may touch; the rest of a larger batch is ignored. */
export const MAX_CARD_CHANGES = 5000;

/** Text to draw: anything that is not a string draws as nothing; long text ends in an ellipsis. */
const text = z
  .string()
  .catch('')
  .transform((s) => (s.length > CARD_MAX_TEXT ? s.slice(0, CARD_MAX_TEXT - 1) + '…' : s));

const ItemSchema = z.object({ label: text, value: text }).catch({ label: '', value: '' });

const CardDrawSchema = z.object({
  config: CardConfigSchema,
  // Sliced before parsing: a million items cost nothing more than the cap.
  items: z.preprocess((v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]).slice(0, CARD_MAX_ITEMS) : []), z.array(ItemSchema)),
  active: z.boolean().catch(false),
});

export interface CardInput {
  config: CardConfig;
  items: CardItemText[];
  active: boolean;
}

/** The card as sent, or the reason it is refused (a config that does not parse). */
export function parseCard(value: unknown): { ok: true; card: CardInput } | { ok: false; error: string } {
  const r = CardDrawSchema.safeParse(value);
  if (r.success) return { ok: true, card: r.data };
  return { ok: false, error: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
}
