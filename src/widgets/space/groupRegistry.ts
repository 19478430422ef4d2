import type { GroupTransform } from '../../../shared/overlays';

type Listener = () => void;

/**
 * The component groups placed in one 3D space, outside React state on purpose: the worker's
 * transforms arrive on every frame the view moves, and each group writes its own element's style
 * from them (no React render per frame). Configs and the layer the groups are drawn into change
 * rarely; those are what React subscribes to.
 */
export interface GroupRegistry {
  /** Add or update a group's config (parsed by its widget). */
  set(id: string, config: unknown): void;
  remove(id: string): void;
  /** The configs by id: a new object after each change (a useSyncExternalStore snapshot). */
  configs(): Readonly<Record<string, unknown>>;
  /** The element over the scene the groups' elements are placed in, relative to the space's top-left. */
  layer(): HTMLElement | null;
  setLayer(el: HTMLElement | null): void;
  /** Config or layer changes. */
  subscribe(fn: Listener): () => void;
  /** The transforms of the group with this id; the last one known, if any, is delivered at once. */
  onTransform(id: string, fn: (t: GroupTransform) => void): () => void;
  /** The engine's 'group-transforms' event. */
  publish(transforms: Readonly<Record<string, GroupTransform>>): void;
}

/** Every registry's configs before a group registers: also the server's snapshot (no effects run there). */
export const NO_GROUPS: Readonly<Record<string, unknown>> = Object.freeze({});

export function createGroupRegistry(): GroupRegistry {
  let configs = NO_GROUPS;
  let layer: HTMLElement | null = null;
  const listeners = new Set<Listener>();
  const receivers = new Map<string, (t: GroupTransform) => void>();
  const last = new Map<string, GroupTransform>();
  const changed = () => listeners.forEach((fn) => fn());

  return {
    set(id, config) {
      if (configs[id] === config) return;
      configs = { ...configs, [id]: config };
      changed();
    },
    remove(id) {
      if (!(id in configs)) return;
      const rest = { ...configs };
      delete rest[id];
      configs = rest;
      last.delete(id);
      changed();
    },
    configs: () => configs,
    layer: () => layer,
    setLayer(el) {
      if (el === layer) return;
      layer = el;
      changed();
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    onTransform(id, fn) {
      receivers.set(id, fn);
      const known = last.get(id);
      if (known) fn(known);
      return () => {
        if (receivers.get(id) === fn) receivers.delete(id);
      };
    },
    publish(transforms) {
      for (const [id, t] of Object.entries(transforms)) {
        if (!(id in configs)) continue;
        last.set(id, t);
        receivers.get(id)?.(t);
      }
    },
  };
}
