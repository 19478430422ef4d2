import { createContext, useContext, type ReactNode } from 'react';
import { t, type Locale, type MessageKey } from '../../shared/i18n/editor';
import type { MediaAccess } from '../host/types';
import { numberRange, pathKey, schemaAt, type FieldPath, type NumberRange } from './schemaPath';
import type { IssueMap } from './validate';

/**
 * What a settings form shares with its rows: the language, the media library, the schema (for
 * ranges by path) and the current issues. Rows also work inside a plain antd Form without it
 * (English, no issues, ranges only from their own props).
 */
export interface SettingsContextValue {
  locale: Locale;
  media?: MediaAccess;
  schema?: unknown;
  issues: IssueMap;
  /** A change made by code (a reset button), validated and sent like a typed one. */
  setValue?(path: FieldPath, value: unknown): void;
}

const SettingsContext = createContext<SettingsContextValue>({ locale: 'en', issues: new Map() });
export const SettingsProvider = SettingsContext.Provider;

/**
 * antd's Form.List gives its rows names relative to the list; issues and schemas are keyed by the
 * full path, so a list tells its rows where it is.
 */
const PrefixContext = createContext<FieldPath>([]);

export function FieldPrefix({ path, children }: { path: FieldPath; children: ReactNode }) {
  return <PrefixContext.Provider value={path}>{children}</PrefixContext.Provider>;
}

export function useSettings() {
  const ctx = useContext(SettingsContext);
  const text = (key: MessageKey, params?: Record<string, string | number>) => t(ctx.locale, key, params);
  return { ...ctx, t: text };
}

/** A row's full path, its error text in the current language, and the range its schema allows. */
export function useFieldMeta(name: FieldPath) {
  const ctx = useContext(SettingsContext);
  const prefix = useContext(PrefixContext);
  const path = [...prefix, ...name];
  const key = ctx.issues.get(pathKey(path));
  const error = key === undefined ? undefined : t(ctx.locale, key as MessageKey);
  const range: NumberRange = ctx.schema ? numberRange(schemaAt(ctx.schema, path)) : {};
  return { path, error, range, locale: ctx.locale, media: ctx.media };
}

/** Form.Item props that show an error under the row. */
export const errorProps = (error: string | undefined) => (error ? { validateStatus: 'error' as const, help: error } : {});
