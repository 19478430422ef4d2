import type { InputMessage } from '../../shared/input';

type Listener = (event: StandInEvent) => void;
type ListenerLike = Listener | { handleEvent: Listener };

/** The event object handed to listeners: the forwarded fields plus the methods controls call. */
export type StandInEvent = InputMessage & {
  preventDefault(): void;
  stopPropagation(): void;
  /** The listeners after this one do not hear the event (a gizmo takes a press from the camera controls). */
  stopImmediatePropagation(): void;
  target: ElementStandIn;
  currentTarget: ElementStandIn;
};

/**
 * Exactly what OrbitControls and our first-person / fly controls use of a DOM element, for a
 * worker that has none (TOOLCHAIN.md). It is its own ownerDocument and root node, so listeners
 * the controls add "on the document" receive the same forwarded stream.
 */
export class ElementStandIn {
  readonly style: Record<string, string> = {};
  clientWidth = 0;
  clientHeight = 0;
  private left = 0;
  private top = 0;
  private listeners = new Map<string, Set<ListenerLike>>();
  /** Listeners added with `{ capture: true }` (or true): heard before the others. */
  private first = new Map<string, Set<ListenerLike>>();
  /** No pointer lock is ever held by a stand-in's document (the page's lock is reported as 'lockchange'). */
  readonly pointerLockElement = null;

  get ownerDocument(): this {
    return this;
  }
  get documentElement(): this {
    return this;
  }
  getRootNode(): this {
    return this;
  }

  setRect(width: number, height: number, left = 0, top = 0): void {
    this.clientWidth = width;
    this.clientHeight = height;
    this.left = left;
    this.top = top;
  }

  getBoundingClientRect() {
    const { left, top, clientWidth: width, clientHeight: height } = this;
    return { left, top, width, height, x: left, y: top, right: left + width, bottom: top + height };
  }

  addEventListener(type: string, listener: ListenerLike | null, options?: boolean | { capture?: boolean }): void {
    if (!listener) return;
    const map = capture(options) ? this.first : this.listeners;
    let set = map.get(type);
    if (!set) map.set(type, (set = new Set()));
    set.add(listener);
  }

  removeEventListener(type: string, listener: ListenerLike | null, options?: boolean | { capture?: boolean }): void {
    if (listener) (capture(options) ? this.first : this.listeners).get(type)?.delete(listener);
  }

  /**
   * Dispatch one forwarded message; a throwing listener must not stop the others. True when a
   * listener kept it from the rest (a gizmo took the press: a long press must not take it back).
   */
  dispatch(message: InputMessage): boolean {
    const all = [...(this.first.get(message.type) ?? []), ...(this.listeners.get(message.type) ?? [])];
    if (all.length === 0) return false;
    let stopped = false;
    const event: StandInEvent = {
      ...message,
      preventDefault() {},
      stopPropagation() {},
      stopImmediatePropagation() {
        stopped = true;
      },
      target: this,
      currentTarget: this,
    };
    for (const l of all) {
      if (stopped) break;
      try {
        if (typeof l === 'function') l(event);
        else l.handleEvent(event);
      } catch (err) {
        console.error('[dash3d] input listener failed', err);
      }
    }
    return stopped;
  }

  listenerCount(): number {
    let n = 0;
    for (const s of [...this.listeners.values(), ...this.first.values()]) n += s.size;
    return n;
  }

  setPointerCapture(): void {}
  releasePointerCapture(): void {}
  hasPointerCapture(): boolean {
    return false;
  }
  focus(): void {}
  requestPointerLock(): void {}
}

const capture = (options?: boolean | { capture?: boolean }) => (typeof options === 'boolean' ? options : options?.capture === true);
