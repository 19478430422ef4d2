import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { PickedPoint } from '../../../shared/protocol';
import { t, type Locale } from '../../../shared/i18n';

export interface PickOptions {
  /** A model widget left out of the ray (a model is placed onto something else). */
  exclude?: string;
  /** Aborting ends the session as 'cancelled' (the panel's button pressed again). */
  signal?: AbortSignal;
}

export type PickOutcome = { status: 'picked'; picked: PickedPoint } | { status: 'missed' } | { status: 'cancelled' };

/** A press's events, which hosts and controls act on; the click that ends it is the pick's. */
const PRESS_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup'] as const;

interface Session {
  exclude?: string;
  finish(outcome: PickOutcome): void;
}

/** The running engine, as the space's own (stable) ref holds it: it changes on restarts. */
interface Engine {
  readonly canvas: HTMLCanvasElement;
  pickPoint(x: number, y: number, exclude?: string): Promise<PickedPoint | null>;
}

/**
 * "Pick in scene": the space waits for one click, then asks the engine for the surface point under
 * it. While waiting, a layer over the canvas takes the pointer (crosshair cursor, a hint), so the
 * click never reaches the camera controls as the start of a drag, nor the host as a selection;
 * Esc or a new session cancels.
 */
export function usePickSession(running: RefObject<Engine | null>, locale: Locale) {
  const [session, setSession] = useState<Session | null>(null);
  const current = useRef<Session | null>(null);

  const end = useCallback((s: Session, outcome: PickOutcome) => {
    if (current.current !== s) return;
    current.current = null;
    setSession(null);
    s.finish(outcome);
  }, []);

  const pick = useCallback(
    (options: PickOptions = {}) =>
      new Promise<PickOutcome>((resolve, reject) => {
        if (!running.current) {
          reject(new Error('the 3D space is not running'));
          return;
        }
        if (current.current) end(current.current, { status: 'cancelled' });
        if (options.signal?.aborted) {
          resolve({ status: 'cancelled' });
          return;
        }
        const s: Session = {
          exclude: options.exclude,
          finish: (outcome) => {
            options.signal?.removeEventListener('abort', onAbort);
            resolve(outcome);
          },
        };
        const onAbort = () => end(s, { status: 'cancelled' });
        options.signal?.addEventListener('abort', onAbort);
        current.current = s;
        setSession(s);
      }),
    [running, end],
  );

  const layerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!session) return;
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

  // An unmounted space ends its session: the panel must not wait for a click that cannot come.
  useEffect(
    () => () => {
      if (current.current) end(current.current, { status: 'cancelled' });
    },
    [end],
  );

  const onClick = (e: MouseEvent) => {
    const s = current.current;
    const e3d = running.current;
    const canvas = e3d?.canvas;
    if (!s || e.button !== 0) return;
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
  const layer: ReactNode = session ? (
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
  ) : null;

  return { pick, layer };
}
