import { PARSE_STALL_MS } from '../../shared/schema/chunks';

/**
 * Notice a render worker that stopped answering. Counted in ticks of the main thread's own timer,
 * so a main thread that was itself blocked does not mistake its own pause for a silent worker.
 *
 * A looping script and a starved worker both leave a ping unanswered; what tells them apart is
 * the worker's own progress. A starved worker (a 2-core machine running 40 spaces, or other busy
 * threads) still completes its tasks, slowly: its recent pings came back after many ticks. A
 * looping script completes nothing. So the bound on silence is measured against the worker's own
 * pace: silence during user code (`scriptBusy()`, which the worker sets only while user code is
 * executing) is a hang after `silentTicks`, or after `paceFactor` times the slowest of the
 * worker's recent replies when that is longer (a starved worker keeps its scripts), never more
 * than `slowTicks`. Silence outside user code is the engine's own heavy work (a big decode, a
 * shader compile queued behind other spaces' GPU work) and is a hang only after `slowTicks`.
 *
 * Silence while the worker starts a worker of its own (`startingWorker()`, its 'worker-start'
 * events) is not work: that call takes milliseconds, or in Firefox ESR 153 on a loaded machine
 * never returns (docs/browsers.md). It is a stuck worker after `startTicks`, which restarts it with
 * its scripts (not their fault).
 */
export interface HeartbeatOptions {
  intervalMs?: number;
  silentTicks?: number;
  slowTicks?: number;
  /** How many times its recent pace a worker may take before its silence during user code is a hang. */
  paceFactor?: number;
  /** Ticks of silence while the worker starts a worker of its own before it counts as stuck (PARSE_STALL_MS by default). */
  startTicks?: number;
}

/** Replies remembered for the worker's pace. */
const PACE_WINDOW = 8;

export type Verdict = 'wait' | 'hung' | 'silent' | 'stuck-starting-worker';

/** The decision alone, fed one main-thread tick at a time (unit-tested with fake timers). */
export function createHangJudge({ silentTicks = 10, slowTicks = 120, paceFactor = 3, startTicks = slowTicks }: HeartbeatOptions = {}) {
  const recent: number[] = [];
  const pace = () => (recent.length ? Math.max(...recent) : 0);
  return {
    /** A ping came back after `ticks` ticks of waiting: the worker completed a task. */
    answered(ticks: number) {
      recent.push(ticks);
      if (recent.length > PACE_WINDOW) recent.shift();
    },
    /** The worker's recent pace: the most ticks any of its last replies took. */
    pace,
    /** Judge a ping unanswered for `outstanding` ticks. */
    judge(outstanding: number, duringScript: boolean, startingWorker = false): Verdict {
      if (startingWorker && outstanding >= startTicks) return 'stuck-starting-worker';
      const bound = duringScript ? Math.min(slowTicks, Math.max(silentTicks, Math.ceil(paceFactor * pace()))) : slowTicks;
      if (outstanding < bound) return 'wait';
      return duringScript ? 'hung' : 'silent';
    },
  };
}

export function startHeartbeat(
  ping: () => Promise<unknown>,
  scriptBusy: () => boolean,
  onSilent: (verdict: Exclude<Verdict, 'wait'>) => void,
  options: HeartbeatOptions = {},
  startingWorker: () => boolean = () => false,
): () => void {
  const intervalMs = options.intervalMs ?? 500;
  const judge = createHangJudge({ startTicks: Math.ceil(PARSE_STALL_MS / intervalMs), ...options });
  let outstanding = 0;
  let inflight = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    if (inflight) {
      outstanding++;
      const verdict = judge.judge(outstanding, scriptBusy(), startingWorker());
      if (verdict !== 'wait') {
        stop();
        onSilent(verdict);
      }
      return;
    }
    inflight = true;
    ping().then(
      () => {
        inflight = false;
        judge.answered(outstanding);
        outstanding = 0;
      },
      () => {
        inflight = false;
      },
    );
  }, intervalMs);
  function stop() {
    stopped = true;
    clearInterval(timer);
  }
  return stop;
}
