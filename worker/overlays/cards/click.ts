import type { ElementStandIn, StandInEvent } from '../../engine/element';
import { createTaps } from '../../engine/taps';
import { insideQuad } from './placement';

/** Where a card was drawn on the last drawn frame (cards/index.ts keeps one per card). */
export interface ClickablePlace {
  /** The card's corners on the canvas, CSS px. */
  quad: { x: number; y: number }[];
  /** Distance from the camera: the nearest of overlapping cards is the one seen on top. */
  depth: number;
  visible: boolean;
}

/**
 * The card a click at p (canvas CSS px) lands on: the nearest shown card whose drawn quad holds p,
 * or null. Cards are drawn over the models (no depth test), so this card is what the user clicked
 * even where a model lies behind it: model picking asks here first and leaves such a click alone.
 */
export function cardAt(places: ReadonlyMap<string, ClickablePlace>, p: { x: number; y: number }): string | null {
  let best: { id: string; depth: number } | null = null;
  for (const [id, place] of places)
    if (place.visible && insideQuad(p, place.quad) && (!best || place.depth < best.depth)) best = { id, depth: place.depth };
  return best?.id ?? null;
}

/**
 * Clicks on the canvas (taps as model picking has them, engine/taps.ts: an orbit drag, a pinch or
 * a long press is never a click), handed to `onClick` in canvas CSS px.
 */
export function listenForClicks(element: ElementStandIn, onClick: (p: { x: number; y: number }) => void): () => void {
  const taps = createTaps(element);
  const up = (e: StandInEvent) => {
    const p = taps.up(e);
    if (p) onClick(p);
  };
  const listeners: [string, (e: StandInEvent) => void][] = [
    ['pointerdown', taps.down],
    ['pointermove', taps.move],
    ['pointerup', up],
    ['pointercancel', taps.cancel],
    ['pointerleave', taps.cancel],
  ];
  for (const [type, fn] of listeners) element.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of listeners) element.removeEventListener(type, fn);
  };
}
