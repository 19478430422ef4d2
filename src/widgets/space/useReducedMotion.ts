import { useSyncExternalStore } from 'react';

/**
 * Whether a space moves less (issue 42 point 4): 'auto' follows the viewer's
 * `prefers-reduced-motion`, 'reduce' and 'full' are a host's (or its viewer's, through the host's
 * own settings) choice over it. What it stops is the engine's business (worker/engine/motion.ts).
 */
export type MotionChoice = 'auto' | 'reduce' | 'full';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof matchMedia === 'function' ? matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}

const prefersReduced = () => media()?.matches ?? false;

/** The reduced-motion answer now, and again whenever the viewer's preference changes. */
export function useReducedMotion(choice: MotionChoice = 'auto'): boolean {
  // The server's answer: full motion (no preference is known there; the page's first render corrects it).
  const preferred = useSyncExternalStore(subscribe, prefersReduced, () => false);
  return choice === 'reduce' || (choice === 'auto' && preferred);
}
