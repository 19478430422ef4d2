import type { PreviewMaterialResult } from '../../shared/protocol';
import type { Material } from '../../shared/schema/material';
import type { RenderHandle } from '../bridge/connection';
import { createFrameQueue } from '../bridge/coalesce';

/**
 * The previewed material on its way to the engine: at most one setPreviewMaterial per animation
 * frame, so a colour slider dragged across a hundred values is one message a frame; sent only when
 * the material object changed (it is parsed once per change), and again to every engine that starts
 * (a restart after a crash, the preview back in view). Only the answer to the newest send is
 * reported: the engine shows the newest material anyway, and an older answer would be stale news.
 */
export function createMaterialSender() {
  let engine: () => RenderHandle | null = () => null;
  let onResult: (result: PreviewMaterialResult) => void = () => undefined;
  let latest: Material | null = null;
  let sends = 0;
  const queue = createFrameQueue((changed) => {
    const target = engine();
    if (!('material' in changed) || !target) return;
    const mine = ++sends;
    target.setPreviewMaterial(changed.material).then(
      (result) => {
        if (mine === sends) onResult(result);
      },
      // The engine went away meanwhile: the next one is sent the material when it starts.
      () => undefined,
    );
  });
  return {
    /** Where the engine running now is found, and who hears its answers (set once the component has them). */
    connect(running: () => RenderHandle | null, report: (result: PreviewMaterialResult) => void) {
      engine = running;
      onResult = report;
    },
    /** The material to show now (parsed), or null for none. */
    update(material: Material | null) {
      latest = material;
      if (engine()) queue.push({ material });
    },
    /** An engine started: it shows no material yet. */
    started() {
      queue.reset({});
      queue.push({ material: latest });
    },
    stopped() {
      queue.dispose();
    },
  };
}
