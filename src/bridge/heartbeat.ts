/**
 * Notice a render worker that stopped answering (a user script in an endless loop). Counted in
 * ticks of the main thread's own timer, so a main thread that was itself blocked for a while
 * does not mistake its own pause for a silent worker.
 */
export function startHeartbeat(
  ping: () => Promise<unknown>,
  onSilent: () => void,
  { intervalMs = 500, silentTicks = 16 } = {},
): () => void {
  let outstanding = 0;
  let inflight = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    if (inflight) {
      outstanding++;
      if (outstanding >= silentTicks) {
        stop();
        onSilent();
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
