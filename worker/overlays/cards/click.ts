import type { ElementStandIn, StandInEvent } from '../../engine/element';
import { CLICK_SLOP_PX } from '../../models/features/picking';
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
 * Clicks on the canvas (press and release of the primary button within CLICK_SLOP_PX, like model
 * picking: an orbit drag is never a click), handed to `onClick` in canvas CSS px.
 */
export function listenForClicks(element: ElementStandIn, onClick: (p: { x: number; y: number }) => void): () => void {
  let press: { x: number; y: number; pointerId: number | undefined } | null = null;
  const position = (e: StandInEvent) => {
    const rect = element.getBoundingClientRect();
    const x = e.offsetX ?? (e.clientX ?? NaN) - rect.left;
    const y = e.offsetY ?? (e.clientY ?? NaN) - rect.top;
    return x >= 0 && y >= 0 && x <= rect.width && y <= rect.height ? { x, y } : null;
  };
  const down = (e: StandInEvent) => {
    const p = position(e);
    press = p && (e.button ?? 0) === 0 ? { ...p, pointerId: e.pointerId } : null;
  };
  const move = (e: StandInEvent) => {
    const p = position(e);
    if (press && (!p || Math.hypot(p.x - press.x, p.y - press.y) > CLICK_SLOP_PX)) press = null;
  };
  const up = (e: StandInEvent) => {
    const pressed = press;
    press = null;
    const p = position(e);
    if (!pressed || !p || (e.button ?? 0) !== 0 || e.pointerId !== pressed.pointerId) return;
    if (Math.hypot(p.x - pressed.x, p.y - pressed.y) <= CLICK_SLOP_PX) onClick(p);
  };
  const cancel = () => {
    press = null;
  };
  const listeners: [string, (e: StandInEvent) => void][] = [
    ['pointerdown', down],
    ['pointermove', move],
    ['pointerup', up],
    ['pointercancel', cancel],
    ['pointerleave', cancel],
  ];
  for (const [type, fn] of listeners) element.addEventListener(type, fn);
  return () => {
    for (const [type, fn] of listeners) element.removeEventListener(type, fn);
  };
}
