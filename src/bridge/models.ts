/**
 * Model widget configs on their way to the engine: at most one message per model per animation
 * frame (an opacity slider drag), only for models whose config changed, and a removal for models
 * that left the list.
 */
export function createModelQueue(send: { set(id: string, config: unknown): void; remove(id: string): void }) {
  let sent = new Map<string, string>();
  let latest: Readonly<Record<string, unknown>> | null = null;
  let frame: number | null = null;

  function flush() {
    frame = null;
    if (!latest) return;
    const next = latest;
    latest = null;
    for (const id of [...sent.keys()]) {
      if (!(id in next)) {
        sent.delete(id);
        send.remove(id);
      }
    }
    for (const [id, config] of Object.entries(next)) {
      const json = JSON.stringify(config);
      if (sent.get(id) === json) continue;
      sent.set(id, json);
      send.set(id, config);
    }
  }

  return {
    /** The engine was started with these models: nothing of them needs sending again. */
    reset(models: Readonly<Record<string, unknown>>) {
      sent = new Map(Object.entries(models).map(([id, c]) => [id, JSON.stringify(c)]));
      latest = null;
    },
    push(models: Readonly<Record<string, unknown>>) {
      latest = models;
      if (frame === null) frame = requestAnimationFrame(flush);
    },
    dispose() {
      if (frame !== null) cancelAnimationFrame(frame);
      frame = null;
      latest = null;
    },
  };
}
