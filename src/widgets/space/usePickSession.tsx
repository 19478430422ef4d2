import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { Engine, PickOptions, PickOutcome, Session } from './pickTypes';
import type { Locale } from '../../../shared/i18n';
import { PickLayer } from './lateParts';

export type { PickOptions, PickOutcome } from './pickTypes';

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

  // An unmounted space ends its session: the panel must not wait for a click that cannot come.
  useEffect(
    () => () => {
      if (current.current) end(current.current, { status: 'cancelled' });
    },
    [end],
  );

  const layer: ReactNode = session ? <PickLayer session={session} end={end} running={running} locale={locale} /> : null;

  return { pick, layer };
}
