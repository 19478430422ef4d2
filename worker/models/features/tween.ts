import type { EngineContext } from '../../engine/context';

/** Slow in, slow out: a part eases away from where it was and settles where it goes. */
export const easeInOut = (k: number) => (k < 0.5 ? 2 * k * k : 1 - Math.pow(-2 * k + 2, 2) / 2);

export interface Tween {
  /**
   * Run `step(progress)` on each frame for `ms` milliseconds, progress eased from 0 to 1 (it ends
   * on exactly 1). A new start replaces the running one; `ms <= 0` steps to 1 at once.
   */
  start(ms: number, step: (progress: number) => void): void;
  /** Stop without a last step (the caller decides where things stay). */
  stop(): void;
  readonly running: boolean;
}

/**
 * Time advances by the loop's frame delta, not the wall clock: the loop caps a frame's delta, so
 * a stalled worker resumes a tween where it was instead of jumping to its end. Frames are asked
 * for only while a tween runs (render on demand).
 */
export function createTween(ctx: EngineContext): Tween {
  let unsubscribe: (() => void) | null = null;
  let step: ((progress: number) => void) | null = null;
  let elapsed = 0;
  let duration = 0;

  const stop = () => {
    unsubscribe?.();
    unsubscribe = null;
    step = null;
  };

  const frame = (dt: number) => {
    if (!step) return;
    elapsed += dt * 1000;
    const k = Math.min(1, elapsed / duration);
    const current = step;
    if (k >= 1) stop();
    current(easeInOut(k));
    ctx.invalidate();
  };

  return {
    start(ms, fn) {
      elapsed = 0;
      duration = ms;
      if (!(ms > 0)) {
        stop();
        fn(1);
        ctx.invalidate();
        return;
      }
      step = fn;
      unsubscribe ??= ctx.onFrame(frame);
      ctx.invalidate();
    },
    stop,
    get running() {
      return step !== null;
    },
  };
}
