import { useEffect, useRef, type CSSProperties } from 'react';
import type { GizmoOptions } from '../../../shared/protocol';
import { t, type Locale } from '../../../shared/i18n/editor';

const MODES = [
  ['translate', 'gizmo.translate', 'w'],
  ['rotate', 'gizmo.rotate', 'e'],
  ['scale', 'gizmo.scale', 'r'],
] as const;

const BAR: CSSProperties = {
  // Top centre: a host's own handle often sits in the top-left corner.
  position: 'absolute',
  left: '50%',
  top: 8,
  transform: 'translateX(-50%)',
  display: 'flex',
  gap: 4,
  padding: 4,
  borderRadius: 6,
  background: 'rgba(0, 0, 0, 0.55)',
  font: '12px/1.4 system-ui, sans-serif',
  pointerEvents: 'auto',
  zIndex: 2,
};
const button = (on: boolean): CSSProperties => ({
  border: 0,
  borderRadius: 4,
  padding: '2px 8px',
  cursor: 'pointer',
  color: '#fff',
  // antd's darker blue: white 12 px text on its primary #1677ff is 4.1:1, below WCAG AA's 4.5:1 (axe).
  background: on ? '#0958d9' : 'rgba(255, 255, 255, 0.15)',
  font: 'inherit',
});

/** A key typed into a field is the field's, not the gizmo's. */
const typing = (e: KeyboardEvent) =>
  e.target instanceof Element && !!e.target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');

/**
 * The transform gizmo's bar (edit mode, a model selected): move, rotate or scale (W, E, R, as in
 * three.js' editor), snapping, local or world axes. Keys work while the focus is in the space.
 */
export function GizmoBar({
  options,
  onChange,
  locale,
  scope,
}: {
  options: GizmoOptions;
  onChange(next: GizmoOptions): void;
  locale: Locale;
  /** The space's element: W/E/R pressed inside it switch the mode. */
  scope(): HTMLElement | null;
}) {
  // A press on the bar is the bar's: a host editor selects the widget under a press (the space,
  // on the way down), which would take the selection, and the gizmo, off the model. Stopped at the
  // window, before the page's handlers; the click itself goes on.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Node && bar.current?.contains(e.target)) e.stopPropagation();
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  }, []);
  useEffect(() => {
    const el = scope();
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
      const mode = MODES.find(([, , key]) => key === e.key.toLowerCase());
      if (mode) onChange({ ...options, mode: mode[0] });
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [scope, options, onChange]);

  return (
    <div ref={bar} role="toolbar" aria-label={t(locale, 'gizmo.label')} className="dash3d-gizmo-bar" style={BAR}>
      {MODES.map(([mode, key, shortcut]) => (
        <button
          key={mode}
          type="button"
          aria-pressed={options.mode === mode}
          aria-keyshortcuts={shortcut.toUpperCase()}
          style={button(options.mode === mode)}
          onClick={() => onChange({ ...options, mode })}
        >
          {t(locale, key)}
        </button>
      ))}
      <button
        type="button"
        aria-pressed={options.snap}
        title={t(locale, 'gizmo.snapHint')}
        style={button(options.snap)}
        onClick={() => onChange({ ...options, snap: !options.snap })}
      >
        {t(locale, 'gizmo.snap')}
      </button>
      <button
        type="button"
        aria-pressed={options.space === 'local'}
        style={button(options.space === 'local')}
        onClick={() => onChange({ ...options, space: options.space === 'local' ? 'world' : 'local' })}
      >
        {t(locale, 'gizmo.local')}
      </button>
    </div>
  );
}
