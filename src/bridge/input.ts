import { POINTER_INPUT_TYPES, toInputMessage, type InputType } from '../../shared/input';
import { keyAction } from '../../shared/camera-keys';

export interface InputOptions {
  /** First-person mode: a click asks the browser for pointer lock (only the main thread can). */
  wantsPointerLock(): boolean;
}

/**
 * Forward the canvas' input to the engine over a MessagePort (commands go over comlink, streams
 * over a raw port: ARCHITECTURE.md example 4). Returns the function that detaches everything.
 */
export function forwardInput(canvas: HTMLCanvasElement, port: MessagePort, opts: InputOptions): () => void {
  const send = (type: InputType, e: Event) => port.postMessage(toInputMessage(type, e as unknown as Record<string, unknown>));
  const offs: (() => void)[] = [];
  const on = <K extends keyof HTMLElementEventMap>(
    target: EventTarget,
    type: K | string,
    fn: (e: Event) => void,
    options?: AddEventListenerOptions,
  ) => {
    target.addEventListener(type, fn, options);
    offs.push(() => target.removeEventListener(type, fn, options));
  };

  // A space widget's panels and frames lie over its canvas: fingers landing there join a gesture
  // begun on the canvas (touchGather.ts). The widget's root when there is one, else the space's.
  // Loaded only where there is a touch screen: a desktop's viewer page never carries it.
  const root = canvas.closest<HTMLElement>('.dash3d-space-widget') ?? canvas.closest<HTMLElement>('.dash3d-space');
  if (root && navigator.maxTouchPoints > 0) {
    let stopped = false;
    let off: (() => void) | undefined;
    import('./touchGather').then(
      ({ gatherTouches }) => {
        if (!stopped) off = gatherTouches(canvas, root, send);
      },
      // Not loaded (offline, a policy): each finger stays with the element it lands on, as before.
      () => undefined,
    );
    offs.push(() => {
      stopped = true;
      off?.();
    });
  }

  canvas.style.touchAction = 'none';
  if (canvas.tabIndex < 0) canvas.tabIndex = 0;

  for (const type of POINTER_INPUT_TYPES) {
    on(canvas, type, (e) => {
      const pe = e as PointerEvent;
      if (type === 'pointerdown') {
        canvas.focus({ preventScroll: true });
        try {
          canvas.setPointerCapture(pe.pointerId);
        } catch {
          // Synthetic events carry no active pointer; nothing to capture.
        }
        // Not for a finger: on a laptop with a touch screen it would capture the mouse's cursor.
        if (opts.wantsPointerLock() && pe.pointerType === 'mouse' && document.pointerLockElement !== canvas) {
          // requestPointerLock returns a promise in current Chromium; a refusal is not an error.
          Promise.resolve(canvas.requestPointerLock?.()).catch(() => undefined);
        }
      }
      send(type, e);
    });
  }
  on(
    canvas,
    'wheel',
    (e) => {
      e.preventDefault(); // the page must not scroll while the designer zooms
      send('wheel', e);
    },
    { passive: false },
  );
  on(canvas, 'contextmenu', (e) => {
    e.preventDefault();
    send('contextmenu', e);
  });
  on(canvas, 'keydown', (e) => {
    const ke = e as KeyboardEvent;
    // Escape leaves the space (Tab does too, as everywhere): the page has the keys again.
    if (ke.key === 'Escape') return canvas.blur();
    // Keys the scene uses (the camera's, shared/camera-keys.ts; Space and the arrows of walking and
    // flying) must not scroll the page, nor reach the host's own shortcuts while the space has focus.
    if (keyAction(ke) || ke.code === 'Space' || ke.code.startsWith('Arrow')) {
      e.preventDefault();
      e.stopPropagation();
    }
    send('keydown', e);
  });
  on(canvas, 'keyup', (e) => send('keyup', e));
  on(canvas, 'blur', () => port.postMessage({ type: 'blur' }));
  on(document, 'pointerlockchange', () => {
    port.postMessage({ type: 'lockchange', locked: document.pointerLockElement === canvas });
  });

  return () => {
    offs.forEach((off) => off());
    if (document.pointerLockElement === canvas) document.exitPointerLock();
  };
}
