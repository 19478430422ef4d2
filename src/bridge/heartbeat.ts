/**
 * Notice a render worker that stopped answering. Counted in ticks of the main thread's own timer,
 * so a main thread that was itself blocked does not mistake its own pause for a silent worker.
 *
 * Silence while user code may be running (`scriptBusy()`) is a hang after `silentTicks`; other
 * silence is the engine doing heavy work (decoding a large asset on a slow machine) and only
 * counts as a hang after the much longer `slowTicks`.
 */
export interface HeartbeatOptions {
  intervalMs?: number;
  silentTicks?: number;
  slowTicks?: number;
}

export function startHeartbeat(
  ping: () => Promise<unknown>,
  scriptBusy: () => boolean,
  onSilent: (duringScript: boolean) => void,
  { intervalMs = 500, silentTicks = 10, slowTicks = 120 }: HeartbeatOptions = {},
): () => void {
  let outstanding = 0;
  let inflight = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    if (inflight) {
      outstanding++;
      const busy = scriptBusy();
      if (outstanding >= (busy ? silentTicks : slowTicks)) {
        stop();
        onSilent(busy);
      }
      return;
    }
    inflight = true;
    ping().then(
      () => {
        inflight = false;
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
