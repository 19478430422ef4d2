import type { CardItemText } from '../../../shared/overlays';
import type { CardAlarmLevel, CardLevel } from '../../../shared/schema/card';
import { levelOf as levelOfValues } from '../../../shared/card-level';

/** The level the card's items put it in, or null for normal (shared/card-level.ts: the page says the same level in words). */
export function levelOf(config: CardLevel, items: readonly CardItemText[]): CardAlarmLevel | null {
  return levelOfValues(config, (i) => items[i]?.value);
}
