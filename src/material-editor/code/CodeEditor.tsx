import { useEffect, useId, useState } from 'react';
import { t } from '../../../shared/i18n/editor';
import type { CodeKind } from './names/scriptApi';
import type { CodeEditorProps } from './editorProps';

export type { CodeKind, CodeEditorProps };

type EditorModule = typeof import('./cm/CodeMirrorEditor');
/** The CodeMirror module once it has arrived: later editors show at once, without a fallback frame. */
let loaded: EditorModule | null = null;
let loading: Promise<EditorModule> | null = null;
function load(): Promise<EditorModule> {
  loading ??= import('./cm/CodeMirrorEditor').then(
    (m) => (loaded = m),
    (err: unknown) => {
      // Asked again by the next editor that mounts (the network may be back).
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * A code field: CodeMirror 6 (highlighting, line numbers, bracket matching, search, undo history,
 * completion of THREE and the script API, the checks' error as a diagnostic on its line).
 * CodeMirror is a few hundred kB, wanted only by a designer editing code: it is its own chunk,
 * fetched when the first code field shows, never with the package's entry. Until it arrives the
 * text shows read-only in a plain text box; if it cannot be loaded the text box stays, editable,
 * and says so, so the code can still be edited.
 */
export function CodeEditor(props: CodeEditorProps) {
  const hintId = useId();
  const [, arrived] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    load().then(
      () => live && arrived((n) => n + 1),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const hint = (
    <span id={hintId} hidden>
      {t(props.locale, 'code.editorHint')}
    </span>
  );
  if (loaded) {
    return (
      <>
        <loaded.CodeMirrorEditor {...props} hintId={hintId} />
        {hint}
      </>
    );
  }
  const { value, onChange, onBlur, label, readOnly, rows = 10, errorLine, errorMessageId, id, locale } = props;
  return (
    <>
      <textarea
        className="dash3d-code-plain"
        id={id}
        value={value}
        readOnly={readOnly || !failed}
        aria-busy={!failed || undefined}
        aria-label={label}
        aria-describedby={[hintId, errorMessageId].filter(Boolean).join(' ')}
        aria-invalid={errorLine != null || undefined}
        rows={rows}
        wrap="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        style={{ width: '100%', boxSizing: 'border-box', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 }}
      />
      {failed ? (
        <div id={hintId} className="dash3d-code-plain-note" style={{ color: '#ad6800', fontSize: 12 }}>
          {t(locale, 'code.plainFallback')}
        </div>
      ) : (
        hint
      )}
    </>
  );
}
