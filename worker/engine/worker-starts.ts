/*
 * Where the page does not start the render worker's parse workers (it does not know the script: a
 * host's createWorker handed it a worker made elsewhere; shared/parse-host.ts), the render worker
 * starts its own and tells the main thread when it starts one, and when that call returned
 * ('worker-start' events). In Firefox ESR 153 on a loaded machine
 * `new Worker()` called in a worker now and then never returns: this thread is then blocked, its
 * timers dead, and only the main thread can notice. Its heartbeat judges silence during a start
 * after a short bound rather than the long one it gives slow work (src/bridge/heartbeat.ts), and
 * the space restarts (docs/browsers.md, "A worker that does not come back from new Worker()").
 */

let tell: ((busy: boolean) => void) | null = null;

/** The engine's way to the main thread; null when none listens (the main-thread engine's page). */
export function tellWorkerStarts(to: ((busy: boolean) => void) | null): void {
  tell = to;
}

/** Runs `start` (a `new Worker()` call) between the two events. */
export function startingWorker<T>(start: () => T): T {
  tell?.(true);
  try {
    return start();
  } finally {
    tell?.(false);
  }
}
