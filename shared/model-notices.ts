import { modelLimits } from './i18n/parts/model-limits';

/**
 * Coded model messages: the worker sends a code and its parameters (with an English message for
 * the console and the model panel); the main thread shows them in the designer's language. Thread
 * neutral, and light: the worker imports only this area's texts, not the whole catalogue.
 */
export type ModelNoticeCode = Exclude<keyof typeof modelLimits.en, `model.what.${string}`>;
export type ModelNoticeParams = Record<string, string>;

export interface ModelNotice {
  code: ModelNoticeCode;
  params: ModelNoticeParams;
}

/** Notices that mean the file is damaged although a model is drawn: the scene shows the spec's damaged-file text. */
export const DAMAGE_CODES: ReadonlySet<ModelNoticeCode> = new Set(['model.truncated', 'model.embeddedMissing']);

/** '20 M', '350 k', '999': counts as a reader takes them in at a glance. */
export function formatCount(n: number): string {
  if (n >= 1e6) return `${+(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)} M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)} k`;
  return String(n);
}

/** '229 MB', '2.6 MB', '512 kB' (binary units, as memory is counted). */
export function formatBytes(n: number): string {
  const MB = 1024 * 1024;
  if (n >= MB) return `${+(n / MB).toFixed(n >= 10 * MB ? 0 : 1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} kB`;
  return `${n} bytes`;
}

/** `{name}` placeholders filled; a parameter that is itself a key of this area is replaced by its text. */
export function noticeText(texts: Record<string, string>, code: string, params: ModelNoticeParams): string {
  const text = texts[code] ?? code;
  return text.replace(/\{(\w+)\}/g, (whole, k: string) => {
    // Own keys only: a placeholder such as {constructor} is not a parameter.
    const v = Object.hasOwn(params, k) ? params[k] : undefined;
    if (v === undefined) return whole;
    return (Object.hasOwn(texts, v) ? texts[v] : undefined) ?? v;
  });
}

/** The English text, for the console and for messages that travel as plain strings. */
export const englishNotice = (n: ModelNotice): string => noticeText(modelLimits.en, n.code, n.params);
