import type { ThreeDSpaceHandle } from './spaceHandle';

/**
 * The 3D spaces running on this page, by widget id, and which widgets are placed in each. A
 * settings panel is rendered by the host outside the space's React tree, so it cannot use the
 * space's context; panels that act on the running scene (pick in scene, capture the current view)
 * find it here. A widget outside any running space finds nothing and its panel says so.
 */
export interface LiveSpace {
  readonly spaceId: string;
  /** The mounted space's handle, null before React attached it (its calls throw while the space holds no engine). */
  readonly handle: ThreeDSpaceHandle | null;
}

type Listener = () => void;

const spaces = new Map<string, LiveSpace>();
/** Widget id -> the id of the space it is placed in. */
const members = new Map<string, string>();
const listeners = new Set<Listener>();
let version = 0;
/** What liveSpaces.serverVersion answers. */
export const NO_VERSION = -1;

function changed() {
  version++;
  listeners.forEach((fn) => fn());
}

export const liveSpaces = {
  /** Called by the space widget while mounted; returns the unregister function. */
  register(space: LiveSpace): () => void {
    spaces.set(space.spaceId, space);
    changed();
    return () => {
      if (spaces.get(space.spaceId) !== space) return;
      spaces.delete(space.spaceId);
      changed();
    };
  },
  /** Called by a widget placed in a space (model, data card, group) while mounted. */
  join(widgetId: string, spaceId: string): () => void {
    members.set(widgetId, spaceId);
    changed();
    return () => {
      if (members.get(widgetId) !== spaceId) return;
      members.delete(widgetId);
      changed();
    };
  },
  get(spaceId: string): LiveSpace | undefined {
    return spaces.get(spaceId);
  },
  /** The running space a widget is placed in. */
  of(widgetId: string): LiveSpace | undefined {
    const id = members.get(widgetId);
    return id === undefined ? undefined : spaces.get(id);
  },
  /** For useSyncExternalStore: a number that changes whenever a space or a member comes or goes. */
  version: () => version,
  /**
   * Its server snapshot: no version the page has. Spaces register in effects, which a server never
   * runs, so a render that sees this finds no space, and a hydrating client matches the server.
   */
  serverVersion: () => NO_VERSION,
  subscribe(fn: Listener): () => void {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
};
