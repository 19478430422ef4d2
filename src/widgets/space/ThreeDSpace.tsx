import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties, type Ref } from 'react';
import { urlAllowed } from '../../../shared/origins';
import type { EngineEvent } from '../../../shared/protocol';
import type { CardDraw, CardTheme } from '../../../shared/overlays';
import type { CardFeed } from '../../bridge/cards';
import type { Snapshot } from '../../../shared/schema/snapshot';
import type { ModelLimitsInput } from '../../../shared/schema/limits';
import { t, type Locale } from '../../../shared/i18n';
import { useSpaceEngine, type EngineOptions } from './useSpaceEngine';
import type { HeartbeatOptions } from '../../bridge/heartbeat';
import { useReducedMotion, type MotionChoice } from './useReducedMotion';
import { ErrorPanel, IssueList, LoadingScreen, ModelLoadBar, NoticeList } from './SpaceOverlays';
import { describeScript, type HeldCode } from './userCode';
import { useUserCodeConsent } from '../../host/consent';
import { pageOrigins, usePageBase } from '../../host/pageBase';
import type { PackageFiles, UserCodePolicy, VariableSource } from '../../host/types';
import { ChunkFailurePanel } from './ChunkFailurePanel';
import { withFiles, type ChunkOptions } from '../../bridge/chunks';
import { LastFrame } from './LastFrame';
import type { ThreeDSpaceHandle } from './spaceHandle';
import { useSpaceHandle } from './useSpaceHandle';
import { usePickSession } from './usePickSession';
import { useLatest } from '../../host/useLatest';
import { useGizmo } from './useGizmo';
import { ConsentNotice, KeyHelp, SceneDescriber, SnapshotBar } from './lateParts';
import { useAfterFirstFrame } from './useAfterFirstFrame';

/** How long the camera takes to fly to a snapshot. */
const SNAPSHOT_FLIGHT_MS = 800;

export type { ThreeDSpaceHandle } from './spaceHandle';

export interface ThreeDSpaceProps {
  /** Any stored space config (spec §3 "Scene settings"); missing fields take their defaults. */
  config: unknown;
  locale?: Locale;
  /** Render on the main thread even where a worker could (benchmark baseline, tests). */
  forceMainThread?: boolean;
  heartbeat?: HeartbeatOptions;
  /**
   * Reduced motion (docs/browsers.md "Reduced motion"): 'auto' (default) follows the viewer's
   * prefers-reduced-motion; 'reduce' and 'full' override it (ThreeDHost.accessibility.motion).
   */
  motion?: MotionChoice;
  /** How lazily loaded parts are fetched: tests serve missing or late ones (src/bridge/chunks.ts). */
  chunks?: ChunkOptions;
  /** Where the package's render worker and assets are served from (ThreeDHost.files); absent: where the bundler put them. */
  files?: PackageFiles;
  /** The page's cap on live WebGL contexts (default 12, src/bridge/visibility.ts). */
  liveContexts?: number;
  /**
   * The value of the variable bound by snapshotConfig.snapshotVar: when it names a snapshot, the
   * camera flies there (the host reads the variable; the space stays free of variable sources).
   */
  activeSnapshot?: string | null;
  /** The model widgets placed in this space, by widget id (stored configs; parsed on both sides). */
  models?: Readonly<Record<string, unknown>>;
  /**
   * The host's live variables: the ones the models' rules read (issue 40) are forwarded to the
   * engine, each change once per frame. Absent: rules see no values and change nothing.
   */
  variables?: VariableSource;
  /**
   * The data cards placed in this space, by widget id, as the worker draws them (shared/overlays.ts):
   * each card's stored config, its items' text resolved from the host's variables, and whether it is
   * the active card. Compared by reference: pass the same object for a card that did not change.
   */
  cards?: Readonly<Record<string, CardDraw>>;
  /**
   * Or a live source of the cards (CardFeed: every card's draw, plus the cards whose values alone
   * changed, by id): for many cards with values changing often, neither React nor a comparison
   * of every card then sees a value. When given, `cards` is not read.
   */
  cardFeed?: CardFeed;
  /** The cards' look, read from the host theme's selectors; absent: the engine's defaults (card.css). */
  cardTheme?: CardTheme;
  /** A data card in the scene was clicked (not dragged), by its widget id. */
  onCardClick?(id: string): void;
  /** Per-model caps (ThreeDHost.limits; shared/schema/limits.ts), read when the scene starts. */
  limits?: ModelLimitsInput;
  onEvent?(event: EngineEvent): void;
  /** A model's widget event (MODEL_EVENTS: pointer events, load progress and result), by the model's id. */
  onModelEvent?: EngineOptions['onModelEvent'];
  /** The component groups placed in this space, by widget id (configs; parsed on both sides). */
  groups?: EngineOptions['groups'];
  /** The host edits: the selected model gets the transform gizmo (and its bar). */
  editing?: boolean;
  /** The gizmo moved a model (live: the panel shows it) or let it go (final: the host's one change). */
  onModelTransform?: EngineOptions['onModelTransform'];
  /** Where the groups' elements go, sent on frames that moved them (src/widgets/group/GroupWidget.tsx applies them). */
  onGroupTransforms?: EngineOptions['onGroupTransforms'];
  /**
   * Whether the config's user code may run (ThreeDHost.userCode). Absent: not until the designer
   * presses Run scripts in the scene.
   */
  userCode?: UserCodePolicy;
  /** Origins assets may load from. Absent: the page's own origin only. */
  allowedOrigins?: readonly string[];
  className?: string;
  style?: CSSProperties;
  ref?: Ref<ThreeDSpaceHandle>;
}

/**
 * The 3D space container's view. The scene renders in a Web Worker on an OffscreenCanvas; this
 * component only holds config, forwards input and draws the DOM overlays.
 */
export function ThreeDSpace(props: ThreeDSpaceProps) {
  const {
    config,
    locale = 'en',
    forceMainThread,
    heartbeat,
    motion,
    chunks,
    files,
    liveContexts,
    activeSnapshot,
    models,
    variables,
    limits,
    onEvent,
    onModelEvent,
    cards,
    cardFeed,
    cardTheme,
    onCardClick,
    groups,
    onGroupTransforms,
    className,
    style,
    ref,
  } = props;
  const host = useRef<HTMLDivElement>(null);
  const script = typeof (config as { script?: unknown } | null)?.script === 'string' ? (config as { script: string }).script : '';
  const consent = useUserCodeConsent(props.userCode, script);
  // Null on the server and while hydrating: no origin of its own allowed yet (the engine starts later).
  const base = usePageBase();
  const allowedOrigins = props.allowedOrigins ?? pageOrigins(base);
  const engine = useSpaceEngine(host, {
    config,
    models,
    variables,
    forceMainThread,
    heartbeat,
    reducedMotion: useReducedMotion(motion),
    chunks: withFiles(chunks, files),
    liveContexts,
    limits,
    onEvent,
    onModelEvent,
    cards,
    cardFeed,
    cardTheme,
    onCardClick,
    groups,
    onGroupTransforms,
    onModelTransform: props.onModelTransform,
    scriptsAllowed: consent.allowed,
    allowedOrigins,
  });
  const { context } = engine;
  // A new script: the old one's error no longer describes it.
  useEffect(() => engine.scriptErrors.clear(), [script, engine.scriptErrors]);
  // `context` is a new object each render: the handle reads the latest one, so that a host's ref
  // sees one handle per engine (a host that keeps it in state would otherwise render for ever).
  const latestContext = useLatest(context);
  const held: HeldCode[] = consent.allowed
    ? []
    : [...describeScript(engine.valid.script), ...engine.heldCode.map((h) => ({ kind: h.what, name: h.file }))];
  // The images the space draws in the DOM obey the same origin rule as the worker's loads.
  // The origins are a new array each render; their content is what counts.
  const originsKey = allowedOrigins.join(' ');
  const { loadingConfig, snapshotConfig } = useMemo(() => {
    const origins = originsKey.split(' ');
    const ok = (url: string) => !url || urlAllowed(url, origins, base ?? undefined);
    const { loadingConfig: l, snapshotConfig: s } = engine.valid;
    // Before the page's address is known (a server render, hydration) a relative URL cannot be
    // judged: its image waits for the next render, and is not reported as refused.
    const refused = base === null ? [] : [l.img, ...s.snapshotList.map((x) => x.img)].filter((u) => !ok(u));
    for (const u of refused) console.warn(`[dash3d] image ${u} is refused: images load only from ${origins.join(', ')}`);
    return {
      loadingConfig: ok(l.img) ? l : { ...l, img: '' },
      snapshotConfig: { ...s, snapshotList: s.snapshotList.map((x) => (ok(x.img) ? x : { ...x, img: '' })) },
    };
  }, [engine.valid, originsKey, base]);
  // The snapshot shown as current in the bar: the last one chosen there, or named by the bound variable.
  const [current, setCurrent] = useState<string | null>(null);
  const [variableSeen, setVariableSeen] = useState<string | null | undefined>(undefined);
  if (variableSeen !== activeSnapshot) {
    setVariableSeen(activeSnapshot);
    if (snapshotConfig.snapshotList.some((x) => x.name === activeSnapshot)) setCurrent(activeSnapshot ?? null);
  }
  const flyTo = (s: Snapshot) => void engine.handle.current?.viewTo({ position: s.position, target: s.target }, SNAPSHOT_FLIGHT_MS);
  const picking = usePickSession(engine.handle, locale);
  const gizmoBar = useGizmo({
    editing: props.editing === true,
    children: engine.children,
    models,
    handle: engine.handle,
    hover: engine.gizmoHover,
    pressRef: engine.gizmoPress,
    engineKey: `${engine.restarts}:${engine.state}`,
    locale,
    scope: () => host.current?.parentElement ?? null,
  });

  const goTo = (s: Snapshot) => {
    setCurrent(s.name);
    flyTo(s);
  };
  useEffect(() => {
    const s = snapshotConfig.snapshotList.find((x) => x.name === activeSnapshot);
    if (s && engine.state === 'ready') flyTo(s);
    // Follow the bound variable, not every config edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeSnapshot, engine.state]);

  // The canvas is made by the bridge, outside React: named here in the viewer's language (the
  // config's name, else the widget's title) and described by what it holds (issue 42 point 5).
  const descriptionId = useId();
  // The parts asked for once the space has drawn, from the task after that commit.
  const drawn = useAfterFirstFrame(engine.state === 'ready');
  const description = useRef<HTMLDivElement>(null);
  const describe = useCallback((text: string) => {
    if (description.current) description.current.textContent = text;
  }, []);
  const name = engine.valid.a11yConfig.name[locale].trim() || t(locale, 'widgets.space.title');
  useEffect(() => {
    const canvas = engine.handle.current?.canvas;
    if (!canvas) return;
    canvas.setAttribute('aria-label', name);
    const ids = (canvas.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    if (!ids.includes(descriptionId)) canvas.setAttribute('aria-describedby', [descriptionId, ...ids].join(' '));
  }, [name, descriptionId, engine.state, engine.handle]);

  useSpaceHandle(ref, engine, latestContext, picking.pick);

  return (
    <div
      className={['dash3d-space', className].filter(Boolean).join(' ')}
      data-state={engine.state}
      data-context={context.live ? 'live' : 'released'}
      aria-busy={engine.state === 'loading'}
      onPointerDownCapture={context.touch}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', ...style }}
    >
      <div ref={host} style={{ position: 'absolute', inset: 0 }} />
      <div id={descriptionId} ref={description} hidden />
      {context.snapshot ? <LastFrame pixels={context.snapshot} /> : null}
      {picking.layer}
      {gizmoBar}
      {drawn ? <SceneDescriber onText={describe} locale={locale} models={models} cards={cards} feed={cardFeed} /> : null}
      {drawn ? (
        <KeyHelp
          canvas={engine.handle.current?.canvas ?? null}
          controlType={engine.valid.controlConfig.controlType}
          locale={locale}
          describedBy={descriptionId}
        />
      ) : null}
      {drawn && engine.state === 'ready' && snapshotConfig.showBar ? (
        <SnapshotBar list={snapshotConfig.snapshotList} active={current} onSelect={goTo} locale={locale} />
      ) : null}
      {engine.state === 'ready' && engine.modelProgress !== null ? <ModelLoadBar fraction={engine.modelProgress} locale={locale} /> : null}
      {engine.state === 'loading' ? (
        <LoadingScreen config={loadingConfig} progress={engine.progress} locale={locale} waiting={context.waiting} />
      ) : null}
      {engine.chunkFailure ? (
        <ChunkFailurePanel failure={engine.chunkFailure} locale={locale} onRetry={engine.retry} />
      ) : engine.state === 'error' ? (
        <ErrorPanel locale={locale} />
      ) : null}
      <IssueList issues={engine.issues} locale={locale} />
      <NoticeList notices={engine.notices} locale={locale} />
      {held.length ? <ConsentNotice held={held} locale={locale} onRun={consent.grant} /> : null}
    </div>
  );
}
