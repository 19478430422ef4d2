import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../../../src/bridge/heartbeat';

/**
 * The heartbeat's decision with a fake clock: a worker is simulated by when it answers pings.
 * `answerAfter(ms)` answers every ping that much later (a starved worker is slow, not stopped).
 */
function fakeWorker() {
  let delay: number | null = 0;
  return {
    ping: () =>
      new Promise<number>((resolve) => {
        const d = delay;
        // null: a script loops, the ping is never answered.
        if (d !== null) setTimeout(() => resolve(performance.now()), d);
      }),
    answerAfter(ms: number | null) {
      delay = ms;
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const opts = { intervalMs: 100, silentTicks: 10, slowTicks: 200 };

describe('heartbeat: a starved worker from a looping script', () => {
  it('a worker that answers at once is never judged', async () => {
    const w = fakeWorker();
    const onSilent = vi.fn();
    const stop = startHeartbeat(w.ping, () => true, onSilent, opts);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onSilent).not.toHaveBeenCalled();
    stop();
  });

  it('a script that loops from the start is a hang after silentTicks', async () => {
    const w = fakeWorker();
    w.answerAfter(null);
    const onSilent = vi.fn();
    startHeartbeat(w.ping, () => true, onSilent, opts);
    // The first tick sends the ping, ten more find it unanswered.
    await vi.advanceTimersByTimeAsync(100 * 11 + 50);
    expect(onSilent).toHaveBeenCalledWith('hung');
  });

  it('a starved worker (each answer takes 1.5 s) keeps its scripts, though 1.5 s exceeds silentTicks', async () => {
    const w = fakeWorker();
    const onSilent = vi.fn();
    const stop = startHeartbeat(w.ping, () => true, onSilent, opts);
    // Starvation sets in gradually (as spaces start on a busy machine).
    for (const ms of [300, 600, 900, 1200, 1500]) {
      w.answerAfter(ms);
      await vi.advanceTimersByTimeAsync(5_000);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onSilent).not.toHaveBeenCalled();
    stop();
  });

  it('the same starved worker whose script then loops is still caught, later (its own pace times the factor)', async () => {
    const w = fakeWorker();
    const onSilent = vi.fn();
    startHeartbeat(w.ping, () => true, onSilent, opts);
    for (const ms of [300, 600, 900, 1200, 1500]) {
      w.answerAfter(ms);
      await vi.advanceTimersByTimeAsync(5_000);
    }
    w.answerAfter(null);
    // Pace: the slowest recent answer took 15 ticks; three times that is 45 ticks (4.5 s).
    await vi.advanceTimersByTimeAsync(3_500);
    expect(onSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onSilent).toHaveBeenCalledWith('hung');
  });

  it('silence outside user code waits for slowTicks and is reported as silent, not hung', async () => {
    const w = fakeWorker();
    w.answerAfter(null);
    const onSilent = vi.fn();
    startHeartbeat(w.ping, () => false, onSilent, opts);
    await vi.advanceTimersByTimeAsync(100 * 150);
    expect(onSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100 * 60);
    expect(onSilent).toHaveBeenCalledWith('silent');
  });
});

// Firefox ESR 153 on a loaded machine: `new Worker()` in the render worker (its model parser) now and
// then never returns, and the thread is blocked (docs/browsers.md). The worker said it was starting one.
describe('heartbeat: a worker stuck starting a worker of its own', () => {
  it('is stuck after startTicks (PARSE_STALL_MS by default), long before slowTicks', async () => {
    const w = fakeWorker();
    w.answerAfter(null);
    const onSilent = vi.fn();
    startHeartbeat(
      w.ping,
      () => false,
      onSilent,
      { intervalMs: 100, slowTicks: 1200 },
      () => true,
    );
    await vi.advanceTimersByTimeAsync(9_000);
    expect(onSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onSilent).toHaveBeenCalledWith('stuck-starting-worker');
  });

  it('a start that returns leaves slow work its long bound', async () => {
    const w = fakeWorker();
    w.answerAfter(null);
    let starting = true;
    const onSilent = vi.fn();
    startHeartbeat(
      w.ping,
      () => false,
      onSilent,
      { ...opts, startTicks: 5 },
      () => starting,
    );
    await vi.advanceTimersByTimeAsync(300);
    starting = false;
    await vi.advanceTimersByTimeAsync(100 * 150);
    expect(onSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100 * 60);
    expect(onSilent).toHaveBeenCalledWith('silent');
  });
});
