import { EVENTS_FLUSH, flushEchoOf } from '../../shared/protocol/events-flush';

/**
 * The page's end of the events channel's flush (shared/protocol/events-flush.ts): `flush()`
 * resolves once every event the engine sent before it saw the mark has been handed on.
 */
export function eventFlusher(port: MessagePort) {
  let next = 0;
  const waiting = new Map<number, () => void>();
  return {
    /** A message from the engine: true when it was an echo (consumed here), false for an event. */
    received(data: unknown): boolean {
      const id = flushEchoOf(data);
      if (id === null) return false;
      waiting.get(id)?.();
      waiting.delete(id);
      return true;
    },
    flush(): Promise<void> {
      const id = next++;
      return new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        port.postMessage({ [EVENTS_FLUSH]: id });
      });
    },
    /** The channel closes: nothing more will come, so nobody waits for it. */
    stop() {
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
    },
  };
}
export type EventFlusher = ReturnType<typeof eventFlusher>;
