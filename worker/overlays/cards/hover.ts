import type { ElementStandIn, StandInEvent } from '../../engine/element';
import { insideQuad } from './placement';

/** A pin or badge as drawn on the last frame: where (canvas CSS px), how big, and whose cards. */
export interface PinSpot {
  x: number;
  y: number;
  radius: number;
  ids: readonly string[];
}

/** A pin is easier to reach than its dot: this much (CSS px) around it counts. */
const REACH_PX = 4;

/** The pin or badge under p (within its reach), or null. */
export function spotAt(spots: readonly PinSpot[], p: { x: number; y: number }): PinSpot | null {
  return spots.find((s) => Math.hypot(s.x - p.x, s.y - p.y) <= s.radius + REACH_PX) ?? null;
}
/** Where an opened card's pin was, it stays open: a badge's radius and the reach. */
const PIN_REACH = 11 + REACH_PX;

/**
 * Which pinned cards the pointer asks to see (issue 18: hovering a pin or a badge shows its full
 * card(s) on top). The pointer over a pin or badge picks its cards; they stay picked while the
 * pointer is on the pin or on one of those cards (so the card can be read), and are let go when it
 * leaves both, or leaves the canvas. `onChange` is called with the new set only when it changes.
 */
export function listenForPinHover(
  element: ElementStandIn,
  spots: () => readonly PinSpot[],
  placeOf: (id: string) => { quad: { x: number; y: number }[]; anchor: { x: number; y: number } } | null,
  onChange: (ids: ReadonlySet<string>) => void,
): () => void {
  let current: ReadonlySet<string> = new Set();
  const set = (next: ReadonlySet<string>) => {
    if (next.size === current.size && [...next].every((id) => current.has(id))) return;
    current = next;
    onChange(next);
  };
  const move = (e: StandInEvent) => {
    const rect = element.getBoundingClientRect();
    const p = { x: e.offsetX ?? (e.clientX ?? NaN) - rect.left, y: e.offsetY ?? (e.clientY ?? NaN) - rect.top };
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    const spot = spotAt(spots(), p);
    if (spot) return set(new Set(spot.ids));
    // Still on one of the cards it opened, on its way there from the pin (the box around the
    // anchor and the body: the leader line's stretch) or where the pin was: keep them open.
    for (const id of current) {
      const place = placeOf(id);
      if (!place) continue;
      if (insideQuad(p, place.quad) || Math.hypot(place.anchor.x - p.x, place.anchor.y - p.y) <= PIN_REACH) return;
      const xs = [place.anchor.x, ...place.quad.map((q) => q.x)];
      const ys = [place.anchor.y, ...place.quad.map((q) => q.y)];
      const inBox =
        p.x >= Math.min(...xs) - REACH_PX &&
        p.x <= Math.max(...xs) + REACH_PX &&
        p.y >= Math.min(...ys) - REACH_PX &&
        p.y <= Math.max(...ys) + REACH_PX;
      if (inBox) return;
    }
    set(new Set());
  };
  const leave = () => set(new Set());
  element.addEventListener('pointermove', move);
  element.addEventListener('pointerleave', leave);
  return () => {
    element.removeEventListener('pointermove', move);
    element.removeEventListener('pointerleave', leave);
  };
}
