/** The space script's newest error, as its engine reported it (a 'script-error' event). */
export interface ScriptError {
  hook: string;
  message: string;
  /** 1-based line of the script, when the worker could tell. */
  line: number | null;
}

export type ScriptErrorListener = (error: ScriptError | null) => void;

/** The worker's messages are shown as text: a long one is cut. */
const MAX_MESSAGE = 500;

/**
 * A space's newest script error, for the script's editor in the space's panel (issue 19: the
 * error as a diagnostic on its line). Cleared when the script changes or an engine starts.
 */
export function createScriptErrors() {
  let current: ScriptError | null = null;
  const listeners = new Set<ScriptErrorListener>();
  const set = (next: ScriptError | null) => {
    current = next;
    for (const l of [...listeners]) l(current);
  };
  return {
    /** Sent by the worker: checked before a panel shows it. */
    report(e: { hook: unknown; message: unknown; line?: unknown }) {
      const line = typeof e.line === 'number' && Number.isInteger(e.line) && e.line >= 1 ? e.line : null;
      set({ hook: String(e.hook), message: typeof e.message === 'string' ? e.message.slice(0, MAX_MESSAGE) : '', line });
    },
    clear() {
      if (current) set(null);
    },
    watch(listener: ScriptErrorListener): () => void {
      listeners.add(listener);
      listener(current);
      return () => void listeners.delete(listener);
    },
  };
}

export type ScriptErrors = ReturnType<typeof createScriptErrors>;
