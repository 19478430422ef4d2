import { useEffect, useId, useState, type CSSProperties } from 'react';
import type { Locale } from '../../../shared/i18n';
import { cameraKeys } from '../../../shared/i18n/parts/camera-keys';
import type { ControlConfig } from '../../../shared/schema/space';
import { visuallyHidden } from '../visuallyHidden';

/** The keys' text for each kind of control. */
const TEXT = { orbit: 'keys.orbit', pointerLock: 'keys.pointerLock', fly: 'keys.fly' } as const satisfies Record<
  ControlConfig['controlType'],
  keyof typeof cameraKeys.en
>;

const shown: CSSProperties = {
  position: 'absolute',
  left: 8,
  top: 8,
  maxWidth: 'min(420px, calc(100% - 16px))',
  padding: '6px 10px',
  borderRadius: 6,
  background: 'rgba(0, 0, 0, 0.78)',
  color: '#ffffff',
  font: '12px/1.5 system-ui, sans-serif',
  pointerEvents: 'none',
};

/**
 * Two rings inside the space's edge, white within dark blue: one of them stands out from whatever
 * the scene shows behind it (WCAG 2.4.7, 1.4.11). Drawn by the page over the canvas, so it shows
 * even while the engine is busy or stopped.
 */
const ring: CSSProperties = {
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
  boxShadow: 'inset 0 0 0 2px #ffffff, inset 0 0 0 4px #0958d9',
};

/**
 * The camera's keys for the space's kind of control (issue 42 point 1): the canvas' description
 * for screen readers at all times, and on screen with a focus ring while the canvas has keyboard
 * focus (a click with the mouse or a finger shows neither). A chunk of its own, with its texts
 * (not in the viewer's catalogue), loaded once the space has drawn (ThreeDSpace.tsx): it is not
 * part of a viewer page's script before its first frame (issue 41 point 4, the 200 kB page).
 */
export function KeyHelp({
  canvas,
  controlType,
  locale,
  describedBy,
}: {
  canvas: HTMLCanvasElement | null;
  controlType: ControlConfig['controlType'];
  locale: Locale;
  /** The space's own description of the canvas (what it holds): read first, then the keys. */
  describedBy: string;
}) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!canvas) return;
    canvas.setAttribute('aria-describedby', `${describedBy} ${id}`);
    // Keyboard focus is focus that no press on the canvas gave. Not :focus-visible: a press focuses
    // the canvas from script (bridge/input.ts) before the browser notes the pointer, so Chromium
    // still counts an earlier key press, and Firefox did not match it after Tab at the focus event.
    // The press is seen first (capture, before that listener).
    let pressed = false;
    const onPress = () => {
      pressed = true;
      setTimeout(() => (pressed = false));
    };
    const onFocus = () => setFocused(!pressed);
    const onBlur = () => setFocused(false);
    // Keys used on the canvas are keyboard focus too (focus given by a click, then keys; and a
    // window without the system's focus, where the browser moves focus without a focus event);
    // Escape and Tab leave.
    const onKey = (e: KeyboardEvent) => setFocused(e.key !== 'Escape' && e.key !== 'Tab');
    canvas.addEventListener('pointerdown', onPress, true);
    canvas.addEventListener('focus', onFocus);
    canvas.addEventListener('blur', onBlur);
    canvas.addEventListener('keydown', onKey);
    if (document.activeElement === canvas) onFocus();
    return () => {
      canvas.removeEventListener('pointerdown', onPress, true);
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('focus', onFocus);
      canvas.removeEventListener('blur', onBlur);
      canvas.setAttribute('aria-describedby', describedBy);
      setFocused(false);
    };
  }, [canvas, id, describedBy]);
  return (
    <>
      {focused ? <div className="dash3d-focus-ring" style={ring} /> : null}
      <div id={id} className="dash3d-key-help" style={focused ? shown : visuallyHidden}>
        {cameraKeys[locale][TEXT[controlType]]}
      </div>
    </>
  );
}
