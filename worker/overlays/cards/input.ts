import * as z from 'zod';
import { CardConfigSchema, type CardAlarmLevel, type CardConfig } from '../../../shared/schema/card';
import { CARD_MAX_ITEMS, CARD_MAX_TEXT } from '../../../shared/schema/card-theme';
import type { CardItemText } from '../../../shared/overlays';
import { levelOf } from './alarm';

/**
 * A data card as the main thread sends it (shared/overlays.ts CardDraw), checked again here: the
 * worker never trusts the main thread. The config is the widget's stored config (parsed with the
 * card schema); the items are plain text, clipped, and capped in number, so a hostile or broken
 * sender can neither make the worker draw markup nor allocate without bound.
 */

/** A card id: 1 to 200 characters (checked without a schema: every card update names its card). */
export const isCardId = (id: unknown): id is string => typeof id === 'string' && id.length >= 1 && id.length <= 200;
/** The most cards one setCards batch may touch; the rest of a larger batch is ignored. */
export const MAX_CARD_CHANGES = 5000;

/** Text to draw: anything that is not a string draws as nothing; long text ends in an ellipsis. */
const text = z
  .string()
  .catch('')
  .transform((s) => (s.length > CARD_MAX_TEXT ? s.slice(0, CARD_MAX_TEXT - 1) + '…' : s));

const ItemSchema = z.object({ label: text, value: text }).catch({ label: '', value: '' });

/** Everything but the config, which parseCard handles itself (skipped when unchanged or absent). */
const CardDrawSchema = z.object({
  // Sliced before parsing: a million items cost nothing more than the cap.
  items: z.preprocess((v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]).slice(0, CARD_MAX_ITEMS) : []), z.array(ItemSchema)),
  active: z.boolean().catch(false),
  focused: z.boolean().catch(false),
});

type CardDraw = z.infer<typeof CardDrawSchema>;

/**
 * The usual draw, checked without running the schema: `items` an array of at most CARD_MAX_ITEMS
 * objects whose label and value are strings of at most CARD_MAX_TEXT characters, `active` a
 * boolean. For such input CardDrawSchema gives exactly this (nothing to cut, catch or default, and
 * other keys are dropped the same way); anything else is left to the schema. Every card's values
 * change many times a second: this is the worker's hot path for card messages.
 */
function plainDraw(value: unknown): CardDraw | null {
  if (typeof value !== 'object' || value === null) return null;
  const { items, active, focused = false } = value as { items?: unknown; active?: unknown; focused?: unknown };
  if (typeof active !== 'boolean' || typeof focused !== 'boolean' || !Array.isArray(items) || items.length > CARD_MAX_ITEMS) return null;
  const out: CardItemText[] = [];
  for (const item of items as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { label, value: text } = item as { label?: unknown; value?: unknown };
    if (typeof label !== 'string' || typeof text !== 'string' || label.length > CARD_MAX_TEXT || text.length > CARD_MAX_TEXT) return null;
    out.push({ label, value: text });
  }
  return { items: out, active, focused };
}

export interface CardInput {
  config: CardConfig;
  /** The config as sent, as JSON: the same text next time means the parsed config can be reused. */
  configKey: string;
  items: CardItemText[];
  active: boolean;
  /** Its mirror has the keyboard focus: shown whole on top. */
  focused: boolean;
  /** The level its watched value is in (alarm.ts), null when normal: always shown whole, in the level's colour. */
  alarm: CardAlarmLevel | null;
}

const issues = (e: z.ZodError, path: PropertyKey[] = []) =>
  e.issues.map((i) => `${[...path, ...i.path].map(String).join('.')}: ${i.message}`).join('; ');

/**
 * The card as sent, or the reason it is refused (a config that does not parse). `previous` is the
 * card's last valid input: a message without `config` (shared/overlays.ts CardDraw: the sender
 * leaves out a config it already sent) keeps it, and a config with the same JSON text as before is
 * not parsed again (values change many times a second, configs seldom).
 */
export function parseCard(value: unknown, previous?: CardInput): { ok: true; card: CardInput } | { ok: false; error: string } {
  if (typeof value === 'object' && value !== null && 'values' in value) return parseValues(value, previous);
  const plain = plainDraw(value);
  const r = plain ? { success: true as const, data: plain } : CardDrawSchema.safeParse(value);
  if (!r.success) return { ok: false, error: issues(r.error) };
  const sent = (value as { config?: unknown }).config;
  const withAlarm = (config: CardConfig, key: string): CardInput => ({
    ...r.data,
    config,
    configKey: key,
    alarm: levelOf(config.levelConfig, r.data.items),
  });
  if (sent === undefined) {
    if (!previous) return { ok: false, error: 'config: required for a card not sent before' };
    return { ok: true, card: withAlarm(previous.config, previous.configKey) };
  }
  let configKey: string;
  try {
    configKey = JSON.stringify(sent) ?? '';
  } catch {
    return { ok: false, error: 'config: not JSON' };
  }
  if (previous && configKey === previous.configKey) return { ok: true, card: withAlarm(previous.config, configKey) };
  const c = CardConfigSchema.safeParse(sent);
  if (!c.success) return { ok: false, error: issues(c.error, ['config']) };
  return { ok: true, card: withAlarm(c.data, configKey) };
}

/**
 * A values-only update (shared/overlays.ts CardValues): the card's last input with new values,
 * one per item, in order. Anything not a string draws as nothing and a long text ends in an
 * ellipsis, as for whole items; a card held without items, or another number of values, is refused.
 */
function parseValues(value: Record<string, unknown>, previous?: CardInput): { ok: true; card: CardInput } | { ok: false; error: string } {
  if (!previous) return { ok: false, error: 'values: no card sent before' };
  const values = value.values;
  if (!Array.isArray(values) || values.length !== previous.items.length)
    return { ok: false, error: `values: ${previous.items.length} expected, one per item` };
  const items = previous.items.map((item, i) => {
    const v: unknown = values[i];
    return { label: item.label, value: typeof v === 'string' && v.length <= CARD_MAX_TEXT ? v : text.parse(v) };
  });
  const active = typeof value.active === 'boolean' ? value.active : false;
  const focused = typeof value.focused === 'boolean' ? value.focused : false;
  const { config, configKey } = previous;
  return { ok: true, card: { config, configKey, items, active, focused, alarm: levelOf(config.levelConfig, items) } };
}

/**
 * Whether a card's rank in decluttering is unchanged besides its place (levels.ts): when it
 * changes, a new placement pass runs at once, so an alarm shows whole the frame after it is raised.
 */
export function sameRank(a: CardInput, b: CardInput): boolean {
  const l = a.config.levelConfig;
  const m = b.config.levelConfig;
  return (
    l.priority === m.priority && l.alwaysShow === m.alwaysShow && a.alarm === b.alarm && a.active === b.active && a.focused === b.focused
  );
}

/**
 * Whether a card is drawn with the active look: activated, or its DOM mirror has keyboard focus
 * (issue 42 point 2: the card a keyboard or screen reader user is on is seen in the scene).
 */
export const looksActive = (card: CardInput): boolean => card.active || card.focused;

/** Whether a card keeps its size (same config, as many items, same state): a new value alone does. */
export function sameSize(a: CardInput, b: CardInput): boolean {
  return a.config === b.config && a.items.length === b.items.length && looksActive(a) === looksActive(b) && a.alarm === b.alarm;
}
