import { isMessageKey, t, type Locale } from '../../../shared/i18n';

/** A plain text, or a message key with its parameters (translated where it is shown). */
export type NoticeText = string | { key: string; params: Record<string, string> };

/** A notice's text in the designer's language; a parameter that is itself a key is translated too. */
export function shownText(text: NoticeText, locale: Locale): string {
  if (typeof text === 'string') return text;
  if (!isMessageKey(text.key)) return text.key;
  const params = Object.fromEntries(Object.entries(text.params).map(([k, v]) => [k, isMessageKey(v) ? t(locale, v) : v]));
  return t(locale, text.key, params);
}
