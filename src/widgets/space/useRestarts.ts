import { useEffect, useRef, useState } from 'react';
import type { NoticeSink } from './useNotices';
import type { KeptFrame, RenderHandle } from '../../bridge/connection';
import { useLatest } from '../../host/useLatest';

/** Restarts in one mount before the space shows its error panel instead. */
const MAX_RESTARTS = 3;

/** One engine run: a new generation is a fresh engine; scripts off after a hang in user code. */
export interface EngineRun {
  generation: number;
  scriptsEnabled: boolean;
}

/**
 * When a space's engine starts afresh, and whether user code runs in it: after a crash or hang
 * (a hang inside user code restarts it without scripts), when the host's consent changes, and
 * when the designer edits the script that hung.
 */
export function useRestarts(scriptsAllowed: boolean, notices: NoticeSink) {
  const [run, setRun] = useState<EngineRun>(() => ({ generation: 0, scriptsEnabled: scriptsAllowed }));
  const allowed = useRef(scriptsAllowed);
  const current = useLatest(run);
  const { drop } = notices;

  // Consent given (or withdrawn by the host): a fresh engine with user code on (off). Only a change
  // counts: scripts turned off after a hang stay off until the script is edited.
  useEffect(() => {
    if (allowed.current === scriptsAllowed) return;
    allowed.current = scriptsAllowed;
    if (scriptsAllowed) drop('notice.scriptsDisabled');
    setRun((x) => ({ generation: x.generation + 1, scriptsEnabled: scriptsAllowed }));
  }, [scriptsAllowed, drop]);

  return {
    run,
    /**
     * The space's script was edited. True when that restarts the engine: the script that hung was
     * replaced, and the new one gets a fresh worker with scripts on.
     */
    scriptEdited(): boolean {
      if (current.current.scriptsEnabled || !allowed.current) return false;
      drop('notice.scriptsDisabled');
      setRun((x) => ({ generation: x.generation + 1, scriptsEnabled: true }));
      return true;
    },
    /** The engine of `run` died or stopped answering: restart it, or give up (false) after MAX_RESTARTS. */
    crashed({ generation, scriptsEnabled }: EngineRun, reason: 'hung' | 'silent' | 'crashed', detail: string): boolean {
      if (generation >= MAX_RESTARTS) {
        // A worker that keeps dying would otherwise restart forever: give up and say so.
        console.error(`[dash3d] render worker ${reason} (${detail}) after ${MAX_RESTARTS} restarts: giving up.`);
        return false;
      }
      // Only a hang inside user code is the script's fault; other failures keep the scripts.
      const withoutScripts = reason === 'hung' || !scriptsEnabled;
      console.warn(`[dash3d] render worker ${reason} (${detail}): restarting${withoutScripts ? ' without user scripts' : ''}.`);
      notices.add({ key: reason === 'hung' ? 'notice.scriptsDisabled' : 'notice.restarted', detail });
      setRun((r) => ({ generation: r.generation + 1, scriptsEnabled: !withoutScripts }));
      return true;
    },
  };
}

// A restarted engine's last picture, kept on show until the new engine has drawn (issue 41 point
// 1). A render worker restarted by the heartbeat (silent, stuck starting a worker, crashed) used to
// leave the space blank or on its loading screen for the seconds the new one takes to start, which a
// wall display that nobody touches showed as a white space. Now the stopped worker's canvas stays
// over the space (connection.ts retireCanvas: it still shows the last frame it was given, its
// worker terminated only then, see KeptFrame) until the new engine is settled, then goes. Not for
// an unmount, a release or a Retry: only a restart.
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
    // A frame is kept on show: the loading screen need not cover it (for rendering).
    shown,
    // The same, now (for effects: the state lags a render behind).
    has: () => kept.current !== null,
    // A restart was decided: the engine stopping next hands over its canvas.
    restarting() {
      restarting.current = true;
    },
    // Stops an engine (the space's effect clean-up), keeping its canvas when a restart comes next.
    stop(handle: RenderHandle | null) {
      const frame = handle?.dispose(restarting.current) ?? null;
      restarting.current = false;
      if (!frame) return;
      kept.current?.release();
      kept.current = frame;
      setShown(true);
    },
    // The new engine drew (or failed): the kept picture goes.
    drop,
  };
}
