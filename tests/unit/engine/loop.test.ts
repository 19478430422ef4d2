import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop, windowEnd } from '../../../worker/engine/loop';

/*
 * The frame loop's window statistics (what the benchmark reads): frames in the window, the longest
 * gap, and every gap, oldest first, at most the newest 120. In Node the loop's clock is a 16 ms timer.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('the frame loop: window statistics', () => {
  it('lists the gaps between the frames of the window, oldest first, and the longest of them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const loop = createLoop(() => undefined);
    // Three frames 16 ms apart, a pause, then two more.
    for (let i = 0; i < 3; i++) {
      loop.invalidate();
      await vi.advanceTimersByTimeAsync(16);
    }
    await vi.advanceTimersByTimeAsync(100);
    for (let i = 0; i < 2; i++) {
      loop.invalidate();
      await vi.advanceTimersByTimeAsync(16);
    }
    const s = loop.stats(10_000);
    expect(s.frames).toBe(5);
    expect(s.windowFrames).toBe(5);
    expect(s.windowGapsMs).toEqual([16, 16, 116, 16]);
    expect(s.longestGapMs).toBe(116);
    // A window that holds only the last two frames has their one gap.
    expect(loop.stats(20).windowGapsMs).toEqual([16]);
    // A window that ended before the pause (a call that waited in the queue while frames went on):
    // the three frames before it, none of the two after.
    const t = performance.now();
    // Both edges of a window count: a frame stamped at its end or at its start.
    expect(loop.stats(32, 48).windowFrames).toBe(3);
    expect(loop.stats(31.9, 48).windowFrames).toBe(2);
    expect(loop.stats(0, 32).windowFrames).toBe(1);
    const before = loop.stats(60, t - 130);
    expect(before.windowFrames).toBe(3);
    expect(before.windowGapsMs).toEqual([16, 16]);
    expect(loop.stats(10_000, t - 130).windowFrames).toBe(3);
    loop.dispose();
  });

  it('a window that ends before the oldest frame kept ends now instead', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    let n = 0;
    const loop = createLoop(() => {
      if (++n < 4200) loop.invalidate();
    });
    loop.invalidate();
    await vi.advanceTimersByTimeAsync(16 * 4300);
    // The first 104 frames are forgotten: a window around them would be counted short.
    const asked = loop.stats(100_000, 500);
    expect(asked).toEqual(loop.stats(100_000));
    expect(asked.windowFrames).toBe(4096);
    // One inside the history is counted as asked: the last second of the frames.
    expect(loop.stats(1000, 16 * 4200).windowFrames).toBeGreaterThan(60);
    loop.dispose();
  });

  it("a stats window's end from a caller is never trusted", () => {
    // This thread's clock started at 1000 ms since the epoch: endsAt 5960 is its 4960.
    expect(windowEnd(1000 + 5000 - 40, 5000, 1000)).toBe(4960);
    expect(windowEnd(undefined, 5000, 1000)).toBe(5000);
    expect(windowEnd(Number.NaN, 5000, 1000)).toBe(5000);
    expect(windowEnd(Infinity, 5000, 1000)).toBe(5000);
    // Ahead of now (another clock, a forged value) or older than the history: now.
    expect(windowEnd(1000 + 5001, 5000, 1000)).toBe(5000);
    expect(windowEnd(1000 + 5000 - 700_000, 5000, 1000)).toBe(5000);
    expect(windowEnd('4000' as unknown as number, 5000, 1000)).toBe(5000);
    // The edges: now itself is kept; exactly the age limit is not.
    expect(windowEnd(1000 + 5000, 5000, 1000)).toBe(5000);
    expect(windowEnd(1000 + 700_000 - 600_000, 700_000, 1000)).toBe(700_000);
    expect(windowEnd(1000 + 700_000 - 599_999, 700_000, 1000)).toBe(100_001);
  });

  it('keeps the newest 120 gaps of a long window', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    let n = 0;
    const loop = createLoop(() => {
      n++;
      if (n < 200) loop.invalidate();
    });
    loop.invalidate();
    await vi.advanceTimersByTimeAsync(16 * 210);
    const s = loop.stats(60_000);
    expect(s.windowFrames).toBe(200);
    expect(s.windowGapsMs).toHaveLength(120);
    expect(s.windowGapsMs.every((g) => g === 16)).toBe(true);
    loop.dispose();
  });
});

describe('the frame loop: is the last frame current (what settled() answers at once on)', () => {
  it('is not before the first frame, nor while a change asked for from outside is not drawn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const loop = createLoop(() => undefined);
    expect(loop.current()).toBe(false);
    loop.invalidate();
    expect(loop.current()).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    // Drawn, nothing pending: a still scene is current.
    expect(loop.current()).toBe(true);
    loop.invalidate();
    expect(loop.current()).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    expect(loop.current()).toBe(true);
    loop.dispose();
  });

  it('is while an animation asks for its next frame, until something from outside changes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const loop = createLoop(() => loop.invalidate());
    loop.invalidate();
    await vi.advanceTimersByTimeAsync(40);
    expect(loop.stats(10_000).frames).toBeGreaterThan(1);
    expect(loop.current()).toBe(true);
    loop.invalidate();
    expect(loop.current()).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    expect(loop.current()).toBe(true);
    loop.dispose();
  });

  it('is not after a frame that asked for more to finish its work (cards painted within a budget)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    let left = 2;
    const loop = createLoop(() => {
      if (left-- > 0) loop.invalidate(true);
    });
    loop.invalidate();
    await vi.advanceTimersByTimeAsync(16);
    expect(loop.current()).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    expect(loop.current()).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    expect(loop.stats(10_000).frames).toBe(3);
    expect(loop.current()).toBe(true);
    loop.dispose();
  });

  it('is not when a still frame asked for one more (drawn sharp after a scaled-down one)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    let sharpen = true;
    const loop = createLoop(
      () => undefined,
      () => {
        if (sharpen) loop.invalidate();
        sharpen = false;
      },
    );
    loop.invalidate();
    await vi.advanceTimersByTimeAsync(16);
    expect(loop.current()).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    expect(loop.current()).toBe(true);
    loop.dispose();
  });
});
