import {
  describeIssues as describePluginIssues,
  interpolate,
  isMessageKey,
  t as pluginText,
  type Locale,
  type MessageKey,
  type SchemaIssue,
} from 'dash3d';
import { en, type PlaygroundKey } from './en';
import { zh_Hans } from './zh_Hans';

/**
 * The playground's texts. They are not in the plug-in's catalogue, which every host ships; the
 * playground shows the plug-in's texts as well (load issues, notices), so its keys are both.
 */
export { en, zh_Hans };
export type { PlaygroundKey };
export type TextKey = PlaygroundKey | MessageKey;
type Params = Record<string, string | number>;

const catalogues: Record<Locale, Record<PlaygroundKey, string>> = { en, zh_Hans };

export function isPlaygroundKey(key: string): key is PlaygroundKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

export function isTextKey(key: string): key is TextKey {
  return isPlaygroundKey(key) || isMessageKey(key);
}

/** A playground key from this catalogue (English for a gap at runtime), any other from the plug-in's. */
export function t(locale: Locale, key: TextKey, params?: Params): string {
  if (!isPlaygroundKey(key)) return pluginText(locale, key, params);
  return interpolate(catalogues[locale]?.[key] ?? en[key], params);
}

/** `describeIssues` of the plug-in, for issues that carry a playground key too (store/persistence.ts). */
export function describeIssues(issues: readonly SchemaIssue[], locale: Locale): SchemaIssue[] {
  return issues.map((issue) =>
    isPlaygroundKey(issue.message)
      ? { path: issue.path, message: t(locale, issue.message, issue.params) }
      : describePluginIssues([issue], locale)[0]!,
  );
}
