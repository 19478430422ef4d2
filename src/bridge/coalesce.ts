/**
 * At most one config message per animation frame, holding only the top-level sections that
 * changed since the last one sent (a slider drag becomes one small message per frame). Sections
 * compare by reference: configs reach here parsed once, with every unchanged section keeping its
 * identity (src/host/parsed.ts `share`).
 */
export function createPatchQueue(send: (patch: Record<string, unknown>) => void) {
  let sent: Record<string, unknown> = {};
  let latest: Record<string, unknown> | null = null;
  let frame: number | null = null;

  function flush() {
    frame = null;
    if (!latest) return;
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(latest)) {
      if (Object.hasOwn(sent, key) && sent[key] === value) continue;
      patch[key] = value;
      sent[key] = value;
    }
    latest = null;
    if (Object.keys(patch).length) send(patch);
  }

  return {
    /** The engine was started with this config: nothing of it needs sending again. */
    reset(config: Record<string, unknown>) {
      sent = { ...config };
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
