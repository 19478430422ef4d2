import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';

/** The one error the checks outside the editor report (the preview's GLSL and JavaScript checks): a line and its text. */
export interface LineError {
  /** 1-based line of the editor's text. */
  line: number;
  message: string;
}

const setErrorLine = StateEffect.define<number | null>();

/** The line in error as a band across the editor (the lint mark underlines only its text), moving with edits above it. */
const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(lines, tr) {
    for (const e of tr.effects) {
      if (e.is(setErrorLine)) {
        if (e.value === null) return Decoration.none;
        const at = tr.state.doc.line(e.value).from;
        return Decoration.set([
          Decoration.line({ class: 'cm-dash3d-errorLine', attributes: { 'data-error-line': String(e.value) } }).range(at),
        ]);
      }
    }
    return lines.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

export const errorLine: Extension = errorLineField;

/**
 * The transaction that shows `error` as a lint diagnostic on its line (a gutter marker, the line's
 * text underlined, the message on hover and in the lint panel) and bands the line; none clears
 * both. A line the text no longer has (the text changed since the check) is not shown.
 */
export function showError(state: EditorState, error: LineError | null) {
  const valid = error && Number.isInteger(error.line) && error.line >= 1 && error.line <= state.doc.lines ? error : null;
  const diagnostics: Diagnostic[] = [];
  if (valid) {
    const line = state.doc.line(valid.line);
    // From the line's first character, so the underline starts under the code rather than its indent.
    const from = line.from + (/^\s*/.exec(line.text)?.[0].length ?? 0);
    diagnostics.push({ from: Math.min(from, line.to), to: line.to, severity: 'error', message: valid.message });
  }
  const spec = setDiagnostics(state, diagnostics);
  const effects = [spec.effects ?? []].flat();
  return { effects: [...effects, setErrorLine.of(valid ? valid.line : null)] };
}
