import { useCallback, useState } from 'react';
import type { EngineEvent } from '../../../shared/protocol';

/** What the frame script field shows about the script running in the preview. */
export interface FrameScriptStatus {
  /** Errors since the previewed material was last rebuilt (spec §8: swallowed, but counted). */
  errors: number;
  /** The newest error's message ('' when none). */
  lastError: string;
  /** Its line in the script, when the worker could tell (a diagnostic there). */
  line: number | null;
  /** The script did not return: the preview runs without scripts until the code is edited. */
  stopped: boolean;
}

export const QUIET_FRAME_SCRIPT: FrameScriptStatus = { errors: 0, lastError: '', line: null, stopped: false };

/** The worker's messages are shown as text: a long one is cut rather than flood the tooltip. */
const MAX_MESSAGE = 500;

/**
 * The frame script's status, from a <MaterialPreview>: pass `onEvent` and `onScriptsStopped` to it
 * and `status` to <FrameScriptField>.
 */
export function useFrameScriptStatus() {
  const [status, setStatus] = useState<FrameScriptStatus>(QUIET_FRAME_SCRIPT);
  const onEvent = useCallback((e: EngineEvent) => {
    if (e.type !== 'frame-script-errors') return;
    // Sent by the worker: only a count and a text are taken from it.
    const errors = Number.isFinite(e.count) && e.count > 0 ? Math.floor(e.count) : 0;
    const lastError = typeof e.message === 'string' ? e.message.slice(0, MAX_MESSAGE) : '';
    const line = typeof e.line === 'number' && Number.isInteger(e.line) && e.line >= 1 ? e.line : null;
    setStatus((s) => ({ ...s, errors, lastError, line: errors > 0 ? line : null }));
  }, []);
  const onScriptsStopped = useCallback((stopped: boolean) => {
    // Stopped, nothing runs: the old count would describe a script that is gone.
    setStatus((s) =>
      s.stopped === stopped
        ? s
        : { stopped, errors: stopped ? 0 : s.errors, lastError: stopped ? '' : s.lastError, line: stopped ? null : s.line },
    );
  }, []);
  return { status, onEvent, onScriptsStopped };
}
