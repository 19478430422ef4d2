import type { CardItemText } from '../../../shared/overlays';
import type { CardLevel } from '../../../shared/schema/card';

/**
 * Whether a card's watched value is in alarm (levelConfig, issue 18): the data item it names, read
 * as a number the way a designer writes one (`23.5`, `23.5 °C`, ` -4`), is above the high limit,
 * below the low one, or either. A value that is not a number (a word, an empty cell, a missing
 * item) is not an alarm: a sensor that reports nothing must not light up the whole plant.
 */
export function inAlarm(level: CardLevel, items: readonly CardItemText[]): boolean {
  if (level.alarmMode === 'none') return false;
  const text = items[Math.round(level.alarmItem) - 1]?.value;
  if (text === undefined) return false;
  const value = Number.parseFloat(text.trim());
  if (!Number.isFinite(value)) return false;
  const high = value > level.alarmHigh;
  const low = value < level.alarmLow;
  return level.alarmMode === 'above' ? high : level.alarmMode === 'below' ? low : high || low;
}
