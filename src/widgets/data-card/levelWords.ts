import type { CardAlarmLevel } from '../../../shared/schema/card';
import { t, type Locale } from '../../../shared/i18n';

/**
 * A level in words, as a screen reader says it (issue 42: an alarm is not colour only): its name,
 * or "in alarm" for a level without one, and its test ("in alarm: above 30", "告警：高于 30").
 */
export function levelWords(level: CardAlarmLevel, locale: Locale): string {
  const test =
    level.mode === 'above'
      ? t(locale, 'widgets.card.level.above', { high: level.high })
      : level.mode === 'below'
        ? t(locale, 'widgets.card.level.below', { low: level.low })
        : t(locale, 'widgets.card.level.outside', { low: level.low, high: level.high });
  const name = level.name.trim() || t(locale, 'widgets.card.level.alarm');
  return t(locale, 'widgets.card.level.says', { name, test });
}
