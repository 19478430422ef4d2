import { createContext, useContext } from 'react';
import { isMessageKey, t, type Locale, type MessageKey } from 'dash3d';
import { TextError } from './store/persistence';

export const LocaleContext = createContext<Locale>('en');

export type Text = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The playground's texts in the current language (shared/i18n/parts/playground.ts). */
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
  return isMessageKey(message) ? text(message, params) : message;
}
