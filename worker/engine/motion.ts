/*
 * Reduced motion (issue 42 point 4): what the viewer's `prefers-reduced-motion`, or the host's
 * choice over it, asks of this worker's engine. The page decides (src/widgets/space/useMotion.ts)
 * and tells the worker at init and on every change. While it is reduced: auto-rotate stops, camera
 * flights (snapshots, Home) jump, blinking cards and blinking rules stay lit, and model animations
 * the designer marked decorative do not play. What shows data keeps moving: a rule's spin at the
 * speed of its variable, a flow along a pipe.
 *
 * One value per worker (one engine each); the main-thread fallback's engines share the page's.
 */

let reduced = false;
const listeners = new Set<() => void>();

export const reducedMotion = (): boolean => reduced;

/** The page's word (checked: anything but true is full motion). Listeners run only on a change. */
export function setReducedMotion(next: unknown): void {
  const value = next === true;
  if (value === reduced) return;
  reduced = value;
  for (const fn of [...listeners]) fn();
}

/** Runs `fn` whenever reduced motion turns on or off; returns the unsubscribe. */
export function onMotionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}
