/**
 * Keyed values on their way to the worker, at most one delivery per animation frame: only the keys
 * whose value changed since it was last sent, and the keys that are gone. A slider drag becomes one
 * small message per frame, and an unchanged value is never sent again. Values compare by
 * reference: configs reach here parsed once, every unchanged section or model keeping its identity
 * (src/host/parsed.ts `share`, src/widgets/space/modelConfigs.ts).
 */
/**
 * `schedule`: 'frame' (the default) delivers in the next animation frame; 'task' right after the
 * current task (a microtask), for values whose producer already coalesces per frame (the card
 * store): asking for an animation frame there would make the browser run a rendering update of
 * the page just to send a message, every time values change.
 */
export function createFrameQueue(
  deliver: (changed: Record<string, unknown>, gone: string[]) => void,
  schedule: 'frame' | 'task' = 'frame',
) {
  let sent = new Map<string, unknown>();
  let latest: Readonly<Record<string, unknown>> | null = null;
  let frame: number | null = null;

  function flush() {
    frame = null;
    if (!latest) return;
    const next = latest;
    latest = null;
    const gone: string[] = [];
    for (const key of sent.keys()) if (!Object.hasOwn(next, key)) gone.push(key);
    for (const key of gone) sent.delete(key);
    const changed: Record<string, unknown> = {};
    // One pass, no entry arrays: thousands of data cards are compared here every frame.
    for (const key in next) {
      if (!Object.hasOwn(next, key)) continue;
      const value = next[key];
      if (sent.get(key) === value && sent.has(key)) continue;
      sent.set(key, value);
      changed[key] = value;
    }
    deliver(changed, gone);
  }

  return {
    /** The engine was started with these values: nothing of them needs sending again. */
    reset(values: Readonly<Record<string, unknown>>) {
      sent = new Map(Object.entries(values));
      latest = null;
    },
    push(values: Readonly<Record<string, unknown>>) {
      latest = values;
      if (frame !== null) return;
      if (schedule === 'frame') frame = requestAnimationFrame(flush);
      else {
        frame = 0;
        queueMicrotask(() => {
          if (frame === 0) flush();
        });
      }
    },
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      frame = null;
      latest = null;
    },
  };
}

/** The space config: one patch per frame holding only the top-level sections that changed. */
export function createPatchQueue(send: (patch: Record<string, unknown>) => void) {
  return createFrameQueue((changed) => {
    if (Object.keys(changed).length) send(changed);
  });
}
