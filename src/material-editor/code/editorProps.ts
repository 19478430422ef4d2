import type { Locale } from '../../../shared/i18n';
import type { CodeKind } from './names/scriptApi';

/** A code field's props: CodeEditor's, and the lazily loaded CodeMirror editor's it hands them to (cm/). */
export interface CodeEditorProps {
  value: string;
  /** Each edit, as the designer makes it. */
  onChange(value: string): void;
  /** Focus left the editor (a field that commits on blur listens to this). */
  onBlur?(): void;
  /** The editor's accessible name (what a screen reader announces). */
  label: string;
  /** What the code is: its language (GLSL in shader code's template strings) and the names it completes. Default 'frameScript'. */
  kind?: CodeKind;
  /** 1-based line the checks found an error on: a diagnostic there, with `errorMessage` as its text. */
  errorLine?: number | null;
  /** The error's text, as the field shows it under the editor (the same words, the designer's language). */
  errorMessage?: string;
  readOnly?: boolean;
  /** Visible lines (the editor scrolls beyond them). */
  rows?: number;
  /** Id of the element that explains the error (read out with the editor). */
  errorMessageId?: string;
  /** Id of the editable element (a form row's label names it by this id). */
  id?: string;
  locale: Locale;
}
