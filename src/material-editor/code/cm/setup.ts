import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { t, type Locale, type MessageKey } from '../../../../shared/i18n/editor';
import { errorLine } from './diagnostics';

/** One line's height: the editor is `rows` of them tall. */
export const LINE = 18;
const PAD = 4;

/** CodeMirror's own words (its phrases are keyed by their English text) in the designer's language. */
const PHRASES: Record<string, MessageKey> = {
  Find: 'code.phrase.find',
  Replace: 'code.phrase.replace',
  next: 'code.phrase.next',
  previous: 'code.phrase.previous',
  all: 'code.phrase.all',
  'match case': 'code.phrase.matchCase',
  regexp: 'code.phrase.regexp',
  'by word': 'code.phrase.byWord',
  replace: 'code.phrase.replaceOne',
  'replace all': 'code.phrase.replaceAll',
  close: 'code.phrase.close',
  'Go to line': 'code.phrase.goToLine',
  go: 'code.phrase.go',
  'current match': 'code.phrase.currentMatch',
  'on line': 'code.phrase.onLine',
  'replaced $ matches': 'code.phrase.replacedMatches',
  'replaced match on line $': 'code.phrase.replacedOnLine',
  Diagnostics: 'code.phrase.diagnostics',
  'No diagnostics': 'code.phrase.noDiagnostics',
  Completions: 'code.phrase.completions',
  'Selection deleted': 'code.phrase.selectionDeleted',
  'Control character': 'code.phrase.controlCharacter',
};

export const phrases = (locale: Locale): Extension =>
  EditorState.phrases.of(Object.fromEntries(Object.entries(PHRASES).map(([phrase, key]) => [phrase, t(locale, key)])));

/** The look: the product's monospace, a fixed height of `rows` lines (the text scrolls), the error line banded. */
export function theme(rows: number): Extension {
  return EditorView.theme({
    '&': { height: `${rows * LINE + 2 * PAD}px`, border: '1px solid #d9d9d9', borderRadius: '4px', background: '#fff' },
    '&.cm-focused': { outline: '2px solid #1677ff', outlineOffset: '-1px' },
    '.cm-scroller': {
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: '13px',
      lineHeight: `${LINE}px`,
      overflow: 'auto',
    },
    '.cm-content': { padding: `${PAD}px 0` },
    '.cm-gutters': { background: '#fafafa', color: '#8c8c8c', borderRight: '1px solid #f0f0f0' },
    '.cm-dash3d-errorLine': { background: 'rgba(255, 77, 79, 0.14)' },
  });
}

/**
 * What every code field has: line numbers, undo history, bracket matching, search (Ctrl+F) and
 * go-to-line, completion, the lint gutter for the checks' errors, highlighting. Tab indents
 * (indentWithTab); CodeMirror's own escape hatch keeps a keyboard user from being trapped: Escape,
 * then Tab or Shift+Tab, moves focus on as anywhere else in the page.
 */
export const basics: Extension = [
  lineNumbers(),
  lintGutter(),
  highlightActiveLineGutter(),
  highlightActiveLine(),
  history(),
  drawSelection(),
  indentOnInput(),
  bracketMatching(),
  highlightSelectionMatches(),
  search({ top: true }),
  autocompletion(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  errorLine,
  EditorState.tabSize.of(2),
  indentUnit.of('  '),
  keymap.of([...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
  // Said outright: the editable content is the scroller's focusable child (axe's
  // scrollable-region-focusable does not count contenteditable alone). No new tab stop: it is one already.
  EditorView.contentAttributes.of({ tabindex: '0' }),
];
