import { createFrameQueue } from './coalesce';

/**
 * Model widget configs on their way to the engine: at most one message per model per animation
 * frame (an opacity slider drag), only for models whose config changed, and a removal for models
 * that left the list (removals first). Configs compare by reference: they reach here parsed once,
 * an unchanged model keeping its config object (src/widgets/space/modelConfigs.ts).
 */
export function createModelQueue(send: { set(id: string, config: unknown): void; remove(id: string): void }) {
  return createFrameQueue((changed, gone) => {
    for (const id of gone) send.remove(id);
    for (const [id, config] of Object.entries(changed)) send.set(id, config);
  });
}
