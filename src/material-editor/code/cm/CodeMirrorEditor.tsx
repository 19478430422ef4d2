import { useEffect, useLayoutEffect, useRef } from 'react';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { Locale } from '../../../../shared/i18n/editor';
import type { CodeEditorProps } from '../editorProps';
import type { CodeKind } from '../names/scriptApi';
import { completionsFor } from './completions';
import { showError, type LineError } from './diagnostics';
import { languageFor } from './language';
import { basics, phrases, theme } from './setup';

export interface CodeMirrorEditorProps extends CodeEditorProps {
  /** Id of the hidden text that says how to use the editor (read out with its name). */
  hintId: string;
}

/**
 * Made once per kind and language (per height for the theme): reconfiguring with the same
 * extension object costs nothing, where an equal new one would reparse the text or add a style sheet.
 */
const cached = <T,>(make: (key: string) => T) => {
  const made = new Map<string, T>();
  return (key: string) => made.get(key) ?? made.set(key, make(key)).get(key)!;
};
const languageParts = cached((key): Extension => {
  const [kind, locale] = key.split('/') as [CodeKind, Locale];
  return [languageFor(kind), completionsFor(kind, locale), phrases(locale)];
});
const themed = cached((rows) => theme(Number(rows)));

/** What changes with the props without a new document: each is a compartment reconfigured in place. */
function configuration(p: CodeMirrorEditorProps) {
  const error = p.errorLine != null;
  const describedBy = [p.hintId, p.errorMessageId].filter(Boolean).join(' ');
  return {
    language: languageParts(`${p.kind ?? 'frameScript'}/${p.locale}`),
    readOnly: EditorState.readOnly.of(!!p.readOnly),
    theme: themed(String(p.rows ?? 10)),
    // The editable element is the one a screen reader lands on: it carries the field's name and state
    // (CodeMirror adds role=textbox, aria-multiline, and aria-readonly for a read-only state).
    attributes: EditorView.contentAttributes.of({
      'aria-label': p.label,
      'aria-describedby': describedBy,
      ...(p.id ? { id: p.id } : {}),
      ...(error ? { 'aria-invalid': 'true' } : {}),
    }),
  };
}
type Parts = ReturnType<typeof configuration>;
const compartments: Record<keyof Parts, Compartment> = {
  language: new Compartment(),
  readOnly: new Compartment(),
  theme: new Compartment(),
  attributes: new Compartment(),
};

const lineError = (p: CodeEditorProps): LineError | null =>
  p.errorLine != null ? { line: p.errorLine, message: p.errorMessage ?? '' } : null;

/**
 * CodeEditor's CodeMirror 6 view (loaded lazily, see CodeEditor.tsx). The text is controlled: a
 * value that differs from the editor's text (another material opened, a reset to the template) is
 * a new document with a history of its own; what the designer types reaches onChange at once.
 */
export function CodeMirrorEditor(props: CodeMirrorEditorProps) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The newest props, for the callbacks the view holds and for a state made later.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  const createState = (doc: string) => {
    const parts = configuration(latest.current);
    return EditorState.create({
      doc,
      extensions: [
        basics,
        ...(Object.keys(compartments) as (keyof Parts)[]).map((k) => compartments[k].of(parts[k])),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) latest.current.onChange(u.state.doc.toString());
        }),
      ],
    });
  };

  useEffect(() => {
    const v = new EditorView({ parent: parent.current!, state: createState(latest.current.value) });
    v.dispatch(showError(v.state, lineError(latest.current)));
    view.current = v;
    return () => {
      view.current = null;
      v.destroy();
    };
    // Made once per mount; later props reach it through the effects below.
  }, []);

  const { value, kind, locale, readOnly, rows, label, errorLine, errorMessage, errorMessageId, id, hintId } = props;
  useEffect(() => {
    const v = view.current;
    if (!v || v.state.doc.toString() === value) return;
    v.setState(createState(value));
    v.dispatch(showError(v.state, lineError(latest.current)));
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const parts = configuration(latest.current);
    v.dispatch({ effects: (Object.keys(compartments) as (keyof Parts)[]).map((k) => compartments[k].reconfigure(parts[k])) });
  }, [kind, locale, readOnly, rows, label, errorLine, errorMessageId, id, hintId]);

  useEffect(() => {
    const v = view.current;
    if (v) v.dispatch(showError(v.state, lineError(latest.current)));
  }, [errorLine, errorMessage]);

  return (
    <div
      ref={parent}
      className="dash3d-code-editor"
      data-kind={kind ?? 'frameScript'}
      // Focus leaving the whole editor (not moving to its search panel) is the field's blur.
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) latest.current.onBlur?.();
      }}
    />
  );
}
