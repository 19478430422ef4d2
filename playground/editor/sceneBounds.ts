import { useSyncExternalStore } from 'react';
import type { ChildBounds, ThreeDSpaceHandle } from 'dash3d';
import { spaceHandles } from '../testHook';

/**
 * Where the 3D children of every space on the canvas are drawn (the plug-in's watchChildren), and
 * which of them the editor selected (setSelection): the edit frames of models, cards and groups sit
 * where the scene draws them and follow the camera (issue 19). Watched only while editing.
 */
export function createSceneBounds() {
  const handles = new Map<string, ThreeDSpaceHandle>();
  const stops = new Map<string, () => void>();
  const bySpace = new Map<string, Readonly<Record<string, ChildBounds>>>();
  const listeners = new Set<() => void>();
  const refs = new Map<string, (h: ThreeDSpaceHandle | null) => void>();
  let editing = false;
  let selected: string | null = null;
  let version = 0;
  const notify = () => {
    version++;
    for (const l of [...listeners]) l();
  };

  const watch = (spaceId: string) => {
    const h = handles.get(spaceId);
    if (!h || !editing || stops.has(spaceId)) return;
    stops.set(
      spaceId,
      h.watchChildren((b) => {
        bySpace.set(spaceId, b);
        notify();
      }),
    );
  };
  const unwatch = (spaceId: string) => {
    stops.get(spaceId)?.();
    stops.delete(spaceId);
    if (bySpace.delete(spaceId)) notify();
  };

  const store = {
    /** A space's ref callback: one per space (re-renders do not detach it); the test hook sees the handle too. */
    refFor(spaceId: string) {
      let ref = refs.get(spaceId);
      if (!ref) {
        const forTests = spaceHandles.refFor(spaceId);
        ref = (h) => {
          forTests(h);
          store.attach(spaceId, h);
        };
        refs.set(spaceId, ref);
      }
      return ref;
    },
    /** A space's handle (its ref), or null when it unmounts. */
    attach(spaceId: string, handle: ThreeDSpaceHandle | null) {
      if (handles.get(spaceId) === handle) return;
      unwatch(spaceId);
      if (handle) {
        handles.set(spaceId, handle);
        handle.setSelection(selected);
        watch(spaceId);
      } else handles.delete(spaceId);
    },
    setEditing(on: boolean) {
      if (on === editing) return;
      editing = on;
      for (const id of handles.keys()) (on ? watch : unwatch)(id);
    },
    /** The editor's selection: outlined by the space that holds it (the others hear null). */
    setSelected(id: string | null) {
      if (id === selected) return;
      selected = id;
      for (const h of handles.values()) h.setSelection(id);
    },
    /** Where a child is drawn, or null (not a 3D child, not watched, nothing drawn yet). */
    boundsOf(childId: string): ChildBounds | null {
      for (const b of bySpace.values()) if (b[childId]) return b[childId];
      return null;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    version: () => version,
  };
  return store;
}

export type SceneBounds = ReturnType<typeof createSceneBounds>;

/** Where `childId` is drawn now, re-rendering when it moves. */
export function useChildBounds(scene: SceneBounds, childId: string): ChildBounds | null {
  useSyncExternalStore(scene.subscribe, scene.version);
  return scene.boundsOf(childId);
}
