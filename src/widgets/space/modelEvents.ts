import type { EngineEvent } from '../../../shared/protocol';
import type { ModelMessage, ModelNotices } from './modelNotices';
import { EMPTY_STATUS, type ModelStatus, type ModelStatusStore } from '../model/modelStatus';
import type { ModelWidgetEvent } from '../model/events';

/** Engine events that concern one model widget (they all carry its id). */
export type ModelEngineEvent = Extract<EngineEvent, { id: string; type: `model-${string}` }>;

/** Where a space's model events go; each part is optional (a panel test feeds the status alone). */
export interface ModelEventTargets {
  /** The share of a model's load done (0..1), or null once its load ended. */
  load?(id: string, share: number | null): void;
  /** The scene's corner notices about failed, damaged and decimated models. */
  notices?: Pick<ModelNotices, 'result' | 'warning'>;
  /** What the model's settings panel shows: its state, tree, clips and problems. */
  status?: Pick<ModelStatusStore, 'get' | 'set'>;
  /** The model widget's event for the host's actions (MODEL_EVENTS). */
  emit?(id: string, name: ModelWidgetEvent, payload: unknown): void;
}

/** Download counts for most of a load; parsing and GPU upload for the last fifth. */
function loadShare(e: Extract<ModelEngineEvent, { type: 'model-progress' }>): number {
  const done = e.total > 0 ? e.loaded / e.total : null;
  return Math.min(1, e.phase === 'download' ? (done === null ? 0.4 : done * 0.8) : 0.8 + 0.2 * (done ?? 0));
}

/** The status's coded messages, with this one added when it carries a code. */
const withCode = (cur: ModelStatus, m: ModelMessage): ModelStatus['coded'] =>
  m.code ? { ...cur.coded, [m.message]: { code: m.code, params: m.params ?? {} } } : cur.coded;

/**
 * A space's one handler of its engine's model events: each event is read here, once, and becomes
 * the load bar's share, the scene's notices, the model's status for its panel and the model
 * widget's event for the host.
 */
export function createModelEvents(to: ModelEventTargets): (e: ModelEngineEvent) => void {
  const status = (id: string, next: (cur: ModelStatus) => ModelStatus) => {
    if (to.status) to.status.set(id, next(to.status.get(id)));
  };
  return (e) => {
    switch (e.type) {
      case 'model-progress':
        to.load?.(e.id, loadShare(e));
        status(e.id, (cur) => (cur.state === 'loading' ? cur : { ...cur, state: 'loading', error: null, warnings: [] }));
        to.emit?.(e.id, 'progress', { phase: e.phase, loaded: e.loaded, total: e.total });
        return;
      case 'model-loaded':
        to.load?.(e.id, null);
        to.notices?.result(e.id);
        // Warnings that came during this load stay; older ones were about the previous file.
        status(e.id, (cur) => ({ state: 'ready', info: e.info, error: null, warnings: cur.state === 'loading' ? cur.warnings : [] }));
        to.emit?.(e.id, 'loaded', e.info);
        return;
      case 'model-cleared':
        to.load?.(e.id, null);
        to.notices?.result(e.id);
        status(e.id, () => EMPTY_STATUS);
        return;
      case 'model-error':
        console.error(`[dash3d] model ${e.id}:`, e.message);
        to.load?.(e.id, null);
        to.notices?.result(e.id, e);
        status(e.id, (cur) => ({ state: 'error', info: null, error: e.message, warnings: cur.warnings, coded: withCode(cur, e) }));
        to.emit?.(e.id, 'error', { message: e.message });
        return;
      case 'model-warning':
        console.warn(`[dash3d] model ${e.id}:`, e.message);
        to.notices?.warning(e.id, e);
        status(e.id, (cur) => ({ ...cur, warnings: [...cur.warnings, e.message], coded: withCode(cur, e) }));
        return;
      case 'model-rejected':
        // The main thread sends only configs that parsed: the two sides disagree about the schema.
        console.error(`[dash3d] model ${e.id}: the engine refused its config:`, e.issues);
        return;
      case 'model-pointer':
        to.emit?.(e.id, e.event, { name: e.name, uuid: e.uuid, point: e.point });
        return;
    }
  };
}
