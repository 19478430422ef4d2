import { cancelFrame, requestFrame } from '../util/frames';
import type { GpuPace } from './gpuPace';

/**
 * Render on demand (ARCHITECTURE.md example 8): a frame is drawn only after invalidate(); frame
 * callbacks that want more (controls settling, auto-rotate, animations) call invalidate() again.
 * An idle scene schedules nothing.
 */

/** After an idle period the first dt would be huge; animations advance at most this much per frame. */
const MAX_DT = 0.1;
const HISTORY = 4096;

/** What the drawer learns about a frame (adaptive resolution, engine/resolution.ts). */
export interface FrameInfo {
  /** The frame before asked for this one while it was drawn: the view is moving, frames back to back. */
  continuing: boolean;
  /** Since the frame before (ms); 0 for the first and for drawNow(). */
  intervalMs: number;
}

/** Frames in the last `windowMs`: how many, the longest gap, and every gap (at most MAX_GAPS, the newest). */
export interface WindowStats {
  frames: number;
  longestGapMs: number;
  windowFrames: number;
  windowMs: number;
  windowGapsMs: number[];
}

/** A second at 60 fps and then some: enough to see where a load's frames went (the model benchmark). */
const MAX_GAPS = 120;

/** A bound on the caller's clock, whatever the history holds (stats() also checks the history). */
const MAX_WINDOW_AGE_MS = 600_000;

/**
 * Where a stats window ends, in this thread's performance.now(), for a caller's `endsAt`
 * (performance.timeOrigin + performance.now() on its side). Never trusted: a time that is not a
 * number, ahead of now or older than MAX_WINDOW_AGE_MS gives now.
 */
export function windowEnd(endsAt: number | undefined, now: number, timeOrigin: number): number {
  if (typeof endsAt !== 'number' || !Number.isFinite(endsAt)) return now;
  const end = endsAt - timeOrigin;
  return end <= now && end > now - MAX_WINDOW_AGE_MS ? end : now;
}

export interface Loop {
  /**
   * Ask for a frame. `unfinished`, from inside a frame: this frame does not show all it should yet
   * (work spread over frames, e.g. cards painted within a budget), so it is not current().
   */
  invalidate(unfinished?: boolean): void;
  /**
   * The last drawn frame shows everything asked for from outside the frames (messages, loads): no
   * such change since, and no frame pending but the next of an animation. settled() answers at
   * once then: one more frame would show the same state.
   */
  current(): boolean;
  onFrame(fn: (dt: number) => void): () => void;
  /** Draw synchronously now (pixel readback needs render and read in one task). */
  drawNow(): void;
  pause(): void;
  resume(): void;
  /**
   * Frames in the `windowMs` before `end` (performance.now() of this thread; default: now, also
   * when `end` is before the oldest frame kept).
   */
  stats(windowMs: number, end?: number): WindowStats;
  dispose(): void;
}

/**
 * `idle` runs after a frame that asked for no other (the scene is still), e.g. to draw it once
 * more at full resolution. `pace`: a frame of an animation (asked for by the frame before) waits
 * for a later display frame while the GPU has not finished the ones before (gpuPace.ts).
 */
export function createLoop(draw: (dt: number, info: FrameInfo) => void, idle?: () => void, pace: GpuPace | null = null): Loop {
  const callbacks = new Set<(dt: number) => void>();
  const times = new Float64Array(HISTORY);
  let frames = 0;
  let handle: number | null = null;
  let paused = false;
  let lastTime = 0;
  let askedWhileDrawing = false;
  let inFrame = false;
  /** invalidate() from outside a frame since the last frame was drawn: a change not drawn yet. */
  let changed = false;
  /** The frame being drawn asked for more to finish its work; `lastUnfinished`: the last drawn did. */
  let unfinished = false;
  let lastUnfinished = false;

  function frame(now: number) {
    handle = null;
    // Only frames back to back are paced (the queue grows only there): a frame after a still
    // spell (a change, an input) is drawn at once.
    if (pace && askedWhileDrawing && !pace.ready(performance.now())) {
      handle = requestFrame(frame);
      return;
    }
    inFrame = true;
    unfinished = false;
    const info = { continuing: askedWhileDrawing, intervalMs: lastTime ? now - lastTime : 0 };
    // Coming back from idle: advance as if one frame passed, not the whole idle time.
    const dt = lastTime && now - lastTime < 250 ? Math.min((now - lastTime) / 1000, MAX_DT) : 1 / 60;
    lastTime = now;
    try {
      for (const cb of [...callbacks]) cb(dt);
      draw(dt, info);
      pace?.drawn(performance.now());
      // Cleared only once drawn: a frame that threw shows nothing of what was asked.
      changed = false;
      lastUnfinished = unfinished;
    } finally {
      inFrame = false;
    }
    times[frames % HISTORY] = performance.now();
    frames++;
    // The handle was cleared on entry: set now only if something in this frame invalidated.
    askedWhileDrawing = handle !== null;
    if (!askedWhileDrawing && !paused) idle?.();
  }

  return {
    invalidate(unfinishedWork = false) {
      if (!inFrame) changed = true;
      else if (unfinishedWork) unfinished = true;
      if (handle === null && !paused) handle = requestFrame(frame);
    },
    current() {
      // A frame the last one asked for (auto-rotate, an animation) moves on; it changes nothing asked.
      return frames > 0 && !changed && !lastUnfinished && (handle === null || askedWhileDrawing);
    },
    onFrame(fn) {
      callbacks.add(fn);
      return () => callbacks.delete(fn);
    },
    drawNow() {
      draw(0, { continuing: false, intervalMs: 0 });
    },
    pause() {
      paused = true;
      if (handle !== null) cancelFrame(handle);
      handle = null;
    },
    resume() {
      paused = false;
      lastTime = 0;
      askedWhileDrawing = false;
    },
    stats(windowMs, askedEnd) {
      // An end before the oldest frame kept (HISTORY frames, about a minute at 60 fps) would count
      // a window that is partly forgotten: such a window ends now instead, as documented.
      const oldest = frames > HISTORY ? times[frames % HISTORY]! : -Infinity;
      const end = askedEnd === undefined || askedEnd < oldest ? performance.now() : askedEnd;
      let longest = 0;
      let count = 0;
      let prev = -1;
      const gaps: number[] = [];
      const n = Math.min(frames, HISTORY);
      for (let i = frames - n; i < frames; i++) {
        const t = times[i % HISTORY];
        if (t === undefined || t > end || end - t > windowMs) continue;
        count++;
        if (prev >= 0) {
          longest = Math.max(longest, t - prev);
          gaps.push(Math.round(t - prev));
        }
        prev = t;
      }
      return { frames, longestGapMs: longest, windowFrames: count, windowMs, windowGapsMs: gaps.slice(-MAX_GAPS) };
    },
    dispose() {
      this.pause();
      callbacks.clear();
    },
  };
}
