import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ModelConfig } from '../../../shared/schema/model';
import type { RenderHandle } from '../../bridge/connection';
import { createModelQueue } from '../../bridge/models';
import { modelStatusStore } from '../model/modelStatus';
import type { ModelWidgetEvent } from '../model/events';
import { createModelConfigs } from './modelConfigs';
import { createModelEvents } from './modelEvents';
import { createModelNotices } from './modelNotices';
import type { NoticeSink } from './useNotices';
import { useLatest } from '../../host/useLatest';
import { ruleVariables } from '../../../shared/schema/rule-list';

const NO_MODELS: Readonly<Record<string, unknown>> = Object.freeze({});

export interface SpaceModelOptions {
  /** The space's model widgets by id, their configs as stored. */
  models?: Readonly<Record<string, unknown>>;
  notices: NoticeSink;
  /** A model widget's event for the host's actions. */
  onModelEvent?(id: string, name: ModelWidgetEvent, payload: unknown): void;
  /**
   * The host variables the models' rules read (sorted), told before the models go to the engine:
   * their forwarding starts first, so a settled() after the models sees their values sent too.
   */
  onVariableNames?(names: readonly string[]): void;
}

const mean = (values: Iterable<number>) => {
  const list = [...values];
  return list.length ? list.reduce((a, b) => a + b, 0) / list.length : null;
};

/**
 * The models of one 3D space: their configs parsed and queued for the engine (a model edit never
 * re-sends the scene settings), and the engine's model events handled in one place (load bar,
 * notices, each model's status for its panel, the widgets' events).
 */
export function useSpaceModels(handle: RefObject<RenderHandle | null>, opts: SpaceModelOptions) {
  const [progress, setProgress] = useState<number | null>(null);
  const emit = useLatest(opts.onModelEvent);
  const onVariableNames = useLatest(opts.onVariableNames);
  const [m] = useState(() => {
    /** Model loads in flight (share done each). */
    const loads = new Map<string, number>();
    const showLoads = () => setProgress(mean(loads.values()));
    const notices = createModelNotices(opts.notices);
    return {
      loads,
      showLoads,
      notices,
      configs: createModelConfigs(),
      queue: createModelQueue({
        set: (id, config) => void handle.current?.setModel(id, config),
        remove: (id) => void handle.current?.removeModel(id),
      }),
      onEvent: createModelEvents({
        load(id, share) {
          if (share === null) loads.delete(id);
          else loads.set(id, share);
          showLoads();
        },
        notices,
        status: modelStatusStore,
        emit: (id, name, payload) => emit.current?.(id, name, payload),
      }),
    };
  });
  const parsed = useRef<Record<string, ModelConfig>>({});

  useEffect(() => {
    const next = m.configs.parse(opts.models ?? NO_MODELS);
    // A model removed mid-load or after failing sends no further event: forget it here, or the
    // load bar, the error notice and its status would stay for good.
    const gone = (id: string) => !(id in next);
    for (const id of Object.keys(parsed.current)) if (gone(id)) modelStatusStore.clear(id);
    if ([...m.loads.keys()].some(gone)) {
      for (const id of [...m.loads.keys()]) if (gone(id)) m.loads.delete(id);
      m.showLoads();
    }
    m.notices.keepOnly((id) => !gone(id));
    parsed.current = next;
    const names = new Set<string>();
    for (const c of Object.values(next)) for (const n of ruleVariables(c.rules)) names.add(n);
    // Told here, in the same effect, not through a state and a later render: under load that
    // render came after the engine had the rules and had settled (a value written then was not sent yet).
    onVariableNames.current?.([...names].sort());
    if (handle.current) m.queue.push(next);
  }, [opts.models, m, handle, onVariableNames]);

  // The space unmounted: its models' statuses go with it.
  useEffect(
    () => () => {
      for (const id of Object.keys(parsed.current)) modelStatusStore.clear(id);
    },
    [],
  );

  return {
    /** Share of the model loads in flight done, or null when none is loading. */
    progress,
    onEvent: m.onEvent,
    /** An engine starts: the models it starts with (what was said about the last engine's loads is void). */
    starting(): Readonly<Record<string, ModelConfig>> {
      m.loads.clear();
      m.notices.clear();
      return parsed.current;
    },
    /** The engine started with `atStart`: from now on changes go to it as they come. */
    started(atStart: Readonly<Record<string, ModelConfig>>) {
      m.queue.reset(atStart);
      // Changes made while the engine was starting.
      if (parsed.current !== atStart) m.queue.push(parsed.current);
    },
    stopped() {
      m.queue.dispose();
    },
  };
}
