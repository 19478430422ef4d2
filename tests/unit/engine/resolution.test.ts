import { describe, expect, it } from 'vitest';
import { AdaptiveScale, SCALE_STEPS, startStep } from '../../../worker/engine/resolution';

const AUTO = { resolution: 'auto', pixelRatio: 1, targetFps: 30 } as const;

/** Feeds frames of `ms` each for `forMs`; returns the clock after them. */
function run(a: AdaptiveScale, ms: number | ((scale: number) => number), start: number, forMs: number): number {
  let now = start;
  while (now < start + forMs) {
    const interval = typeof ms === 'number' ? ms : ms(a.scale);
    now += interval;
    a.sample(interval, now);
  }
  return now;
}

describe('adaptive resolution', () => {
  it('steps down when frames stay slow, and only as far as the pixel count says', () => {
    const a = new AdaptiveScale();
    a.configure(AUTO);
    // 45 ms at full size, a frame that costs in proportion to its pixels.
    const now = run(a, (s) => 45 * s * s, 0, 2000);
    expect(a.scale).toBeLessThan(1);
    expect(45 * a.scale ** 2).toBeLessThanOrEqual(1000 / 30);
    // Then it holds: no further change while frames fit.
    const changes = a.changes;
    run(a, (s) => 45 * s * s, now, 3000);
    expect(a.changes).toBe(changes);
  });

  it('goes back to full scale when frames are fast again', () => {
    const a = new AdaptiveScale();
    a.configure(AUTO);
    const now = run(a, (s) => 200 * s * s, 0, 2000);
    expect(a.scale).toBe(SCALE_STEPS.at(-1));
    run(a, 16.7, now, 2000);
    expect(a.scale).toBe(1);
  });

  it('does not bounce between two steps: a step up that is too slow waits longer each time', () => {
    const a = new AdaptiveScale();
    a.configure(AUTO);
    // Bound by something else than pixels at full scale only: fast below, slow at 1.
    const cost = (s: number) => (s === 1 ? 45 : 18);
    run(a, cost, 0, 20_000);
    // A naive controller changes every ~0.4 s (50 times in 20 s); with the back-off, a handful.
    expect(a.changes).toBeLessThan(12);
    expect(a.changes).toBeGreaterThan(1);
  });

  it('a fixed setting keeps scale 1 and measures nothing; switching back to auto starts sharp', () => {
    const a = new AdaptiveScale();
    a.configure({ ...AUTO, resolution: 'fixed' });
    run(a, 200, 0, 2000);
    expect(a.scale).toBe(1);
    expect(a.changes).toBe(0);
    a.configure(AUTO);
    run(a, 200, 2000, 2000);
    expect(a.scale).toBeLessThan(1);
    a.configure({ ...AUTO, resolution: 'fixed' });
    a.configure(AUTO);
    expect(a.scale).toBe(1);
  });

  it('reads the target from the setting: 20 fps tolerates what 30 does not', () => {
    const a = new AdaptiveScale();
    a.configure({ ...AUTO, targetFps: 20 });
    run(a, 45, 0, 2000);
    expect(a.scale).toBe(1);
    a.configure({ ...AUTO, targetFps: 30 });
    run(a, 45, 2000, 2000);
    expect(a.scale).toBeLessThan(1);
  });
});

describe('adaptive resolution on a display that quantises frames', () => {
  const TICK = 1000 / 60;

  it('steps down when one frame in three misses its tick, although most are on time (target 60)', () => {
    const a = new AdaptiveScale();
    a.configure({ ...AUTO, targetFps: 60 });
    let i = 0;
    // 45 fps: two frames on their tick, one a tick late. The median interval would say 60 fps.
    run(a, () => (i++ % 3 === 2 ? 2 * TICK : TICK), 0, 2000);
    expect(a.scale).toBeLessThan(1);
  });

  it('does not step down for one hitch in a window of frames on time', () => {
    const a = new AdaptiveScale();
    a.configure(AUTO);
    let i = 0;
    // 30 fps with one 250 ms frame (a collection, an upload) every 20 frames.
    run(a, () => (++i % 20 === 0 ? 250 : 2 * TICK), 0, 10_000);
    expect(a.changes).toBe(0);
  });
});

describe('adaptive resolution at the display rate (target 60 on a 60 Hz screen)', () => {
  const TICK = 1000 / 60;
  /** A frame that costs `ms` is shown on the next tick after it is done. */
  const onTicks = (ms: number) => Math.max(1, Math.ceil(ms / TICK - 1e-9)) * TICK;
  const AT_60 = { ...AUTO, targetFps: 60 } as const;

  it('steps back up when every frame is on time, although no interval can show room', () => {
    const a = new AdaptiveScale();
    a.configure(AT_60);
    // Busy: 25 ms of pixels at full size; the scale drops until frames make their tick.
    const now = run(a, (s) => onTicks(25 * s * s), 0, 3000);
    expect(a.scale).toBeLessThan(1);
    expect(25 * a.scale ** 2).toBeLessThanOrEqual(TICK);
    // The load goes: 10 ms at full size fits a tick. Back to full size within 3 s.
    run(a, (s) => onTicks(10 * s * s), now, 3000);
    expect(a.scale).toBe(1);
  });

  it('a step up that misses its ticks is undone and tried less and less often', () => {
    const a = new AdaptiveScale();
    a.configure(AT_60);
    // On time at 0.7 (12 ms), late at 0.85 (18 ms): the step up is tried now and then, not every window.
    const now = run(a, (s) => onTicks(25 * s * s), 0, 3000);
    expect(a.scale).toBe(0.7);
    const lowest = { scale: 1 };
    run(
      a,
      (s) => {
        lowest.scale = Math.min(lowest.scale, s);
        return onTicks(25 * s * s);
      },
      now,
      30_000,
    );
    expect(a.changes).toBeLessThan(16);
    // A wrong step up goes back to 0.7, where frames were on time, not past it (a late frame
    // counts two ticks, which would say 0.6).
    expect(lowest.scale).toBe(0.7);
    expect(a.scale).toBeLessThanOrEqual(0.85);
  });
});

describe('where a moving view starts, by the screen’s pixel ratio (issue 30 point 3)', () => {
  it('up to 1.5 at full scale; at 2 (a tablet, a phone at 3 capped by the stage) at 0.7, half the pixels', () => {
    expect([1, 1.25, 1.5, 1.75, 2].map((r) => SCALE_STEPS[startStep(r)])).toEqual([1, 1, 1, 0.85, 0.7]);
    const a = new AdaptiveScale();
    a.configure(AUTO);
    a.setDevicePixelRatio(2);
    expect(a.scale).toBe(0.7);
    expect(a.changes).toBe(0);
  });

  it('a tablet with room steps up to full scale; one without holds its target from the first frame', () => {
    const fast = new AdaptiveScale();
    fast.configure(AUTO);
    fast.setDevicePixelRatio(2);
    // 20 ms at full scale (4 times a ratio-1 screen's pixels): room, even at 30 fps.
    run(fast, (s) => 20 * s * s, 0, 2000);
    expect(fast.scale).toBe(1);
    const slow = new AdaptiveScale();
    slow.configure(AUTO);
    slow.setDevicePixelRatio(2);
    // 60 ms at full scale: at 0.7 it is 29 ms, on target (33 ms) from the first frame, and it stays.
    let late = 0;
    run(
      slow,
      (s) => {
        if (60 * s * s > 1000 / 30) late++;
        return 60 * s * s;
      },
      0,
      3000,
    );
    expect(slow.scale).toBe(0.7);
    expect(late).toBe(0);
  });

  it('a new ratio (another screen, the page zoomed) starts again where that ratio starts', () => {
    const a = new AdaptiveScale();
    a.configure(AUTO);
    a.setDevicePixelRatio(2);
    run(a, (s) => 200 * s * s, 0, 2000);
    expect(a.scale).toBe(SCALE_STEPS.at(-1));
    a.setDevicePixelRatio(1);
    expect(a.scale).toBe(1);
    a.setDevicePixelRatio(2);
    expect(a.scale).toBe(0.7);
  });
});

describe('adaptive resolution with overlays drawn over the scaled scene (issue 34)', () => {
  /**
   * Below full scale a frame also stretches the scene and draws the cards at full resolution: a
   * cost no step makes smaller (20 ms here, a software rasteriser's). At full scale there is none.
   */
  const composed = (pixels: number) => (s: number) => (s === 1 ? pixels : 20 + pixels * s * s);
  const fresh = (on: boolean) => {
    const a = new AdaptiveScale();
    a.configure(AUTO);
    a.setComposed(on);
    return a;
  };

  it('a scale stepped down for a passing load comes back to full, though its frames never read fast', () => {
    const after = (on: boolean) => {
      const a = fresh(on);
      // A passing load bound by pixels: 200 ms a frame at full scale, down to the lowest step.
      const now = run(a, (s) => 200 * s * s, 0, 2000);
      expect(a.scale).toBe(SCALE_STEPS.at(-1));
      // Then the scene costs 25 ms at full scale, 26 ms at 0.5 with the overlays' pass: never under
      // the fast threshold (22 ms, 0.66 of the target), never slow (40 ms) either.
      run(a, composed(25), now, 15_000);
      return a.scale;
    };
    expect(after(false)).toBe(SCALE_STEPS.at(-1));
    expect(after(true)).toBe(1);
  });

  it('frames slow whatever the scale, drawn smaller no faster: full scale most of the time, sharp', () => {
    const a = fresh(true);
    // Bound by something else than pixels, and the overlays' pass below full scale: 45 ms at full
    // scale (slow: over 40), 44 ms and more smaller.
    let atFull = 0;
    let frames = 0;
    run(
      a,
      (s) => {
        frames++;
        if (s === 1) atFull++;
        return s === 1 ? 45 : 44 + s;
      },
      0,
      40_000,
    );
    expect(atFull / frames).toBeGreaterThan(0.8);
    // Tried again after 2, 4, 8, 16 and 30 s: a handful of changes in 40 s.
    expect(a.changes).toBeLessThan(12);
  });

  it('frames slow at the lowest step are not tried at full scale', () => {
    const a = fresh(true);
    // Bound by pixels: 600 ms at full scale, 150 at 0.5 (faster, still slow).
    const cost = (s: number) => 600 * s * s;
    const now = run(a, cost, 0, 3000);
    expect(a.scale).toBe(SCALE_STEPS.at(-1));
    const changes = a.changes;
    run(a, cost, now, 10_000);
    expect(a.changes).toBe(changes);
  });

  it('a scene bound by its pixels keeps the step that fits: full scale tried, undone, less and less often', () => {
    const a = fresh(true);
    // 60 ms at full scale; 0.7 fits (32 ms with the overlays' pass: in the band).
    const cost = (s: number) => (s === 1 ? 60 : 5 + 55 * s * s);
    const now = run(a, cost, 0, 3000);
    const held = a.scale;
    expect(held).toBeLessThan(1);
    expect(cost(held)).toBeLessThanOrEqual((1000 / 30) * 1.2);
    const changes = a.changes;
    run(a, cost, now, 40_000);
    expect(a.scale).toBe(held);
    // Tries at 2 s, then after 2, 4, 8, 16 and 30 s of back-off: a handful in 40 s, not one every 2 s.
    expect(a.changes - changes).toBeLessThan(14);
    expect(a.changes - changes).toBeGreaterThan(1);
  });
});
