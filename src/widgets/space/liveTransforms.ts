import { useSyncExternalStore } from 'react';
import type { ModelTransform } from '../../../shared/protocol';

type Placement = Omit<ModelTransform, 'id'>;

/**
 * A model's placement while the transform gizmo drags it (issue 19 point 4): the settings panel
 * shows it live, though the host hears of it only once, when the drag ends. By model widget id,
 * for the page (panels and spaces share no React tree).
 */
const live = new Map<string, Placement>();
const listeners = new Set<() => void>();
let version = 0;
/** No version the page has: what a server render (and the hydration of its HTML) sees. */
const NO_DRAG = -1;
const noDrag = () => NO_DRAG;
const changed = () => {
  version++;
  for (const l of [...listeners]) l();
};

export const liveTransforms = {
  set(id: string, placement: Placement | null) {
    if (placement) live.set(id, placement);
    else if (!live.delete(id)) return;
    changed();
  },
  get: (id: string) => live.get(id) ?? null,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The model's placement while the gizmo drags it, or null. */
export function useLiveTransform(id: string): Placement | null {
  // The server's snapshot: no drag on a server, so a hydrating client shows none either.
  const seen = useSyncExternalStore(liveTransforms.subscribe, () => version, noDrag);
  return seen === NO_DRAG ? null : liveTransforms.get(id);
}
