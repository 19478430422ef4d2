import { useSyncExternalStore } from 'react';
import type { EngineEvent, ModelInfo } from '../../../shared/protocol';
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

const EMPTY: ModelStatus = Object.freeze({ state: 'empty', info: null, error: null, warnings: [] });

/** `coded` with the event's message added when it carries a code. */
const withCode = (cur: ModelStatus, e: { message: string; code?: ModelNotice['code']; params?: ModelNotice['params'] }) =>
  e.code ? { ...cur.coded, [e.message]: { code: e.code, params: e.params ?? {} } } : cur.coded;
const statuses = new Map<string, ModelStatus>();
const listeners = new Map<string, Set<() => void>>();

function set(id: string, next: ModelStatus) {
  statuses.set(id, next);
  listeners.get(id)?.forEach((l) => l());
}

/**
 * Keyed by model widget id, outside React trees: a host renders a widget's settings panel apart
 * from the space that loads the model, and both must see the same tree and clip list.
 */
export const modelStatusStore = {
  get(id: string): ModelStatus {
    return statuses.get(id) ?? EMPTY;
  },
  subscribe(id: string, fn: () => void): () => void {
    let set = listeners.get(id);
    if (!set) listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => void set!.delete(fn);
  },
  /** Feed a model event of a space's engine. */
  event(e: EngineEvent): void {
    if (!('id' in e)) return;
    const cur = modelStatusStore.get(e.id);
    if (e.type === 'model-progress') {
      if (cur.state !== 'loading') set(e.id, { ...cur, state: 'loading', error: null, warnings: [] });
    } else if (e.type === 'model-loaded') set(e.id, { state: 'ready', info: e.info, error: null, warnings: cur.state === 'loading' ? cur.warnings : [] });
    else if (e.type === 'model-cleared') set(e.id, EMPTY);
    else if (e.type === 'model-error') set(e.id, { state: 'error', info: null, error: e.message, warnings: cur.warnings, coded: withCode(cur, e) });
    else if (e.type === 'model-warning') set(e.id, { ...cur, warnings: [...cur.warnings, e.message], coded: withCode(cur, e) });
  },
  /** The widget left its space (or the space unmounted). */
  clear(id: string): void {
    if (statuses.delete(id)) listeners.get(id)?.forEach((l) => l());
  },
};

export function useModelStatus(id: string): ModelStatus {
  return useSyncExternalStore(
    (fn) => modelStatusStore.subscribe(id, fn),
    () => modelStatusStore.get(id),
  );
}
