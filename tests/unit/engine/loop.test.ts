import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLoop } from '../../../worker/engine/loop';

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
    loop.dispose();
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
