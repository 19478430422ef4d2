import { useState } from 'react';
import { Input } from 'antd';

export interface CommitInputProps {
  value?: string;
  onChange?(value: string): void;
  id?: string;
  placeholder?: string;
  ariaLabel?: string;
  monospace?: boolean;
  /** A multi-line text area (scripts); it commits on blur only, Enter being a new line. */
  rows?: number;
}

/**
 * A text input that hands its value over on Enter or blur, not on each keystroke: half-typed
 * colours, URLs and scripts would otherwise reach the scene (flashing errors, failed image loads,
 * scripts restarted mid-word).
 */
export function CommitInput({ value = '', onChange, id, placeholder, ariaLabel, monospace, rows }: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  // A value changed from outside (undo, another panel) replaces the draft, during render rather
  // than in an effect, so no frame shows the old draft.
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft !== value) onChange?.(draft);
  };
  const style = monospace ? { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 } : undefined;
  if (rows) {
    return (
      <Input.TextArea
        id={id}
        aria-label={ariaLabel}
        value={draft}
        rows={rows}
        spellCheck={false}
        // Code reads line by line: no soft wrapping, scroll sideways instead.
        wrap="off"
        style={{ ...style, whiteSpace: 'pre', overflowX: 'auto' }}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
      />
    );
  }
  return (
    <Input
      id={id}
      aria-label={ariaLabel}
      value={draft}
      placeholder={placeholder}
      style={style}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}
