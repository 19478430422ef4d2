import type { CardAlarmLevel, CardLevel } from './schema/card';

/**
 * The level a card's watched value is in (levelConfig.levels, issue 40 point 3; an alarm stored
 * before levels is the first level, shared/schema/card.ts), or null for normal: the data item it
 * names, read as a number the way a designer writes one (`23.5`, `23.5 °C`, ` -4`), tested by
 * each level; the last level whose test holds wins. A value that is not a number (a word, an
 * empty cell, a missing item) is normal: a sensor that reports nothing must not light up the
 * whole plant. One rule for the worker (what is drawn) and the page (what is said, issue 42).
 */
export function levelOf(config: CardLevel, valueAt: (index: number) => string | undefined): CardAlarmLevel | null {
  if (config.levels.length === 0) return null;
  const text = valueAt(Math.round(config.alarmItem) - 1);
  if (text === undefined) return null;
  const value = Number.parseFloat(text.trim());
  if (!Number.isFinite(value)) return null;
  for (let i = config.levels.length - 1; i >= 0; i--) {
    const level = config.levels[i]!;
    const high = value > level.high;
    const low = value < level.low;
    if (level.mode === 'above' ? high : level.mode === 'below' ? low : high || low) return level;
  }
  return null;
}
