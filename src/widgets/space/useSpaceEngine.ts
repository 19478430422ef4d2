import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EngineEvent, ModelTransform } from '../../../shared/protocol';
import { repairParse } from '../../../shared/schema/repair';
import { connect, type RenderHandle } from '../../bridge/connection';
import { canRenderInWorker } from '../../bridge/capability';
import { viewSize, watchSize } from '../../bridge/size';
import type { HeartbeatOptions } from '../../bridge/heartbeat';
import { ModelLimitsSchema } from '../../../shared/schema/limits';
import type { ChunkOptions } from '../../bridge/chunks';
import { ChunkLoadError, chunkFailureOf } from '../../../shared/chunks';
import { describeChunkHint } from '../../../shared/chunk-hints';
import type { ChunkFailure } from '../../../shared/schema/chunks';
import type { ModelWidgetEvent } from '../model/events';
import { useLiveContext } from './useLiveContext';
import { useNotices } from './useNotices';
import { useRestarts } from './useRestarts';
import { useSpaceModels } from './useSpaceModels';
import { useSpaceVariables } from './useSpaceVariables';
import type { VariableSource } from '../../host/types';
import { useSpaceConfig } from './useSpaceConfig';
import { useSpaceCards, type SpaceCardOptions } from './useSpaceCards';
import { createSpaceEvents, type HeldMaterialCode } from './spaceEvents';
import { createChildWatch } from './childWatch';
import { createScriptErrors } from './scriptErrors';
import { useLatest } from '../../host/useLatest';
import { useSpaceGroups } from './useSpaceGroups';
import type { GroupTransform } from '../../../shared/overlays';

export type SpaceState = 'loading' | 'ready' | 'error';
export type { Notice } from './useNotices';
export type { NoticeText } from './noticeText';

export interface EngineOptions {
  config: unknown;
  /** The space's model widgets by id (their configs as stored; parsed on both sides). */
  models?: Readonly<Record<string, unknown>>;
  /** The host's variables: those the models' rules read are forwarded to the engine (issue 40). */
  variables?: VariableSource;
  forceMainThread?: boolean;
  heartbeat?: HeartbeatOptions;
  /** Whether the viewer asks for reduced motion now (useReducedMotion.ts): told at start and on change. */
  reducedMotion?: boolean;
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
  /** A model widget's event (MODEL_EVENTS) for the host's actions, by the model's id. */
  onModelEvent?(id: string, name: ModelWidgetEvent, payload: unknown): void;
  /** The data cards drawn in the scene, their theme, and who hears a click on one. */
  cards?: SpaceCardOptions['cards'];
  cardFeed?: SpaceCardOptions['feed'];
  cardTheme?: SpaceCardOptions['theme'];
  onCardClick?: SpaceCardOptions['onCardClick'];
  /** The space's component groups by id (their configs, parsed by each group; parsed again by the engine). */
  groups?: Readonly<Record<string, unknown>>;
  /** Where the groups' elements go now (only the ones that changed), after a frame that moved them. */
  onGroupTransforms?(transforms: Record<string, GroupTransform>): void;
  /** The transform gizmo moved a model (live) or let it go (final). */
  onModelTransform?(t: ModelTransform, final: boolean): void;
  /** An engine started (mount, a restart, back in view): it knows only its config and models yet. */
  onStarted?(handle: RenderHandle): void;
}

/**
 * Owns one render engine for a 3D space: starts it (worker, or main thread where workers cannot
 * render), feeds it parsed config changes, and restarts it (useRestarts) when it dies or stops
 * answering. It runs only while the space holds a live context (in view, within the page's cap:
 * useLiveContext); a released space shows its last frame and starts again when back in view.
 * Its events are read in spaceEvents.ts, its models' in modelEvents.ts (through useSpaceModels).
 */
export function useSpaceEngine(host: RefObject<HTMLDivElement | null>, opts: EngineOptions) {
  const [state, setState] = useState<SpaceState>('loading');
  const [progress, setProgress] = useState({ loaded: 0, total: 0 });
  const notices = useNotices();
  const restarts = useRestarts(opts.scriptsAllowed, notices);
  const { run } = restarts;
  const [heldCode, setHeldCode] = useState<HeldMaterialCode[]>([]);
  const origins = useLatest(opts.allowedOrigins);
  /** A part of the engine that did not load (spec §8): the space is in error until a Retry works. */
  const [chunkFailure, setChunkFailure] = useState<ChunkFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setChunkFailure(null);
    setAttempt((n) => n + 1);
  };
  const chunks = useLatest(opts.chunks);
  const handle = useRef<RenderHandle | null>(null);
  const onEvent = useLatest(opts.onEvent);
  // A new engine hears it at init; a running one when it changes.
  const reducedMotion = opts.reducedMotion === true;
  const motionNow = useLatest(reducedMotion);
  useEffect(() => void handle.current?.setMotion(reducedMotion).catch(() => undefined), [reducedMotion]);
  const config = useSpaceConfig(opts.config, handle, restarts.scriptEdited);
  const variables = useSpaceVariables(handle, opts.variables);
  const models = useSpaceModels(handle, {
    models: opts.models,
    notices,
    onModelEvent: opts.onModelEvent,
    onVariableNames: variables.watch,
  });
  const cards = useSpaceCards(handle, { cards: opts.cards, feed: opts.cardFeed, theme: opts.cardTheme, onCardClick: opts.onCardClick });
  const limits = useLatest(opts.limits);
  const stateNow = useLatest(state);
  const groups = useSpaceGroups(handle, opts.groups, opts.onGroupTransforms);
  const [children] = useState(createChildWatch);
  const [scriptErrors] = useState(createScriptErrors);
  const onModelTransform = useLatest(opts.onModelTransform);
  // Whether the pointer rests on a gizmo handle now (useGizmo: such a press is the gizmo's).
  const gizmoHover = useRef(false);
  // Told whether a handle took a finger's press (useGizmo holds the press from the host until then).
  const gizmoPress = useRef<((taken: boolean) => void) | null>(null);
  const onStarted = useLatest(opts.onStarted);
  const context = useLiveContext(host, handle, () => stateNow.current === 'ready', opts.liveContexts);
  // Released just as it drew, before its frame could be kept (the release still saw it loading): it
  // would show nothing, so it says loading again and gets its turn to draw like any undrawn space.
  if (state === 'ready' && !context.live && !context.snapshot) setState('loading');
  useEffect(() => {
    context.drawn(state !== 'loading');
    // Only the state matters: `context` is a new object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  useEffect(() => {
    const el = host.current;
    if (!el || !context.live) return;
    let cancelled = false;
    let current: RenderHandle | null = null;
    const abort = new AbortController();
    const configAtStart = config.starting();
    const modelsAtStart = models.starting();
    // A new engine starts (mount, back in view, a restart, a retry): what the old one reported is
    // reset as it starts, which is this effect's job (it owns the engine), not a render's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHeldCode([]);
    // Its script runs as it starts: an error from then on is the new engine's.
    scriptErrors.clear();
    // The pointer on a handle is the engine's to say (its 'gizmo-hover'): a new one has said nothing.
    gizmoHover.current = false;
    // Coming back into view, the space shows its last frame until the new engine drew it again.
    if (!context.resuming()) setState('loading');
    // The host's caps are parsed here first; a bad one is shown and its default used.
    const caps = repairParse(ModelLimitsSchema, limits.current ?? {});
    if (caps.issues.length) {
      console.error('[dash3d] invalid model limits:', caps.issues);
      config.setIssues((list) => [...list, ...caps.issues.map((i) => ({ ...i, path: `limits.${i.path}` }))]);
    }

    const failChunk = (err: ChunkLoadError) => {
      // The developer reads the console: the fix goes with the spec's text (shared/chunk-hints.ts).
      const hint = describeChunkHint(err.failure, 'en');
      console.error(`[dash3d] ${err.name}: ${err.message}${hint ? `\n${hint}` : ''}`);
      setChunkFailure(err.failure);
    };
    const onEngineEvent = createSpaceEvents({
      progress: setProgress,
      ready: () => setState('ready'),
      rejected: config.setIssues,
      notices,
      held: (held) => setHeldCode((list) => (list.some((x) => x.what === held.what && x.file === held.file) ? list : [...list, held])),
      chunkFailed: failChunk,
      fatal: () => setState('error'),
      model: models.onEvent,
      card: cards.clicked,
      groups: groups.transforms,
      children: children.receive,
      scriptError: scriptErrors.report,
      modelTransform: (t, final) => onModelTransform.current?.(t, final),
      gizmoHover: (on) => {
        gizmoHover.current = on;
      },
      gizmoPress: (taken) => gizmoPress.current?.(taken),
      variablesWanted: variables.want,
    });
    const handleEvent = (e: EngineEvent) => {
      if (cancelled) return;
      onEngineEvent(e);
      onEvent.current?.(e);
    };

    const onCrash = (reason: 'hung' | 'silent' | 'crashed', detail: string) => {
      if (cancelled || restarts.crashed(run, reason, detail)) return;
      cancelled = true;
      setState('error');
    };

    const start = async (mode: 'worker' | 'main') =>
      connect({
        host: el,
        mode,
        size: viewSize(el),
        config: configAtStart,
        models: modelsAtStart,
        scriptsEnabled: run.scriptsEnabled,
        reducedMotion: motionNow.current,
        allowedOrigins: origins.current,
        limits: caps.value,
        onEvent: handleEvent,
        onCrash,
        signal: abort.signal,
        heartbeat: opts.heartbeat,
        chunks: chunks.current,
        wantsPointerLock: () => {
          const control = config.latest()?.controlConfig;
          return control?.controlType === 'pointerLock' && control.pointerLockConfig.enabled;
        },
      });

    void (async () => {
      let preferWorker = false;
      try {
        // Asks a render worker once per page (capability.ts); a missing worker script rejects here.
        preferWorker = !opts.forceMainThread && (await canRenderInWorker(chunks.current));
        if (cancelled) return;
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
      if (current.mode === 'main') notices.add({ key: 'notice.fallback' });
      handle.current = current;
      config.started(configAtStart);
      models.started(modelsAtStart);
      variables.started();
      cards.started();
      groups.started();
      children.started(current);
      onStarted.current?.(current);
      void context.restore(current, () => cancelled).catch(() => undefined);
    })();

    // Fire and forget: a resize that fails (the engine just went away) changes nothing worth telling.
    const stopWatch = watchSize(el, (size) => void handle.current?.resize(size).catch(() => undefined));
    return () => {
      cancelled = true;
      abort.abort();
      stopWatch();
      config.stopped();
      models.stopped();
      variables.stopped();
      cards.stopped();
      groups.stopped();
      children.stopped();
      current?.dispose();
      if (handle.current === current) handle.current = null;
    };
    // The engine restarts only on a new run; config changes travel as patches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run.generation, attempt, opts.forceMainThread, context.live]);

  // The bar shows bytes and parsing of the models being loaded, with the other assets as one more share.
  const assetShare = progress.total > 0 ? progress.loaded / progress.total : null;
  const modelProgress = models.progress;
  const shown =
    modelProgress === null ? progress : { loaded: Math.round(((modelProgress + (assetShare ?? modelProgress)) / 2) * 1000), total: 1000 };
  return {
    state: chunkFailure ? ('error' as const) : state,
    chunkFailure,
    retry,
    progress: shown,
    modelProgress,
    issues: config.issues,
    notices: notices.notices,
    handle,
    valid: config.valid,
    restarts: run.generation,
    scriptsEnabled: run.scriptsEnabled,
    /** User code was edited (a material's frame script): after a hang, a fresh engine runs it again (true). */
    scriptEdited: restarts.scriptEdited,
    heldCode,
    context,
    children,
    gizmoHover,
    gizmoPress,
    scriptErrors,
    /** The variables on their way to the engine (a value tried in the rules panel goes through it). */
    variables,
  };
}
