import { interpolate, type Locale } from '../index';

/**
 * A lookup for a table of texts kept out of the catalogues (a definePart of its own that only its
 * feature imports, so a viewer page's script before its first frame does not carry it): the
 * text in `locale`, English where that language has none, with its `{name}` placeholders filled.
 */
export function partText<K extends string>(part: { en: Record<K, string>; zh_Hans: Record<K, string> }) {
  return (locale: Locale, key: K, params?: Record<string, string | number>): string => interpolate((part[locale] ?? part.en)[key], params);
}
