import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ThreeDHost } from '../../host/types';
import type { CardStore } from '../data-card/cardStore';
import { createGroupRegistry, type GroupRegistry } from './groupRegistry';

/** A model widget registered with its space (spec §3: the container's list of meshes). */
export interface SpaceMesh {
  /** The model widget's id. */
  id: string;
  name: string;
  /** The model widget's config as stored: the space hands it to its engine. */
  config?: unknown;
}

type WidgetEventListener = (name: string, payload: unknown) => void;

/**
 * Widget events made by the space (its models' engine events, its cards' activations), delivered
 * to the widget they name.
 */
export interface ModelEventBus {
  subscribe(id: string, fn: WidgetEventListener): () => void;
  publish(id: string, name: string, payload: unknown): void;
}

export function createModelEventBus(): ModelEventBus {
  const subs = new Map<string, Set<WidgetEventListener>>();
  return {
    subscribe(id, fn) {
      let set = subs.get(id);
      if (!set) subs.set(id, (set = new Set()));
      set.add(fn);
      return () => void set.delete(fn);
    },
    publish(id, name, payload) {
      subs.get(id)?.forEach((fn) => fn(name, payload));
    },
  };
}

/** What a 3D space offers the widgets placed inside it. */
export interface SpaceContextValue {
  /** The space widget's id. */
  spaceId: string;
  host: ThreeDHost;
  /** Models registered now, in registration order. */
  meshes: readonly SpaceMesh[];
  /** Adds the model, or updates its name and config when it is already registered. */
  register(mesh: SpaceMesh): void;
  unregister(id: string): void;
  /** Each model's widget events (pointer events, load progress and result), each card's click. */
  events: ModelEventBus;
  /** The data cards placed in this space: registered here, drawn by the space's render worker. */
  cards: CardStore;
  /** The component groups placed in the space, and their elements' transforms from the engine. */
  groups: GroupRegistry;
  /**
   * A child was clicked where the scene draws it (a model, a card, a group's panel): in edit mode
   * the space tells the host to select it (its 'select' widget event); otherwise nothing.
   */
  select(id: string): void;
  /** A child moved in the scene (a drag, the gizmo): its whole new config, for the host, once per gesture. */
  change(id: string, config: Record<string, unknown>): void;
}

/**
 * React context rather than a global registry: two spaces on one dashboard (or in one test page)
 * each see only their own widgets, and a widget outside any space sees null.
 */
const SpaceContext = createContext<SpaceContextValue | null>(null);

/** The space this widget is placed in, or null outside any 3D space. */
export function useSpace(): SpaceContextValue | null {
  return useContext(SpaceContext);
}

export function SpaceProvider({
  spaceId,
  host,
  events,
  cards,
  select,
  change,
  children,
}: {
  spaceId: string;
  host: ThreeDHost;
  events: ModelEventBus;
  cards: CardStore;
  select(id: string): void;
  change(id: string, config: Record<string, unknown>): void;
  children?: ReactNode;
}) {
  const [meshes, setMeshes] = useState<readonly SpaceMesh[]>([]);
  const register = useCallback((mesh: SpaceMesh) => {
    setMeshes((list) => {
      const old = list.find((m) => m.id === mesh.id);
      if (!old) return [...list, mesh];
      if (old.name === mesh.name && old.config === mesh.config) return list;
      return list.map((m) => (m === old ? mesh : m));
    });
  }, []);
  const unregister = useCallback((id: string) => {
    setMeshes((list) => (list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list));
  }, []);
  const [groups] = useState(createGroupRegistry);
  const value = useMemo(
    () => ({ spaceId, host, meshes, register, unregister, events, cards, groups, select, change }),
    [spaceId, host, meshes, register, unregister, events, cards, groups, select, change],
  );
  return <SpaceContext.Provider value={value}>{children}</SpaceContext.Provider>;
}
