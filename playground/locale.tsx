import { createContext, useContext } from 'react';
import type { Locale } from 'dash3d';
import { isTextKey, t, type TextKey } from './i18n';
import { TextError } from './store/persistence';

export const LocaleContext = createContext<Locale>('en');

export type Text = (key: TextKey, params?: Record<string, string | number>) => string;

/** The playground's texts, and the plug-in's, in the current language (i18n/index.ts). */
export function useText(): Text {
  const locale = useContext(LocaleContext);
  return (key, params) => t(locale, key, params);
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/**
 * A text key carried in an Error's message (store/persistence.ts) in the current language, with
 * the placeholder values a TextError carries.
 */
export function errorText(text: Text, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const params = err instanceof TextError ? err.params : undefined;
  return isTextKey(message) ? text(message, params) : message;
}
