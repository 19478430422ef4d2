/**
 * Frames drawn no faster than the GPU finishes them. WebGL calls only queue commands: a loop that
 * draws on every display frame (a spinning model, auto-rotate) while the GPU lags behind (a
 * software GPU on a loaded machine) queues more than it finishes, and the queue grows without
 * bound. Firefox ESR 153 in a worker did so: after 100 s of a spinning model beside two busy
 * loops, the next pixel readback (readPixels, or a screenshot of the page) waited behind the whole
 * queue, and the worker answered nothing for over 60 s (issue 44). A fence after each frame, and
 * no new frame of an animation while MAX_IN_FLIGHT of them are unfinished, keeps the queue to three
 * frames: the frame rate becomes what the GPU draws, and a readback waits for three frames at most.
 *
 * WebGL1 has no fences: there frames are not paced (as before).
 */

/**
 * Frames queued but not finished before the next waits. Three: Chromium's worker drew the light
 * bench scene at 25 fps with two, 29 with three, as without a pace (its own pipeline is that deep).
 */
const MAX_IN_FLIGHT = 3;
/**
 * A fence not signalled in this long is given up (a lost context's fences never signal): a scene
 * on a stuck GPU still moves on, one frame per this long.
 */
const GIVE_UP_MS = 2_000;

/** The part of a WebGL2 context the pace uses (a fake in unit tests, with its own fence type). */
export interface FenceContext<Sync extends object = WebGLSync> {
  readonly SYNC_GPU_COMMANDS_COMPLETE: number;
  readonly SYNC_STATUS: number;
  readonly SIGNALED: number;
  fenceSync(condition: number, flags: number): Sync | null;
  getSyncParameter(sync: Sync, pname: number): unknown;
  deleteSync(sync: Sync | null): void;
  flush(): void;
  isContextLost(): boolean;
}

export interface GpuPace {
  /** Whether a frame may be drawn now; false while MAX_IN_FLIGHT frames are unfinished. */
  ready(now: number): boolean;
  /** A frame was drawn: fence it. */
  drawn(now: number): void;
}

const isFenceContext = (gl: unknown): gl is FenceContext<object> =>
  typeof (gl as Partial<FenceContext<object>> | null)?.fenceSync === 'function' &&
  typeof (gl as FenceContext<object>).getSyncParameter === 'function';

/** A pace for `gl`, or null where it has no fences (WebGL1). */
export function createGpuPace(gl: unknown): GpuPace | null {
  if (!isFenceContext(gl)) return null;
  const inFlight: { sync: object; at: number }[] = [];
  return {
    ready(now) {
      if (gl.isContextLost()) {
        inFlight.length = 0;
        return true;
      }
      // Fences signal in order: reap from the oldest while they are done or given up.
      let done = 0;
      while (done < inFlight.length) {
        const f = inFlight[done]!;
        if (gl.getSyncParameter(f.sync, gl.SYNC_STATUS) !== gl.SIGNALED && now - f.at < GIVE_UP_MS) break;
        done++;
      }
      for (const f of inFlight.splice(0, done)) gl.deleteSync(f.sync);
      return inFlight.length < MAX_IN_FLIGHT;
    },
    drawn(now) {
      if (gl.isContextLost()) return;
      const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      if (!sync) return;
      // Sent now, so that the fence can signal without waiting for the next frame's commands.
      gl.flush();
      inFlight.push({ sync, at: now });
    },
  };
}
