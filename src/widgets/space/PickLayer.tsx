import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { t, type Locale } from '../../../shared/i18n';
import type { Engine, PickOutcome, Session } from './pickTypes';

/** A press's events, which hosts and controls act on; the click that ends it is the pick's. */
const PRESS_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup'] as const;

/**
 * The layer over the canvas while a "Pick in scene" session waits for its click (usePickSession):
 * it takes the pointer (crosshair cursor, a hint), so the click never reaches the camera controls
 * as the start of a drag, nor the host as a selection; Esc cancels. A part of its own, loaded at
 * the first pick: a viewer's page never picks.
 */
export function PickLayer({
  session,
  end,
  running,
  locale,
}: {
  session: Session;
  end(s: Session, outcome: PickOutcome): void;
  running: RefObject<Engine | null>;
  locale: Locale;
}) {
  const layerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') end(session, { status: 'cancelled' });
    };
    // The press on the layer is the pick's alone. A host editor selects the widget under a press
    // (the space, on the way down): that would close the panel that is waiting for this click.
    // Stopped at the window, before any of the page's handlers; the click itself goes on.
    const onPress = (e: Event) => {
      if (e.target instanceof Node && layerRef.current?.contains(e.target)) e.stopPropagation();
    };
    window.addEventListener('keydown', onKey);
    for (const type of PRESS_EVENTS) window.addEventListener(type, onPress, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      for (const type of PRESS_EVENTS) window.removeEventListener(type, onPress, true);
    };
  }, [session, end]);

  const onClick = (e: MouseEvent) => {
    const s = session;
    const e3d = running.current;
    const canvas = e3d?.canvas;
    if (e.button !== 0) return;
    if (!e3d || !canvas) return end(s, { status: 'cancelled' });
    const rect = canvas.getBoundingClientRect();
    // Canvas CSS pixels, as the engine sizes its view (a scaled ancestor makes the rect differ).
    const x = ((e.clientX - rect.left) * (canvas.clientWidth || rect.width)) / (rect.width || 1);
    const y = ((e.clientY - rect.top) * (canvas.clientHeight || rect.height)) / (rect.height || 1);
    e3d.pickPoint(x, y, s.exclude).then(
      (picked) => end(s, picked ? { status: 'picked', picked } : { status: 'missed' }),
      (err: unknown) => {
        console.warn('[dash3d] pick in scene failed', err);
        end(s, { status: 'missed' });
      },
    );
  };
  return (
    <div
      className="dash3d-pick-layer"
      data-testid="dash3d-pick-layer"
      ref={layerRef}
      onClick={onClick}
      style={{ position: 'absolute', inset: 0, cursor: 'crosshair', zIndex: 4 }}
    >
      <div
        role="status"
        className="dash3d-pick-hint"
        style={{
          position: 'absolute',
          top: 8,
          left: '50%',
          transform: 'translateX(-50%)',
          padding: '2px 10px',
          borderRadius: 4,
          background: 'rgba(0,0,0,0.6)',
          color: '#fff',
          fontSize: 12,
          pointerEvents: 'none',
          whiteSpace: 'nowrap',
        }}
      >
        {t(locale, 'pick.hint')}
      </div>
    </div>
  );
}
