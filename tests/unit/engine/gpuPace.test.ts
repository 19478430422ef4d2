import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGpuPace, type FenceContext } from '../../../worker/engine/gpuPace';
import { createLoop } from '../../../worker/engine/loop';

/*
 * Frames no faster than the GPU finishes them (worker/engine/gpuPace.ts): a fake WebGL2 context
 * whose fences signal only when the test says the GPU finished. In Node the loop's clock is a
 * 16 ms timer.
 */

afterEach(() => {
  vi.useRealTimers();
});

interface Fence {
  n: number;
}

/** A context whose GPU finishes fences only through finish(); `lost` as the test sets it. */
function fakeGpu() {
  let next = 0;
  let finished = 0;
  const live = new Set<number>();
  const gpu = {
    lost: false,
    flushes: 0,
    SYNC_GPU_COMMANDS_COMPLETE: 1,
    SYNC_STATUS: 2,
    SIGNALED: 3,
    fenceSync: (): Fence => {
      live.add(++next);
      return { n: next };
    },
    getSyncParameter: (sync: Fence) => (sync.n <= finished ? 3 : 4),
    deleteSync: (sync: Fence | null) => void (sync && live.delete(sync.n)),
    flush: () => void gpu.flushes++,
    isContextLost: (): boolean => gpu.lost,
    /** The GPU finished every frame queued so far. */
    finish: () => void (finished = next),
    /** Fences not deleted. */
    live: () => live.size,
  };
  const asContext: FenceContext<Fence> = gpu;
  return Object.assign(gpu, { asContext });
}

describe('the GPU pace', () => {
  it('lets three frames be unfinished, then waits until the GPU finished one', () => {
    const gpu = fakeGpu();
    const pace = createGpuPace(gpu)!;
    for (const at of [0, 16, 32]) {
      expect(pace.ready(at)).toBe(true);
      pace.drawn(at);
    }
    expect(gpu.flushes).toBe(3);
    expect(pace.ready(48)).toBe(false);
    expect(pace.ready(64)).toBe(false);
    gpu.finish();
    expect(pace.ready(80)).toBe(true);
    // The finished fences were deleted, not kept.
    expect(gpu.live()).toBe(0);
  });

  it('gives a fence up after 2 s (a stuck GPU still moves on, slowly), and forgets fences of a lost context', () => {
    const gpu = fakeGpu();
    const pace = createGpuPace(gpu)!;
    pace.drawn(0);
    pace.drawn(1_000);
    pace.drawn(1_000);
    expect(pace.ready(1_999)).toBe(false);
    // The oldest given up: one place free.
    expect(pace.ready(2_000)).toBe(true);
    pace.drawn(2_000);
    expect(pace.ready(2_016)).toBe(false);
    gpu.lost = true;
    expect(pace.ready(2_032)).toBe(true);
    pace.drawn(2_032); // nothing fenced on a lost context
    gpu.lost = false;
    expect(pace.ready(2_048)).toBe(true);
  });

  it('is none on a context without fences (WebGL1): frames are not paced', () => {
    expect(createGpuPace({ getParameter: () => null })).toBeNull();
    expect(createGpuPace(null)).toBeNull();
  });

  it('in the loop: a scene that asks for frames on end draws only as fast as the GPU finishes them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const gpu = fakeGpu();
    let drawn = 0;
    const loop = createLoop(
      () => {
        drawn++;
        loop.invalidate(); // a spinning model: every frame asks for the next
      },
      undefined,
      createGpuPace(gpu),
    );
    loop.invalidate();
    await vi.advanceTimersByTimeAsync(16 * 20);
    // Three frames queued, none finished: the loop waits on the display's clock, drawing nothing.
    expect(drawn).toBe(3);
    for (let i = 0; i < 5; i++) {
      gpu.finish();
      await vi.advanceTimersByTimeAsync(16 * 4);
    }
    // Each finish lets three more frames through: 15, not the 40 display frames that passed.
    expect(drawn).toBe(18);
    loop.dispose();
  });

  it('in the loop: a frame after a still spell (a change, an input) is drawn at once, unfinished frames or not', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const gpu = fakeGpu();
    let drawn = 0;
    const loop = createLoop(() => void drawn++, undefined, createGpuPace(gpu));
    for (let i = 0; i < 4; i++) {
      loop.invalidate();
      await vi.advanceTimersByTimeAsync(32);
    }
    // The GPU finished none of them: an animation would have waited after three.
    expect(drawn).toBe(4);
    loop.dispose();
  });
});
