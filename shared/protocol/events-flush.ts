/**
 * A mark sent down a space's events channel and echoed back up it. A space's events and its calls'
 * answers travel on different channels, and a browser keeps no order between two channels: an
 * answer to settled() could reach the page before events the engine sent ahead of it (a script's
 * log, seen in Chromium under load). The echo comes back behind every event sent before it, so a
 * page that waits for it after the answer has them all (src/bridge/event-flush.ts).
 */
export const EVENTS_FLUSH = 'dash3d-events-flush';

/** The page's mark: `{ [EVENTS_FLUSH]: id }`; the engine echoes it as `{ type: EVENTS_FLUSH, id }`. */
export function flushMarkOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const id = (data as Record<string, unknown>)[EVENTS_FLUSH];
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** The engine's echo of a mark, or null for any other message (an event). */
export function flushEchoOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, id } = data as Record<string, unknown>;
  return type === EVENTS_FLUSH && typeof id === 'number' ? id : null;
}
