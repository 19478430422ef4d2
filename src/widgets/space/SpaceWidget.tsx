import {
  createElement,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type Ref,
} from 'react';
import type { MediaAccess, WidgetViewProps } from '../../host/types';
import { useVariable } from '../../host/useVariable';
import type { SpaceConfig } from '../../../shared/schema/space';
import { ThreeDSpace, type ThreeDSpaceHandle } from './ThreeDSpace';
import { createModelEventBus, SpaceProvider, useSpace } from './SpaceContext';
import { liveSpaces } from './liveSpaces';
import { createCardStore } from '../data-card/cardStore';
import { useAfterFirstFrame } from './useAfterFirstFrame';
import { visuallyHidden } from '../visuallyHidden';
import { CardThemeProbe } from '../data-card/CardThemeProbe';
import { useLatest } from '../../host/useLatest';
import { lazyViewPart } from '../lazySettings';
import { liveTransforms } from './liveTransforms';
import { NO_GROUPS } from './groupRegistry';
import { usePageBase } from '../../host/pageBase';
import type { CardTheme } from '../../../shared/overlays';

/** Engine events the space passes on to the host's actions, named by their type. */
const ENGINE_EVENTS = ['progress', 'ready', 'error'] as const;

/**
 * Dragging cards and groups in the scene, loaded when the host first edits: a viewer's page never
 * does, and its script before the first frame is held to a budget (Next.js's Turbopack viewer page
 * was at 199.8 of 200 kB).
 */
const SceneDrag = lazyViewPart('space-drag', () => import('./SceneDrag').then((m) => m.SceneDrag));
/** Says cards entering an alarm level in the space's live region (alarmAnnouncer.ts). */
const AlarmAnnouncer = lazyViewPart('alarm-announcer', () => import('./alarmAnnouncer').then((m) => m.AlarmAnnouncer));
/**
 * The space's widget events: its engine's, and in edit mode 'select' (`{ id }`: a child clicked
 * where the scene draws it, for the host to select) and 'change' (`{ id, config }`: a child's new
 * config after a drag in the scene, one per gesture).
 */
export const SPACE_EVENTS = [...ENGINE_EVENTS, 'select', 'change'] as const;
const forwarded: ReadonlySet<string> = new Set(ENGINE_EVENTS);
/** A model registered without a config: one object, so it does not count as changed on every render. */
const NO_CONFIG = Object.freeze({});
const noCards = () => false;
const noGroups = () => NO_GROUPS;

/** The snapshot variable's name, read defensively: a host may hand over a stored, unparsed config. */
function snapshotVarOf(config: unknown): string {
  const v = (config as { snapshotConfig?: { snapshotVar?: unknown } } | null)?.snapshotConfig?.snapshotVar;
  return typeof v === 'string' ? v : '';
}

/**
 * The 3D space container as the host places it: the scene, plus a layer over the canvas where the
 * widgets placed inside the space (models, data cards, groups) are rendered with the space's
 * context. The layer lets pointer events through to the canvas; a child that needs them (a card,
 * a group) turns them back on for itself. Model widgets register their configs through the context
 * and the space hands them to its engine; its model events come back as the widget events of the
 * model they name.
 * An optional `ref` (a prop in React 19) reaches the scene's ThreeDSpaceHandle: the playground's
 * test hook reads pixels and engine stats through it.
 */
export function SpaceWidget({
  id,
  config,
  host,
  children,
  onWidgetEvent,
  ref,
}: WidgetViewProps<SpaceConfig> & { ref?: Ref<ThreeDSpaceHandle> }) {
  const bound = useVariable(host.variables, snapshotVarOf(config));
  const activeSnapshot = typeof bound === 'string' || typeof bound === 'number' ? String(bound) : null;
  const [events] = useState(createModelEventBus);
  // A card's activation (clicked in the scene, or from the keyboard) is its `click` widget event.
  const [cards] = useState(() => createCardStore((cardId) => events.publish(cardId, 'click', { id: cardId })));
  // Cards entering an alarm level, said in the space's live region unless the host turned it off:
  // the announcer is a part asked for once the space has a card.
  const region = useRef<HTMLDivElement>(null);
  const hasCards = useSyncExternalStore(cards.subscribe, cards.any, noCards);
  // After the scene's first frame: a viewer page's script before it does not carry the announcer.
  const [ready, setReady] = useState(false);
  const drawn = useAfterFirstFrame(ready);
  const announce = host.accessibility?.announceAlarms !== false && hasCards && drawn;
  useEffect(() => {
    cards.attach(host.variables);
    return () => cards.detach();
  }, [cards, host.variables]);
  // In edit mode a child clicked in the scene is selected in the host's editor (issue 19).
  const hostEvent = useLatest(onWidgetEvent);
  const editing = host.mode === 'edit';
  const select = useCallback(
    (childId: string) => {
      if (editing) hostEvent.current?.('select', { id: childId });
    },
    [editing, hostEvent],
  );
  // A child moved in the scene (a drag, the gizmo): its whole new config, once per gesture.
  const childChange = useCallback(
    (childId: string, next: Record<string, unknown>) => hostEvent.current?.('change', { id: childId, config: next }),
    [hostEvent],
  );
  // The scene's handle goes to the host (its ref) and to the page's list of running spaces, which
  // settings panels use to act on the scene (pick in scene, capture the current view).
  const handle = useRef<ThreeDSpaceHandle | null>(null);
  const setHandle = useCallback(
    (h: ThreeDSpaceHandle | null) => {
      handle.current = h;
      if (typeof ref === 'function') ref(h);
      else if (ref) ref.current = h;
    },
    [ref],
  );
  useEffect(
    () =>
      liveSpaces.register({
        spaceId: id,
        get handle() {
          return handle.current;
        },
      }),
    [id],
  );
  return (
    <SpaceProvider spaceId={id} host={host} events={events} cards={cards} select={select} change={childChange}>
      <div className="dash3d-space-widget" data-widget-id={id} style={{ position: 'relative', width: '100%', height: '100%' }}>
        <SpaceScene config={config} activeSnapshot={activeSnapshot} onWidgetEvent={onWidgetEvent} onDrawn={setReady} ref={setHandle} />
        <div className="dash3d-space-children" style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
          {children}
        </div>
        <GroupLayer />
        {announce ? <AlarmAnnouncer cards={cards} region={region} locale={host.locale} /> : null}
        <div
          ref={region}
          className="dash3d-space-announcements"
          role="status"
          aria-live="polite"
          aria-atomic="true"
          style={visuallyHidden}
        />
        {editing && <SceneDrag handle={handle} locale={host.locale} />}
      </div>
    </SpaceProvider>
  );
}

/**
 * The media library's origin (its base URL resolved against the page) and the host's extra ones.
 * `page` is null on the server and while hydrating: a relative base URL counts from the next render.
 */
function originsOf(media: MediaAccess, page: string | null): string[] {
  const out: string[] = [];
  try {
    out.push(new URL(media.baseUrl, page ?? undefined).origin);
  } catch {
    // An unusable base URL allows nothing of its own; the host's list still applies.
  }
  return [...out, ...(media.allowedOrigins ?? [])];
}

/** The scene, inside the space's context: it draws the models registered there. */
function SpaceScene({
  config,
  activeSnapshot,
  onWidgetEvent,
  onDrawn,
  ref,
}: {
  config: SpaceConfig;
  activeSnapshot: string | null;
  onWidgetEvent?: WidgetViewProps<SpaceConfig>['onWidgetEvent'];
  /** The scene drew its first frame ('ready'). */
  onDrawn(drawn: true): void;
  ref?: Ref<ThreeDSpaceHandle>;
}) {
  const space = useSpace()!;
  const { meshes, events, cards: store } = space;
  const models = useMemo(() => Object.fromEntries(meshes.map((m) => [m.id, m.config ?? NO_CONFIG])), [meshes]);
  // The cards go to the engine straight from the card store (a CardFeed): values never render here.
  // The server's answers are the stores' empty start: cards and groups register in effects.
  const anyCard = useSyncExternalStore(store.subscribe, store.any, noCards);
  const groups = useSyncExternalStore(space.groups.subscribe, space.groups.configs, noGroups);
  const page = usePageBase();
  const [cardTheme, setCardTheme] = useState<CardTheme | undefined>(undefined);
  return (
    <>
      {/* The host theme is read only while the space has cards to draw with it. */}
      {anyCard ? <CardThemeProbe onTheme={setCardTheme} /> : null}
      <SceneView
        config={config}
        locale={space.host.locale}
        limits={space.host.limits}
        liveContexts={space.host.liveContexts}
        motion={space.host.accessibility?.motion}
        activeSnapshot={activeSnapshot}
        models={models}
        variables={space.host.variables}
        userCode={space.host.userCode}
        allowedOrigins={originsOf(space.host.media, page)}
        files={space.host.files}
        onEvent={(e) => {
          if (e.type === 'ready') onDrawn(true);
          if (forwarded.has(e.type)) onWidgetEvent?.(e.type, e);
        }}
        onModelEvent={(modelId, name, payload) => {
          events.publish(modelId, name, payload);
          if (name === 'click') space.select(modelId);
        }}
        cardFeed={store}
        cardTheme={cardTheme}
        onCardClick={(cardId) => {
          store.activate(cardId);
          space.select(cardId);
        }}
        groups={groups}
        onGroupTransforms={space.groups.publish}
        editing={space.host.mode === 'edit'}
        onModelTransform={({ id: modelId, ...placement }, final) => {
          // Live: the panel shows it. Let go: the host's one change (the panel then shows the host's config).
          liveTransforms.set(modelId, final ? null : placement);
          const stored = meshes.find((m) => m.id === modelId)?.config;
          if (final && stored && typeof stored === 'object')
            space.change(modelId, { ...(stored as Record<string, unknown>), ...placement });
        }}
        ref={ref}
      />
    </>
  );
}

/**
 * Where the component groups' elements are placed in 3D (GroupWidget portals them here): the
 * space's own top-left is the origin of the engine's transforms, whatever the host's layout of the
 * children. Pointer events pass through to the scene except on a group itself.
 */
function GroupLayer() {
  const { groups } = useSpace()!;
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    groups.setLayer(layer);
    return () => groups.setLayer(null);
  }, [groups, layer]);
  return (
    <div
      className="dash3d-space-groups"
      ref={setLayer}
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}
    />
  );
}

// Tests only: the component a space widget draws its scene with. The widget tests about what a
// space hands its scene (the card feed, the card theme) set a stand-in here that records its props,
// instead of mocking the module: in Vitest's browser mode a module mock intercepts the page's
// requests through Playwright, and a CI run hung while a file that did so was loading
// (docs/testing.md). The package build sets __DASH3D_TEST_HOOKS__ false: there it is ThreeDSpace.
let standIn: typeof ThreeDSpace | null = null;

export function setSceneStandIn(component: ComponentType<Parameters<typeof ThreeDSpace>[0]> | null): void {
  standIn = component as typeof ThreeDSpace | null;
}

// What a space widget renders for its scene: ThreeDSpace, or the stand-in a test set.
function SceneView(props: Parameters<typeof ThreeDSpace>[0]) {
  return createElement(__DASH3D_TEST_HOOKS__ && standIn ? standIn : ThreeDSpace, props);
}
