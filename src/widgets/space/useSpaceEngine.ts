import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EngineEvent } from '../../../shared/protocol';
import { SpaceConfigSchema, type SpaceConfig } from '../../../shared/schema/space';
import { toIssues, type SchemaIssue } from '../../../shared/schema/common';
import { repairParse } from '../../../shared/schema/repair';
import { connect, type RenderHandle } from '../../bridge/connection';
import { canRenderInWorker } from '../../bridge/capability';
import { createPatchQueue } from '../../bridge/coalesce';
import { viewSize, watchSize } from '../../bridge/size';

/** Restarts in one mount before the space shows its error panel instead. */
const MAX_RESTARTS = 3;

export type SpaceState = 'loading' | 'ready' | 'error';
export interface Notice {
  key: string;
  detail?: string;
}

export interface EngineOptions {
  config: unknown;
  forceMainThread?: boolean;
  heartbeat?: { intervalMs?: number; silentTicks?: number };
  onEvent?(event: EngineEvent): void;
}

/**
 * Owns one render engine for a 3D space: starts it (worker, or main thread where workers cannot
 * render), feeds it parsed config changes, and restarts it without user scripts when it dies or
 * stops answering.
 */
export function useSpaceEngine(host: RefObject<HTMLDivElement | null>, opts: EngineOptions) {
  const [state, setState] = useState<SpaceState>('loading');
  const [progress, setProgress] = useState({ loaded: 0, total: 0 });
  const [issues, setIssues] = useState<SchemaIssue[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [run, setRun] = useState({ generation: 0, scriptsEnabled: true });
  const handle = useRef<RenderHandle | null>(null);
  const onEvent = useRef(opts.onEvent);
  onEvent.current = opts.onEvent;
  const lastValid = useRef<SpaceConfig | null>(null);
  const queue = useRef(createPatchQueue((patch) => void handle.current?.patchConfig(patch)));

  const addNotice = (n: Notice) => setNotices((list) => [...list.filter((x) => x.key !== n.key), n]);
  const dropNotice = (key: string) => setNotices((list) => list.filter((x) => x.key !== key));

  // Every config change is parsed here first; an invalid one is shown, never sent.
  useEffect(() => {
    const r = SpaceConfigSchema.safeParse(opts.config);
    if (!r.success) {
      if (!lastValid.current) lastValid.current = repairParse(SpaceConfigSchema, opts.config).value;
      setIssues(toIssues(r.error));
      return;
    }
    setIssues([]);
    lastValid.current = r.data;
    queue.current.push(r.data);
  }, [opts.config]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let cancelled = false;
    let current: RenderHandle | null = null;
    const config = lastValid.current ?? repairParse(SpaceConfigSchema, opts.config).value;
    setState('loading');

    const handleEvent = (e: EngineEvent) => {
      if (cancelled) return;
      if (e.type === 'progress') setProgress({ loaded: e.loaded, total: e.total });
      else if (e.type === 'ready') setState('ready');
      else if (e.type === 'config-rejected') setIssues(e.issues);
      else if (e.type === 'context-lost') addNotice({ key: 'notice.contextLost' });
      else if (e.type === 'context-restored') dropNotice('notice.contextLost');
      else if (e.type === 'script-error') {
        console.error(`[dash3d] script error in ${e.hook}:`, e.message);
        addNotice({ key: 'error.script', detail: `${e.hook}: ${e.message}` });
      } else if (e.type === 'log') console[e.level]('[dash3d script]', e.message);
      else if (e.type === 'error') {
        console.error('[dash3d]', e.code, e.message);
        if (e.fatal) setState('error');
      }
      onEvent.current?.(e);
    };

    const onCrash = (reason: 'silent' | 'crashed', detail: string) => {
      if (cancelled) return;
      if (run.generation >= MAX_RESTARTS) {
        // A worker that keeps dying would otherwise restart forever: give up and say so.
        console.error(`[dash3d] render worker ${reason} (${detail}) after ${MAX_RESTARTS} restarts: giving up.`);
        cancelled = true;
        setState('error');
        return;
      }
      console.warn(`[dash3d] render worker ${reason} (${detail}): restarting without user scripts.`);
      addNotice({ key: reason === 'silent' ? 'notice.scriptsDisabled' : 'notice.restarted', detail });
      setRun((r) => ({ generation: r.generation + 1, scriptsEnabled: false }));
    };

    const start = async (mode: 'worker' | 'main') =>
      connect({
        host: el,
        mode,
        size: viewSize(el),
        config,
        scriptsEnabled: run.scriptsEnabled,
        onEvent: handleEvent,
        onCrash,
        heartbeat: opts.heartbeat,
        wantsPointerLock: () => lastValid.current?.controlConfig.controlType === 'pointerLock',
      });

    (async () => {
      const preferWorker = !opts.forceMainThread && canRenderInWorker();
      try {
        current = await start(preferWorker ? 'worker' : 'main').catch((err) => {
          if (!preferWorker) throw err;
          console.warn('[dash3d] worker rendering failed, trying the main thread:', err);
          return start('main');
        });
      } catch (err) {
        if (cancelled) return;
        console.error('[dash3d] the 3D scene could not start:', err);
        setState('error');
        return;
      }
      if (cancelled) return current.dispose();
      if (current.mode === 'main') addNotice({ key: 'notice.fallback' });
      handle.current = current;
      queue.current.reset(config);
      // Changes made while the engine was starting.
      if (lastValid.current && lastValid.current !== config) queue.current.push(lastValid.current);
    })();

    const stopWatch = watchSize(el, (size) => handle.current?.resize(size));
    return () => {
      cancelled = true;
      stopWatch();
      queue.current.dispose();
      current?.dispose();
      if (handle.current === current) handle.current = null;
    };
    // The engine restarts only on a new run; config changes travel as patches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run.generation, opts.forceMainThread]);

  return { state, progress, issues, notices, handle, restarts: run.generation, scriptsEnabled: run.scriptsEnabled };
}
