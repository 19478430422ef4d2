import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CameraView, PixelReadout } from '../../../shared/protocol';
import type { RenderHandle } from '../../bridge/connection';
import { withTimeout } from '../../../shared/timeout';
import { setLiveContextCap, watchLiveContext, type LiveContextChange, type LiveContextWatch } from '../../bridge/visibility';
import { useLatest } from '../../host/useLatest';

/**
 * A worker that does not hand over its last frame this fast is released without one (a hung one
 * must not keep its context). Generous: on a starved machine a healthy worker takes seconds.
 */
const CAPTURE_TIMEOUT_MS = 15_000;

/**
 * Whether this space holds a WebGL context now (src/bridge/visibility.ts decides), and what it
 * shows while it does not. Before the engine is released its last frame and camera pose are
 * taken; the frame is shown in its place (so scrolling looks seamless), and the pose is put back
 * on the engine started when the space is in view again, before the frame is taken away. The
 * configuration and the models need no saving: the space holds them and starts the new engine
 * with the latest of both.
 */
export function useLiveContext(
  host: RefObject<HTMLElement | null>,
  handle: RefObject<RenderHandle | null>,
  ready: () => boolean,
  cap: number | undefined,
) {
  const [live, setLive] = useState(false);
  const [snapshot, setSnapshot] = useState<PixelReadout | null>(null);
  /** In view but not given a context yet (over the page's cap): its loading screen says it waits its turn. */
  const [waiting, setWaiting] = useState(false);
  const view = useRef<CameraView | null>(null);
  /** Taken when the space first drew: what a release shows if the worker cannot answer in time. */
  const early = useRef<{ pose: CameraView; pixels: PixelReadout } | null>(null);
  const watch = useRef<LiveContextWatch | null>(null);
  /** The frame on show now (state lags behind; the release path must know at once). */
  const shown = useRef<PixelReadout | null>(null);
  /** A release is under way: a restore finishing meanwhile must not take the frame away. */
  const leaving = useRef(false);
  const show = (pixels: PixelReadout | null) => {
    shown.current = pixels;
    setSnapshot(pixels);
  };
  const isReady = useLatest(ready);

  useEffect(() => {
    if (cap !== undefined) setLiveContextCap(cap);
  }, [cap]);

  // Settles the registry's release once React removed the engine (its effect clean-up ran).
  const released = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!live) {
      released.current?.();
      released.current = null;
    }
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let disposed = false;
    const capture = async () => {
      const h = handle.current;
      // Still coming back (its frame on show, the view not drawn yet): the frame on show is the right one.
      if (!h || !isReady.current() || shown.current) return;
      let kept = early.current;
      try {
        const [pose, pixels] = await withTimeout(
          Promise.all([h.getView(), h.readPixels()]),
          CAPTURE_TIMEOUT_MS,
          () => new Error('timed out'),
        );
        kept = { pose, pixels };
      } catch (err) {
        // Released all the same (a hung worker must not keep its context), with the early frame.
        console.warn('[dash3d] could not take the last frame of a space leaving the view, showing its first one:', err);
      }
      if (disposed || !kept) return;
      view.current = kept.pose;
      show(kept.pixels);
    };
    const change: LiveContextChange = async (on) => {
      leaving.current = !on;
      if (on) return setLive(true);
      await capture();
      if (disposed) return;
      await new Promise<void>((resolve) => {
        released.current?.();
        released.current = resolve;
        // Already off (a start and a release in one batch): nothing will render, settle now.
        setLive((was) => {
          if (!was) resolve();
          return false;
        });
      });
    };
    const w = watchLiveContext(el, change, setWaiting);
    watch.current = w;
    return () => {
      disposed = true;
      released.current?.();
      released.current = null;
      w.dispose();
      watch.current = null;
    };
  }, [host, handle, isReady]);

  return {
    live,
    /** The last frame while released (and until a restored engine drew the same view). */
    snapshot,
    waiting,
    /** The camera pose kept over a release (null when live or never drawn). */
    view: () => view.current,
    /** The space holds a frame of its own: the engine need not show its loading screen again. */
    resuming: () => snapshot !== null,
    /** The space drew (true): it has an image now; keep a first frame in case a later one cannot be had. False: it has none. */
    drawn(has: boolean) {
      const h = handle.current;
      if (has && h && !early.current) {
        void Promise.all([h.getView(), h.readPixels()]).then(
          ([pose, pixels]) => void (early.current ??= { pose, pixels }),
          () => undefined,
        );
      }
      watch.current?.drawn(has);
    },
    touch: () => watch.current?.touch(),
    /** Put the kept pose back on a new engine, and take the frame away once it drew. */
    async restore(h: RenderHandle, stale: () => boolean) {
      const pose = view.current;
      if (pose) await h.viewTo(pose, 0).catch(() => undefined);
      await h.settled();
      if (stale() || leaving.current) return;
      view.current = null;
      show(null);
    },
  };
}
