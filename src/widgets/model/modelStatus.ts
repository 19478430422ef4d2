import { useSyncExternalStore } from 'react';
import type { ModelInfo } from '../../../shared/protocol';
import type { ModelNotice } from '../../../shared/model-notices';

/** What the main thread knows about one model widget's file, from its space's engine events. */
export interface ModelStatus {
  state: 'empty' | 'loading' | 'ready' | 'error';
  /** The loaded file's tree, clips and materials; kept through a reload until the new one arrives. */
  info: ModelInfo | null;
  error: string | null;
  warnings: readonly string[];
  /** Coded messages among error and warnings (a limit, a decimated cloud), by their English text: shown translated. */
  coded?: Readonly<Record<string, ModelNotice>>;
}

export const EMPTY_STATUS: ModelStatus = Object.freeze({ state: 'empty', info: null, error: null, warnings: [] });

const statuses = new Map<string, ModelStatus>();
const listeners = new Map<string, Set<() => void>>();
const tell = (id: string) => listeners.get(id)?.forEach((l) => l());

/**
 * Keyed by model widget id, outside React trees: a host renders a widget's settings panel apart
 * from the space that loads the model, and both must see the same tree and clip list. Written by
 * the space's model event handler (src/widgets/space/modelEvents.ts), read by the panel.
 */
export const modelStatusStore = {
  get(id: string): ModelStatus {
    return statuses.get(id) ?? EMPTY_STATUS;
  },
  subscribe(id: string, fn: () => void): () => void {
    let set = listeners.get(id);
    if (!set) listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => void set.delete(fn);
  },
  set(id: string, next: ModelStatus): void {
    if (modelStatusStore.get(id) === next) return;
    statuses.set(id, next);
    tell(id);
  },
  /** The model left its space (or the space unmounted). */
  clear(id: string): void {
    if (statuses.delete(id)) tell(id);
  },
};

export type ModelStatusStore = typeof modelStatusStore;

export function useModelStatus(id: string): ModelStatus {
  return useSyncExternalStore(
    (fn) => modelStatusStore.subscribe(id, fn),
    () => modelStatusStore.get(id),
    // A server loads no model: what a client shows until its space's engine reports.
    () => EMPTY_STATUS,
  );
}
