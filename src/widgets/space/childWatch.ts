import type { ChildBounds } from '../../../shared/overlays';
import type { RenderHandle } from '../../bridge/connection';

export type ChildBoundsListener = (bounds: Readonly<Record<string, ChildBounds>>) => void;

const STATES: ReadonlySet<string> = new Set(['shown', 'out-of-view', 'hidden']);

/** Sent by the worker: checked before a host places anything by it. */
function valid(b: ChildBounds | null): b is ChildBounds {
  return (
    b !== null &&
    typeof b === 'object' &&
    [b.x, b.y, b.width, b.height].every((v) => typeof v === 'number' && Number.isFinite(v)) &&
    STATES.has(b.state)
  );
}

/**
 * Where a space's 3D children are drawn, for a host's edit frames (issue 19), and the child the
 * host selected. The engine works bounds out only while someone watches; each engine that starts
 * (a restart, the space back in view) is told again, and so is the selection.
 */
export function createChildWatch() {
  let bounds: Readonly<Record<string, ChildBounds>> = {};
  let selected: string | null = null;
  let engine: RenderHandle | null = null;
  const listeners = new Set<ChildBoundsListener>();
  const selectionListeners = new Set<() => void>();
  const notify = () => {
    for (const l of [...listeners]) l(bounds);
  };
  const merge = (changes: Record<string, ChildBounds | null>) => {
    const next: Record<string, ChildBounds> = { ...bounds };
    for (const [id, b] of Object.entries(changes)) {
      if (valid(b)) next[id] = { x: b.x, y: b.y, width: b.width, height: b.height, state: b.state };
      else delete next[id];
    }
    bounds = next;
    notify();
  };
  const tell = () => {
    const h = engine;
    if (!h) return;
    const on = listeners.size > 0;
    // Fire and forget: an engine that went away meanwhile is told again when the next one starts.
    void h
      .watchChildren(on)
      .then((now) => {
        if (on && engine === h) merge(now);
      })
      .catch(() => undefined);
  };

  return {
    started(h: RenderHandle) {
      engine = h;
      bounds = {};
      notify();
      tell();
      if (selected !== null) void h.setSelection(selected).catch(() => undefined);
    },
    stopped() {
      engine = null;
    },
    /** The engine's 'child-bounds' event. */
    receive: merge,
    /** Calls `listener` now and whenever a child's bounds change; returns the way to stop. */
    watch(listener: ChildBoundsListener): () => void {
      listeners.add(listener);
      listener(bounds);
      if (listeners.size === 1) tell();
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) tell();
      };
    },
    selected: () => selected,
    /** Selection changes (a React store's subscribe). */
    onSelection(listener: () => void) {
      selectionListeners.add(listener);
      return () => void selectionListeners.delete(listener);
    },
    select(id: string | null) {
      if (id !== selected) queueMicrotask(() => selectionListeners.forEach((l) => l()));
      selected = id;
      void engine?.setSelection(id).catch(() => undefined);
    },
  };
}

export type ChildWatch = ReturnType<typeof createChildWatch>;
