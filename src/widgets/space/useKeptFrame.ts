import { useEffect, useRef, useState } from 'react';
import type { KeptFrame, RenderHandle } from '../../bridge/connection';

/**
 * A restarted engine's last picture, kept on show until the new engine has drawn (issue 41 point
 * 1). A render worker restarted by the heartbeat (silent, stuck starting a worker, crashed) used to
 * leave the space blank or on its loading screen for the seconds the new one takes to start, which a
 * wall display that nobody touches showed as a white space. Now the stopped worker's canvas stays
 * over the space (connection.ts retireCanvas: it still shows the last frame it was given, its
 * worker terminated only then, see KeptFrame) until the new engine is settled, then goes. Not for
 * an unmount, a release or a Retry: only a restart.
 */
export function useKeptFrame() {
  const kept = useRef<KeptFrame | null>(null);
  const restarting = useRef(false);
  const [shown, setShown] = useState(false);
  const drop = () => {
    kept.current?.release();
    kept.current = null;
    setShown(false);
  };
  useEffect(
    () => () => {
      kept.current?.release();
      kept.current = null;
    },
    [],
  );
  return {
    /** A frame is kept on show: the loading screen need not cover it (for rendering). */
    shown,
    /** The same, now (for effects: the state lags a render behind). */
    has: () => kept.current !== null,
    /** A restart was decided: the engine stopping next hands over its canvas. */
    restarting() {
      restarting.current = true;
    },
    /** Stops an engine (the space's effect clean-up), keeping its canvas when a restart comes next. */
    stop(handle: RenderHandle | null) {
      const frame = handle?.dispose(restarting.current) ?? null;
      restarting.current = false;
      if (!frame) return;
      kept.current?.release();
      kept.current = frame;
      setShown(true);
    },
    /** The new engine drew (or failed): the kept picture goes. */
    drop,
  };
}
