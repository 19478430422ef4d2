import type { SchemaIssue } from '../schema/common';
import { interpolate, isMessageKey as isViewerKey, t as viewerText, type Locale, type MessageKey as ViewerMessageKey } from './index';
import { settings } from './parts/settings';
import { settingsFields } from './parts/settings-fields';
import { modelPanel } from './parts/model-panel';
import { modelRules } from './parts/model-rules';
import { cardPanel } from './parts/card-panel';
import { pickPanel } from './parts/pick-panel';
import { materialTree } from './parts/material-tree';
import { materialEditor } from './parts/material-editor';
import { materialCode } from './parts/material-code';
import { materialForm } from './parts/material-form';
import { materialLibrary } from './parts/material-library';
import { snapshots } from './parts/snapshots';

/*
 * The editor's texts: the settings panels' and the material editor's, on top of the viewer's
 * catalogue (./index.ts). A viewer page never shows them, and every viewer page would load them
 * before its first frame if they were in that catalogue (about 10 kB gzip; issue 31), so only the
 * editor's modules import this one. Its `t`, `isMessageKey` and `describeIssues` know every key
 * of both; `dash3d` exports these, `dash3d/space` the viewer's.
 */

/** English texts of the editor (the keys are the viewer's none). */
export const editorEn = {
  ...settingsFields.en,
  ...settings.en,
  ...modelPanel.en,
  ...modelRules.en,
  ...cardPanel.en,
  ...pickPanel.en,
  ...materialTree.en,
  ...materialEditor.en,
  ...materialCode.en,
  ...materialForm.en,
  ...materialLibrary.en,
  ...snapshots.en,
} as const;

export type EditorMessageKey = keyof typeof editorEn;
/** Every text key of the package: the viewer's and the editor's. */
export type MessageKey = ViewerMessageKey | EditorMessageKey;

/** Simplified Chinese texts of the editor. Typed against the English keys: a missing or extra key is a type error. */
export const editorZh_Hans: Record<EditorMessageKey, string> = {
  ...settingsFields.zh_Hans,
  ...settings.zh_Hans,
  ...modelPanel.zh_Hans,
  ...modelRules.zh_Hans,
  ...cardPanel.zh_Hans,
  ...pickPanel.zh_Hans,
  ...materialTree.zh_Hans,
  ...materialEditor.zh_Hans,
  ...materialCode.zh_Hans,
  ...materialForm.zh_Hans,
  ...materialLibrary.zh_Hans,
  ...snapshots.zh_Hans,
};

const editorCatalogues: Record<Locale, Record<EditorMessageKey, string>> = { en: editorEn, zh_Hans: editorZh_Hans };

const isEditorKey = (key: string): key is EditorMessageKey => Object.prototype.hasOwnProperty.call(editorEn, key);

export function isMessageKey(key: string): key is MessageKey {
  return isViewerKey(key) || isEditorKey(key);
}

export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  if (!isEditorKey(key)) return viewerText(locale, key, params);
  return interpolate(editorCatalogues[locale]?.[key] ?? editorEn[key] ?? key, params);
}

/** Schema issues in the designer's language, as ./index.ts's `describeIssues`, with the editor's keys too. */
export function describeIssues(issues: readonly SchemaIssue[], locale: Locale): SchemaIssue[] {
  return issues.map(({ path, message, params }) => ({
    path,
    message: isMessageKey(message) ? t(locale, message, params) : message,
  }));
}

export { interpolate, LOCALES, type Locale } from './index';
