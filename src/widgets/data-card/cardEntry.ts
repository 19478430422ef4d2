import type { CardDraw } from '../../../shared/overlays';
import type { CardAlarmLevel, CardLevel } from '../../../shared/schema/card';
import type { ItemPlan } from './cardText';

/**
 * One registered card. The object stays the card's while it is registered (a new config is
 * written into it), so the host's variable subscriptions hold entries, not ids: a value change
 * marks its cards with a flag, and no map is looked up per change (150 000 a second at 5000 cards
 * with three values each, ten times a second).
 */
export interface Entry {
  id: string;
  config: unknown;
  /** Its items' labels, bindings and typed values, read once per config. */
  plan: ItemPlan;
  /** Its levels (levelConfig), read once per config, and the level its values put it in now (null: normal). */
  levels: CardLevel;
  level: CardAlarmLevel | null;
  /** Variable names the items bind, without repeats. */
  names: readonly string[];
  /** Each item's text now (changed in place as values change). */
  values: string[];
  /**
   * The card's draw as last handed out (the record, or the first resolution): its config, labels
   * and state are the card's; its values are older than `values` while `stale`.
   */
  draw?: CardDraw;
  stale: boolean;
  /** Waiting to be resolved in the next frame (it is in `dirty`). */
  dirty: boolean;
  /** Its mirror is behind its values (the pacer holds it). */
  behind: boolean;
  /** Unregistered: a mark left in a list is skipped. */
  gone: boolean;
}

/** A card's draw from its config, its values now and the given state. */
export function drawOf(e: Entry, active: boolean, focused: boolean): CardDraw {
  const { labels } = e.plan;
  const items = labels.map((label, i) => ({ label, value: e.values[i]! }));
  const draw: CardDraw = { config: e.config, items, active };
  if (focused) draw.focused = true;
  return draw;
}
