import type { SchemaIssue } from '../schema/common';
import { en, type MessageKey } from './en';
import { zh_Hans } from './zh_Hans';

export { en, zh_Hans };
export type { MessageKey };

export type Locale = 'en' | 'zh_Hans';
export const LOCALES: readonly Locale[] = ['zh_Hans', 'en'];

export const catalogues: Record<Locale, Record<MessageKey, string>> = { en, zh_Hans };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/**
 * Fills `{name}` placeholders; a placeholder without a value stays visible rather than vanish.
 * Public: a host with a catalogue of its own (the playground) fills its texts the same way.
 */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogues[locale]?.[key] ?? en[key] ?? key;
  return interpolate(text, params);
}

/** Schema issues in the designer's language. zod's own texts (type errors) are not keys and pass through. */
export function describeIssues(issues: readonly SchemaIssue[], locale: Locale): SchemaIssue[] {
  return issues.map(({ path, message, params }) => ({
    path,
    message: isMessageKey(message) ? t(locale, message, params) : message,
  }));
}
