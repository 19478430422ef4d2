import type { Dashboard, ThreeDSpaceHandle, VariableSource } from 'dash3d';
import type { WidgetEventRecord } from './host/widgetEvents';

/**
 * `window.__dash3d`: what end-to-end tests (tests/e2e) read from the running playground, so they can
 * check the scene itself (pixels, config patches that reached the worker) and the document, not
 * only the DOM. Documented in docs/playground.md ("Test hook"); nothing in the editor depends on it.
 */
export interface Dash3dTestHook {
  /** The handle of each mounted 3D space by widget id (readPixels, settled, stats, ...). */
  spaces: Map<string, ThreeDSpaceHandle>;
  /** The dashboard document as the editor holds it now. */
  dashboard(): Dashboard | null;
  /** The widget events the host received, newest first, as the sidebar lists them (no 'progress'). */
  events(): WidgetEventRecord[];
  /**
   * The playground's live variables (the simulated device): `write(name, value)` sets one at once,
   * as a host's "set variable" action would, so tests and benchmarks can drive values (e.g. at
   * 10 Hz); `read`, `names` and `subscribe` see what widgets see.
   */
  variables: Pick<VariableSource, 'names' | 'read' | 'write' | 'subscribe'>;
}

declare global {
  interface Window {
    __dash3d?: Dash3dTestHook;
  }
}

const spaces = new Map<string, ThreeDSpaceHandle>();
const refs = new Map<string, (h: ThreeDSpaceHandle | null) => void>();
let current: () => Dashboard | null = () => null;
let events: () => readonly WidgetEventRecord[] = () => [];
let variables: VariableSource | null = null;

export const spaceHandles = {
  /** A stable ref callback per widget id, so re-renders do not detach and re-attach the handle. */
  refFor(id: string) {
    let ref = refs.get(id);
    if (!ref) {
      ref = (h) => {
        if (h) spaces.set(id, h);
        else spaces.delete(id);
      };
      refs.set(id, ref);
    }
    return ref;
  },
};

export function exposeDashboard(read: () => Dashboard | null) {
  current = read;
}

export function exposeEvents(read: () => readonly WidgetEventRecord[]) {
  events = read;
}

export function exposeVariables(source: VariableSource) {
  variables = source;
}

/** Before the App mounted there are no variables: say so rather than answer undefined. */
const source = () => {
  if (!variables) throw new Error('__dash3d.variables: the playground has not mounted yet');
  return variables;
};

if (typeof window !== 'undefined') {
  window.__dash3d = {
    spaces,
    dashboard: () => current(),
    events: () => [...events()],
    variables: {
      names: () => source().names(),
      read: (name) => source().read(name),
      write: (name, value) => source().write(name, value),
      subscribe: (name, onChange) => source().subscribe(name, onChange),
    },
  };
}
