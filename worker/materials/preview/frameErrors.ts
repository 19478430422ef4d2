import type { EngineEvent } from '../../../shared/protocol';
import { bodyLine } from '../../scripting/codeLine';

/** At most this many reports a second: a script throwing every frame must not flood the port. */
const REPORT_INTERVAL_MS = 250;

/** One built material's errors, counted from its build (a compile error comes before it is shown). */
export interface FrameErrorTally {
  count: number;
  message: string;
  /** The newest error's line in the script, when its stack tells it. */
  line: number | null;
  add(err: unknown): void;
}

/**
 * The preview's frame-script errors (spec §8: swallowed, but the designer sees how many and the
 * newest): counted per built material, and reported for the one on show as a 'frame-script-errors'
 * event, throttled, only when the count changed. A material shown afresh starts from its own count
 * (zero for a script that has not failed yet), so the badge follows the script being edited.
 */
export function createFrameErrors(emit: (event: EngineEvent) => void) {
  let current: FrameErrorTally | null = null;
  let sent = -1;
  let lastSent = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush() {
    timer = null;
    const count = current?.count ?? 0;
    if (count === sent) return;
    sent = count;
    lastSent = performance.now();
    emit({ type: 'frame-script-errors', count, message: current?.message ?? '', line: current?.line ?? null });
  }

  function report() {
    if (timer !== null) return;
    const wait = REPORT_INTERVAL_MS - (performance.now() - lastSent);
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  }

  return {
    /** A tally for a material about to be built. */
    tally(): FrameErrorTally {
      const tally: FrameErrorTally = {
        count: 0,
        message: '',
        line: null,
        add(err) {
          tally.count++;
          tally.message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
          tally.line = bodyLine(err);
          if (current === tally) report();
        },
      };
      return tally;
    },
    /** The material built with `tally` is on show now (null: none is). */
    show(tally: FrameErrorTally | null) {
      current = tally;
      report();
    },
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      current = null;
    },
  };
}
