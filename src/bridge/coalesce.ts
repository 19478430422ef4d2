/**
 * At most one config message per animation frame, holding only the top-level sections that
 * changed since the last one sent (a slider drag becomes one small message per frame).
 */
export function createPatchQueue(send: (patch: Record<string, unknown>) => void) {
  let sent: Record<string, string> = {};
  let latest: Record<string, unknown> | null = null;
  let frame: number | null = null;

  function flush() {
    frame = null;
    if (!latest) return;
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(latest)) {
      const json = JSON.stringify(value);
      if (sent[key] !== json) {
        patch[key] = value;
        sent[key] = json;
      }
    }
    latest = null;
    if (Object.keys(patch).length) send(patch);
  }

  return {
    /** The engine was started with this config: nothing of it needs sending again. */
    reset(config: Record<string, unknown>) {
      sent = Object.fromEntries(Object.entries(config).map(([k, v]) => [k, JSON.stringify(v)]));
      latest = null;
    },
    push(config: Record<string, unknown>) {
      latest = config;
      if (frame === null) frame = requestAnimationFrame(flush);
    },
    dispose() {
      if (frame !== null) cancelAnimationFrame(frame);
      frame = null;
      latest = null;
    },
  };
}
