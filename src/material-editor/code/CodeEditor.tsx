import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { t, type Locale } from '../../../shared/i18n';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  /** The editor's accessible name (what a screen reader announces). */
  label: string;
  /** 1-based line to highlight as the one in error, or none. */
  errorLine?: number | null;
  readOnly?: boolean;
  /** Visible lines (the editor scrolls beyond them). */
  rows?: number;
  /** Id of the element that explains the error (read out with the editor). */
  errorMessageId?: string;
  locale: Locale;
}

/** One line's height and the padding above the first: the gutter's numbers and the error band are placed by them. */
const LINE = 18;
const PAD = 4;
const FONT: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  fontSize: 13,
  lineHeight: `${LINE}px`,
};

/**
 * A plain code editor: a textarea beside a line-number gutter that scrolls with it. Lines never
 * wrap, so line n of the text is always beside number n (the numbers errors are reported with).
 * Tab inserts two spaces, as in any code editor; so that a keyboard user is never trapped, Escape
 * moves on to the next control and Shift+Tab keeps its usual meaning (back). No dependency: a
 * shader or frame script is a few dozen lines, and the editor must not weigh down the host's bundle.
 */
export function CodeEditor({
  value,
  onChange,
  label,
  errorLine = null,
  readOnly = false,
  rows = 10,
  errorMessageId,
  locale,
}: CodeEditorProps) {
  const hintId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // Where the caret goes once the text with an inserted indent is rendered (a controlled textarea
  // would otherwise put it at the end).
  const caret = useRef<number | null>(null);
  const count = value.split('\n').length;
  const error = errorLine !== null && errorLine >= 1 && errorLine <= count ? errorLine : null;

  const follow = () => {
    const top = area.current?.scrollTop ?? 0;
    if (gutter.current) gutter.current.scrollTop = top;
    setScrollTop(top);
  };
  useLayoutEffect(() => {
    const el = area.current;
    if (el && caret.current !== null) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
    // The text changed: the browser may have scrolled the textarea to keep the caret in view.
    follow();
  }, [value]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      focusNext(e.currentTarget);
      return;
    }
    if (e.key !== 'Tab' || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey || readOnly) return;
    e.preventDefault();
    const { selectionStart: start, selectionEnd: end } = e.currentTarget;
    caret.current = start + 2;
    onChange(`${value.slice(0, start)}  ${value.slice(end)}`);
  };

  const height = rows * LINE + 2 * PAD;
  return (
    <div
      className="dash3d-code-editor"
      style={{ display: 'flex', height, border: '1px solid #d9d9d9', borderRadius: 4, overflow: 'hidden' }}
    >
      <div
        ref={gutter}
        className="dash3d-code-gutter"
        aria-hidden
        title={t(locale, 'code.gutter')}
        style={{
          ...FONT,
          overflow: 'hidden',
          flex: 'none',
          minWidth: '3ch',
          padding: `${PAD}px 6px 0`,
          textAlign: 'right',
          color: '#8c8c8c',
          background: '#fafafa',
          userSelect: 'none',
        }}
      >
        {Array.from({ length: count }, (_, i) => (
          <div
            key={i}
            data-line={i + 1}
            data-error={i + 1 === error || undefined}
            style={i + 1 === error ? { color: '#cf1322', fontWeight: 600 } : undefined}
          >
            {i + 1}
          </div>
        ))}
        {/* Room for the textarea's horizontal scrollbar, so the gutter can scroll as far as the text. */}
        <div style={{ height: 24 }} />
      </div>
      <div style={{ position: 'relative', flex: 1, minWidth: 0 }}>
        {error !== null ? (
          <div
            className="dash3d-code-error-line"
            aria-hidden
            style={{
              position: 'absolute',
              left: 0,
              right: 0,
              top: PAD + (error - 1) * LINE - scrollTop,
              height: LINE,
              background: 'rgba(255, 77, 79, 0.18)',
              pointerEvents: 'none',
            }}
          />
        ) : null}
        <textarea
          ref={area}
          value={value}
          readOnly={readOnly}
          aria-label={label}
          aria-describedby={errorMessageId ? `${hintId} ${errorMessageId}` : hintId}
          aria-invalid={error !== null || undefined}
          wrap="off"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onScroll={follow}
          style={{
            ...FONT,
            position: 'relative',
            display: 'block',
            width: '100%',
            height: '100%',
            boxSizing: 'border-box',
            margin: 0,
            padding: `${PAD}px 8px 0`,
            border: 'none',
            outlineOffset: -2,
            resize: 'none',
            whiteSpace: 'pre',
            overflow: 'auto',
            background: 'transparent',
            tabSize: 2,
          }}
        />
      </div>
      <span id={hintId} hidden>
        {t(locale, 'code.editorHint')}
      </span>
    </div>
  );
}

/** Move focus to the control after `from` in the page's tab order (Escape leaves the editor). */
function focusNext(from: HTMLElement) {
  const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
  );
  const next = focusable[focusable.indexOf(from) + 1];
  if (next) next.focus();
  else from.blur();
}
