import type { ElementStandIn, StandInEvent } from './element';

/** Pointer travel (CSS px) between press and release beyond which a mouse press was a drag (an orbit), not a click. */
export const CLICK_SLOP_PX = 5;
/**
 * The same for a finger or a pen: a fingertip rolls a few pixels as it lands and lifts, and a tap
 * that wobbled 6 px is still a tap to the person who made it (Android's touch slop is 8 dp).
 */
export const TOUCH_SLOP_PX = 10;

export const slopFor = (pointerType: string | undefined) =>
  pointerType === 'touch' || pointerType === 'pen' ? TOUCH_SLOP_PX : CLICK_SLOP_PX;

/** Where a pointer event is on the canvas (CSS px), or null outside it (a captured drag can leave it). */
export function canvasPoint(element: ElementStandIn, e: StandInEvent): { x: number; y: number } | null {
  const rect = element.getBoundingClientRect();
  const x = e.offsetX ?? (e.clientX ?? NaN) - rect.left;
  const y = e.offsetY ?? (e.clientY ?? NaN) - rect.top;
  return x >= 0 && y >= 0 && x <= rect.width && y <= rect.height ? { x, y } : null;
}

export interface Taps {
  down(e: StandInEvent): void;
  move(e: StandInEvent): void;
  /** The release of a tap: where it was (canvas CSS px), or null when the press was no tap. */
  up(e: StandInEvent): { x: number; y: number } | null;
  /** pointercancel, pointerleave: the pointer is gone, its press is no tap. */
  cancel(e: StandInEvent): void;
}

/**
 * What counts as a click on the canvas, for model picking and data cards alike: a press and
 * release of the primary button by one pointer that stayed within the slop (an orbit drag is no
 * click). A press while another finger is down is part of a pinch or a two-finger pan, so no
 * finger of that gesture taps. A long press never reaches here as one: it is a right press
 * (engine/longPress.ts).
 */
export function createTaps(element: ElementStandIn): Taps {
  let press: { x: number; y: number; pointerId: number | undefined; slop: number } | null = null;
  /** Touch pointers down now; a primary press starts afresh, so a lost release cannot stick. */
  const touching = new Set<number | undefined>();

  return {
    down(e) {
      if (e.isPrimary !== false) touching.clear();
      if (e.pointerType === 'touch') touching.add(e.pointerId);
      const p = canvasPoint(element, e);
      press = p && touching.size <= 1 && (e.button ?? 0) === 0 ? { ...p, pointerId: e.pointerId, slop: slopFor(e.pointerType) } : null;
    },
    move(e) {
      if (!press || e.pointerId !== press.pointerId) return;
      const p = canvasPoint(element, e);
      if (!p || Math.hypot(p.x - press.x, p.y - press.y) > press.slop) press = null;
    },
    up(e) {
      touching.delete(e.pointerId);
      const pressed = press;
      if (!pressed || e.pointerId !== pressed.pointerId) return null;
      press = null;
      const p = canvasPoint(element, e);
      if (!p || (e.button ?? 0) !== 0 || Math.hypot(p.x - pressed.x, p.y - pressed.y) > pressed.slop) return null;
      return p;
    },
    cancel(e) {
      touching.delete(e.pointerId);
      if (press && e.pointerId === press.pointerId) press = null;
    },
  };
}
