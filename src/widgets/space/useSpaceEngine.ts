import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EngineEvent } from '../../../shared/protocol';
import { SpaceConfigSchema, type SpaceConfig } from '../../../shared/schema/space';
import { toIssues, type SchemaIssue } from '../../../shared/schema/common';
import { repairParse } from '../../../shared/schema/repair';
import { connect, type RenderHandle } from '../../bridge/connection';
import { canRenderInWorker } from '../../bridge/capability';
import { createPatchQueue } from '../../bridge/coalesce';
import { createModelQueue } from '../../bridge/models';
import { viewSize, watchSize } from '../../bridge/size';
import type { HeartbeatOptions } from '../../bridge/heartbeat';
import { ModelLimitsSchema } from '../../../shared/schema/limits';
import { createModelNotices } from './modelNotices';
import type { NoticeText } from './noticeText';
import type { ChunkOptions } from '../../bridge/chunks';
import { ChunkLoadError, chunkFailureOf } from '../../../shared/chunks';
import { ChunkFailureSchema, type ChunkFailure } from '../../../shared/schema/chunks';
import { useLiveContext } from './useLiveContext';

const NO_MODELS: Readonly<Record<string, unknown>> = Object.freeze({});

/** Restarts in one mount before the space shows its error panel instead. */
const MAX_RESTARTS = 3;

export type SpaceState = 'loading' | 'ready' | 'error';
export type { NoticeText };
export interface Notice {
  key: string;
  detail?: string;
  /** Shown instead of the key's own text (a notice per model keys itself by the model). */
  text?: NoticeText;
  /** Lines under the notice (each failed model's reason). */
  details?: NoticeText[];
}

export interface EngineOptions {
  config: unknown;
  /** The space's model widgets by id (their configs as stored; the worker parses them). */
  models?: Readonly<Record<string, unknown>>;
  forceMainThread?: boolean;
  heartbeat?: HeartbeatOptions;
  /**
   * Whether the document's user code may run (src/host/consent.ts). Turning it on restarts the
   * engine with scripts on; turning it off restarts it with scripts off.
   */
  scriptsAllowed: boolean;
  /** Origins assets may load from (the media library's and the host's list). */
  allowedOrigins: readonly string[];
  /** The host's per-model caps (ThreeDHost.limits), read when the engine starts. */
  limits?: unknown;
  chunks?: ChunkOptions;
  /** The page's cap on live WebGL contexts (src/bridge/visibility.ts). */
  liveContexts?: number;
  onEvent?(event: EngineEvent): void;
}

/**
 * Owns one render engine for a 3D space: starts it (worker, or main thread where workers cannot
 * render), feeds it parsed config changes, and restarts it without user scripts when it dies or
 * stops answering. It runs only while the space holds a live context (in view, within the page's
 * cap: useLiveContext); a released space shows its last frame and starts again when back in view.
 */
export function useSpaceEngine(host: RefObject<HTMLDivElement | null>, opts: EngineOptions) {
  const [state, setState] = useState<SpaceState>('loading');
  const [progress, setProgress] = useState({ loaded: 0, total: 0 });
  const [issues, setIssues] = useState<SchemaIssue[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [run, setRun] = useState(() => ({ generation: 0, scriptsEnabled: opts.scriptsAllowed }));
  const allowed = useRef(opts.scriptsAllowed);
  /** Material code the worker did not run because user code is off (for the consent notice). */
  const [heldCode, setHeldCode] = useState<{ what: 'shaderCode' | 'frameScript'; file: string }[]>([]);
  const origins = useRef(opts.allowedOrigins);
  origins.current = opts.allowedOrigins;
  /** A part of the engine that did not load (spec §8): the space is in error until a Retry works. */
  const [chunkFailure, setChunkFailure] = useState<ChunkFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setChunkFailure(null);
    setAttempt((n) => n + 1);
  };
  const chunks = useRef(opts.chunks);
  chunks.current = opts.chunks;
  const handle = useRef<RenderHandle | null>(null);
  const scriptsOn = useRef(run.scriptsEnabled);
  scriptsOn.current = run.scriptsEnabled;
  const onEvent = useRef(opts.onEvent);
  onEvent.current = opts.onEvent;
  const lastValid = useRef<SpaceConfig | null>(null);
  // The last valid config as state, for the overlays drawn from it (loading screen, snapshot bar).
  const [valid, setValid] = useState<SpaceConfig>(() => repairParse(SpaceConfigSchema, opts.config).value);
  const queue = useRef(createPatchQueue((patch) => void handle.current?.patchConfig(patch)));
  const models = useRef<Readonly<Record<string, unknown>>>(opts.models ?? NO_MODELS);
  models.current = opts.models ?? NO_MODELS;
  const modelQueue = useRef(
    createModelQueue({
      set: (id, config) => void handle.current?.setModel(id, config),
      remove: (id) => void handle.current?.removeModel(id),
    }),
  );
  const limits = useRef(opts.limits);
  limits.current = opts.limits;
  /** Model loads in flight (fraction done each). */
  const modelLoads = useRef(new Map<string, number>());
  const [modelProgress, setModelProgress] = useState<number | null>(null);
  const stateNow = useRef(state);
  stateNow.current = state;
  const context = useLiveContext(host, handle, () => stateNow.current === 'ready', opts.liveContexts);
  useEffect(() => {
    if (state !== 'loading') context.drawn();
    // Only the state matters: `context` is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const addNotice = (n: Notice) => setNotices((list) => [...list.filter((x) => x.key !== n.key), n]);
  const dropNotice = (key: string) => setNotices((list) => list.filter((x) => x.key !== key));
  /** Failed, damaged and decimated models, as notices in the scene's corner. */
  const modelNotices = useRef(createModelNotices({ add: addNotice, drop: dropNotice }));

  // Consent given (or withdrawn by the host): a fresh engine with user code on (off). Only a change
  // counts: scripts turned off after a hang stay off until the script is edited.
  useEffect(() => {
    if (allowed.current === opts.scriptsAllowed) return;
    allowed.current = opts.scriptsAllowed;
    if (opts.scriptsAllowed) dropNotice('notice.scriptsDisabled');
    setRun((x) => ({ generation: x.generation + 1, scriptsEnabled: opts.scriptsAllowed }));
  }, [opts.scriptsAllowed]);

  // Every config change is parsed here first; an invalid one is shown, never sent.
  useEffect(() => {
    const r = SpaceConfigSchema.safeParse(opts.config);
    if (!r.success) {
      if (!lastValid.current) lastValid.current = repairParse(SpaceConfigSchema, opts.config).value;
      setIssues(toIssues(r.error));
      return;
    }
    setIssues([]);
    const scriptEdited = lastValid.current !== null && lastValid.current.script !== r.data.script;
    lastValid.current = r.data;
    setValid(r.data);
    if (scriptEdited && !scriptsOn.current && allowed.current) {
      // The designer changed the script that hung: give the new one a fresh worker with scripts on.
      dropNotice('notice.scriptsDisabled');
      setRun((x) => ({ generation: x.generation + 1, scriptsEnabled: true }));
      return;
    }
    queue.current.push(r.data);
  }, [opts.config]);

  // Model configs travel on their own queue: a model edit never re-sends the scene settings.
  useEffect(() => {
    // A model removed mid-load or after failing sends no further event: forget it here, or the
    // load bar and the error notice would stay for good.
    const gone = (id: string) => !(id in models.current);
    const loads = modelLoads.current;
    if ([...loads.keys()].some(gone)) {
      for (const id of [...loads.keys()]) if (gone(id)) loads.delete(id);
      setModelProgress(loads.size ? [...loads.values()].reduce((a, b) => a + b, 0) / loads.size : null);
    }
    modelNotices.current.keepOnly((id) => !gone(id));
    if (handle.current) modelQueue.current.push(models.current);
  }, [opts.models]);

  useEffect(() => {
    const el = host.current;
    if (!el || !context.live) return;
    let cancelled = false;
    let current: RenderHandle | null = null;
    const abort = new AbortController();
    const config = lastValid.current ?? valid;
    const modelsAtStart = models.current;
    modelLoads.current.clear();
    setHeldCode([]);
    modelNotices.current.clear();
    // Coming back into view, the space shows its last frame until the new engine drew it again.
    if (!context.resuming()) setState('loading');
    // The host's caps are parsed here first; a bad one is shown and its default used.
    const caps = repairParse(ModelLimitsSchema, limits.current ?? {});
    if (caps.issues.length) {
      console.error('[dash3d] invalid model limits:', caps.issues);
      setIssues((list) => [...list, ...caps.issues.map((i) => ({ ...i, path: `limits.${i.path}` }))]);
    }

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
      else if (e.type === 'user-code-held') {
        const held = { what: e.what, file: e.file };
        setHeldCode((list) => (list.some((x) => x.what === held.what && x.file === held.file) ? list : [...list, held]));
      } else if (e.type === 'chunk-failed') {
        // Sent by the worker: checked before it is shown.
        const r = ChunkFailureSchema.safeParse(e.failure);
        if (r.success) failChunk(new ChunkLoadError(r.data));
      }
      else if (e.type === 'error') {
        console.error('[dash3d]', e.code, e.message);
        if (e.fatal) setState('error');
      } else onModelEvent(e);
      onEvent.current?.(e);
    };

    const onModelEvent = (e: EngineEvent) => {
      const loads = modelLoads.current;
      if (e.type === 'model-progress') {
        // Download counts for most of a load; parsing and GPU upload for the last fifth.
        const f = e.phase === 'download' ? (e.total > 0 ? (e.loaded / e.total) * 0.8 : 0.4) : 0.8 + 0.2 * (e.total > 0 ? e.loaded / e.total : 0);
        loads.set(e.id, Math.min(1, f));
      } else if (e.type === 'model-loaded' || e.type === 'model-error' || e.type === 'model-cleared') {
        loads.delete(e.id);
        if (e.type === 'model-error') console.error(`[dash3d] model ${e.id}:`, e.message);
        modelNotices.current.event(e);
      } else if (e.type === 'model-warning') {
        console.warn(`[dash3d] model ${e.id}:`, e.message);
        modelNotices.current.event(e);
      } else return;
      setModelProgress(loads.size ? [...loads.values()].reduce((a, b) => a + b, 0) / loads.size : null);
    };

    const failChunk = (err: ChunkLoadError) => {
      console.error(`[dash3d] ${err.name}: ${err.message}`);
      setChunkFailure(err.failure);
    };

    const onCrash = (reason: 'hung' | 'silent' | 'crashed', detail: string) => {
      if (cancelled) return;
      if (run.generation >= MAX_RESTARTS) {
        // A worker that keeps dying would otherwise restart forever: give up and say so.
        console.error(`[dash3d] render worker ${reason} (${detail}) after ${MAX_RESTARTS} restarts: giving up.`);
        cancelled = true;
        setState('error');
        return;
      }
      // Only a hang inside user code is the script's fault; other failures keep the scripts.
      const withoutScripts = reason === 'hung' || !run.scriptsEnabled;
      console.warn(`[dash3d] render worker ${reason} (${detail}): restarting${withoutScripts ? ' without user scripts' : ''}.`);
      addNotice({ key: reason === 'hung' ? 'notice.scriptsDisabled' : 'notice.restarted', detail });
      setRun((r) => ({ generation: r.generation + 1, scriptsEnabled: !withoutScripts }));
    };

    const start = async (mode: 'worker' | 'main') =>
      connect({
        host: el,
        mode,
        size: viewSize(el),
        config,
        models: modelsAtStart,
        scriptsEnabled: run.scriptsEnabled,
        allowedOrigins: origins.current,
        limits: caps.value,
        onEvent: handleEvent,
        onCrash,
        signal: abort.signal,
        heartbeat: opts.heartbeat,
        chunks: chunks.current,
        wantsPointerLock: () => {
          const control = lastValid.current?.controlConfig;
          return control?.controlType === 'pointerLock' && control.pointerLockConfig.enabled;
        },
      });

    (async () => {
      const preferWorker = !opts.forceMainThread && canRenderInWorker();
      try {
        current = await start(preferWorker ? 'worker' : 'main').catch((err) => {
          // A part that did not load is reported as such, not hidden behind the slower fallback.
          // Nor is a space that was unmounted meanwhile started again on the main thread.
          if (!preferWorker || cancelled || chunkFailureOf(err)) throw err;
          console.warn('[dash3d] worker rendering failed, trying the main thread:', err);
          return start('main');
        });
      } catch (err) {
        if (cancelled) return;
        const failure = chunkFailureOf(err);
        if (failure) return failChunk(new ChunkLoadError(failure));
        console.error('[dash3d] the 3D scene could not start:', err);
        setState('error');
        return;
      }
      if (cancelled) return current.dispose();
      if (current.mode === 'main') addNotice({ key: 'notice.fallback' });
      handle.current = current;
      queue.current.reset(config);
      modelQueue.current.reset(modelsAtStart);
      // Changes made while the engine was starting.
      if (lastValid.current && lastValid.current !== config) queue.current.push(lastValid.current);
      if (models.current !== modelsAtStart) modelQueue.current.push(models.current);
      void context.restore(current, () => cancelled).catch(() => undefined);
    })();

    const stopWatch = watchSize(el, (size) => handle.current?.resize(size));
    return () => {
      cancelled = true;
      abort.abort();
      stopWatch();
      queue.current.dispose();
      modelQueue.current.dispose();
      current?.dispose();
      if (handle.current === current) handle.current = null;
    };
    // The engine restarts only on a new run; config changes travel as patches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run.generation, attempt, opts.forceMainThread, context.live]);

  // The bar shows bytes and parsing of the models being loaded, with the other assets as one more share.
  const assetShare = progress.total > 0 ? progress.loaded / progress.total : null;
  const shown =
    modelProgress === null ? progress : { loaded: Math.round(((modelProgress + (assetShare ?? modelProgress)) / 2) * 1000), total: 1000 };
  return { state: chunkFailure ? ('error' as const) : state, chunkFailure, retry, progress: shown, modelProgress, issues, notices, handle, valid, restarts: run.generation, scriptsEnabled: run.scriptsEnabled, heldCode, context };
}
