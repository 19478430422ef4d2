/**
 * A mark sent down a space's events channel and echoed back up it. Events and the calls' answers
 * travel on different channels, and a browser keeps no order between two channels: an answer to
 * settled() could reach the page before events the engine sent ahead of it (a script's log, seen
 * in Chromium under load). The echo comes back behind every event sent before it.
 */
export const EVENTS_FLUSH = 'dash3d-events-flush';

/** The engine's side: the id of the page's mark `{ [EVENTS_FLUSH]: id }`, or null. */
export function flushMarkOf(data: unknown): number | null {
  const id = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[EVENTS_FLUSH] : null;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** The engine's side: echo the page's mark, behind every event sent on `port` so far. */
export function echoFlushMark(data: unknown, port: { postMessage(data: unknown): void }): void {
  const id = flushMarkOf(data);
  if (id !== null) port.postMessage({ type: EVENTS_FLUSH, id });
}

/**
 * The page's side (one module with the engine's: a file less on the viewer's page):
 * `flush()` resolves once every event sent before the engine saw the mark was handed on.
 */
export function eventFlusher(port: { postMessage(data: unknown): void }) {
  let next = 0;
  const waiting = new Map<number, () => void>();
  return {
    /** A message from the engine: true when it was an echo `{ type: EVENTS_FLUSH, id }` (consumed). */
    received(data: unknown): boolean {
      const { type, id } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
      if (type !== EVENTS_FLUSH || typeof id !== 'number') return false;
      waiting.get(id)?.();
      waiting.delete(id);
      return true;
    },
    flush: () =>
      new Promise<void>((resolve) => {
        waiting.set(next, resolve);
        port.postMessage({ [EVENTS_FLUSH]: next++ });
      }),
    /** The channel closes: nothing more will come, so nobody waits for it. */
    stop() {
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
    },
  };
}
export type EventFlusher = ReturnType<typeof eventFlusher>;
