import { useEffect, useRef, useState } from 'react';
import type { NoticeSink } from './useNotices';
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
