/**
 * Model widget configs on their way to the engine: at most one message per model per animation
 * frame (an opacity slider drag), only for models whose config changed, and a removal for models
 * that left the list. Configs compare by reference: they reach here parsed once, an unchanged
 * model keeping its config object (src/widgets/space/modelConfigs.ts).
 */
export function createModelQueue(send: { set(id: string, config: unknown): void; remove(id: string): void }) {
  let sent = new Map<string, unknown>();
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
      if (sent.has(id) && sent.get(id) === config) continue;
      sent.set(id, config);
      send.set(id, config);
    }
  }

  return {
    /** The engine was started with these models: nothing of them needs sending again. */
    reset(models: Readonly<Record<string, unknown>>) {
      sent = new Map(Object.entries(models));
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
