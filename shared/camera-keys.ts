/**
 * The keys that move a focused space's camera (issue 42 point 1), read by the page (which keeps
 * them from scrolling it or reaching the host) and by the render worker (which moves the camera).
 * By `KeyboardEvent.key`, so + and - are where the keyboard's layout puts them; never with Ctrl,
 * Alt or Meta (the host's shortcuts, Ctrl+Z above all, pass through).
 */
export type KeyAction =
  { kind: 'orbit'; dx: number; dy: number } | { kind: 'pan'; dx: number; dy: number } | { kind: 'zoom'; in: boolean } | { kind: 'home' };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface KeyLike {
  key?: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** What a key press does to an orbiting camera, or null when the key is not the camera's. */
export function keyAction(e: KeyLike): KeyAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey || typeof e.key !== 'string') return null;
  const arrow = ARROWS[e.key];
  if (arrow) return { kind: e.shiftKey ? 'pan' : 'orbit', dx: arrow[0], dy: arrow[1] };
  if (e.key === '+' || e.key === '=' || e.key === 'PageUp') return { kind: 'zoom', in: true };
  if (e.key === '-' || e.key === '_' || e.key === 'PageDown') return { kind: 'zoom', in: false };
  if (e.key === 'Home') return { kind: 'home' };
  return null;
}
