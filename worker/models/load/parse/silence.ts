/**
 * Silence from another thread, counted in this thread's own time: a timer ticks, and each tick
 * adds the time since the last one, but never more than two ticks' worth. When this thread was
 * itself held up (a long frame, a shader compile, a machine so busy that its timers come late),
 * the other thread's answer may be waiting in the queue behind the late tick: that time is not
 * the other's silence. So on an idle machine the bound is what it says, and on a loaded one it
 * stretches with the load: a parse worker is given up on for silence, never for slowness
 * (issue 41: on a machine at load average 14 healthy parse workers were given up after 10 s).
 */
export interface Silence {
  /** The other thread said something: the count starts again. */
  heard(): void;
  stop(): void;
}

export function watchSilence(ms: number, onSilent: () => void): Silence {
  const tickMs = Math.min(250, Math.max(10, ms / 8));
  let silent = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    silent += Math.min(now - last, 2 * tickMs);
    last = now;
    if (silent < ms) return;
    clearInterval(timer);
    onSilent();
  }, tickMs);
  return {
    heard() {
      silent = 0;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
