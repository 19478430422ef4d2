import type { CardAlarmLevel } from '../../../shared/schema/card';
import type { Locale } from '../../../shared/i18n';
import { levelText as t } from '../../../shared/i18n/parts/level-words';

/**
 * A level in words, as a screen reader says it (issue 42: an alarm is not colour only): its name,
 * or "in alarm" for a level without one, and its test ("in alarm: above 30", "告警：当前高于 30").
 */
export function levelWords(level: CardAlarmLevel, locale: Locale): string {
  const test =
    level.mode === 'above'
      ? t(locale, 'above', { high: level.high })
      : level.mode === 'below'
        ? t(locale, 'below', { low: level.low })
        : t(locale, 'outside', { low: level.low, high: level.high });
  const name = level.name.trim() || t(locale, 'alarm');
  return t(locale, 'says', { name, test });
}
