import type { PreviewMaterialResult, PreviewModelResult } from '../../shared/protocol';
import type { Material } from '../../shared/schema/material';
import type { RenderHandle } from '../bridge/connection';
import { createFrameQueue } from '../bridge/coalesce';

/** A model previewed instead of the box (spec §3 src), or null for the box. */
export interface PreviewModelSource {
  filePath: string;
  fileList: { uid: string; name: string; url: string }[];
}

interface Wanted {
  material: Material | null;
  /** The uuid of the model material the material replaces (with a model shown). */
  target: string | null;
  model: PreviewModelSource | null;
}

/**
 * The previewed material on its way to the engine: at most one setPreviewMaterial per animation
 * frame, so a colour slider dragged across a hundred values is one message a frame; sent only when
 * the material object changed (it is parsed once per change), and again to every engine that starts
 * (a restart after a crash, the preview back in view). Only the answer to the newest send is
 * reported: the engine shows the newest material anyway, and an older answer would be stale news.
 * A model (compared by identity: the caller keeps one object per source) goes first, and the
 * material follows it, since the box it was on is gone or back.
 */
export function createMaterialSender() {
  let engine: () => RenderHandle | null = () => null;
  let onResult: (result: PreviewMaterialResult) => void = () => undefined;
  let onModel: (result: PreviewModelResult) => void = () => undefined;
  let latest: Wanted = { material: null, target: null, model: null };
  let sends = 0;
  let modelSends = 0;
  const queue = createFrameQueue((changed) => {
    const running = engine();
    if (!running) return;
    if ('model' in changed) {
      const mine = ++modelSends;
      running.setPreviewModel(latest.model).then(
        (result) => {
          if (mine === modelSends) onModel(result);
        },
        () => undefined,
      );
    } else if (!('material' in changed) && !('target' in changed)) return;
    const mine = ++sends;
    running.setPreviewMaterial(latest.material, latest.target).then(
      (result) => {
        if (mine === sends) onResult(result);
      },
      // The engine went away meanwhile: the next one is sent the material when it starts.
      () => undefined,
    );
  });
  const push = () => queue.push({ ...latest });
  return {
    /** Where the engine running now is found, and who hears its answers (set once the component has them). */
    connect(
      running: () => RenderHandle | null,
      report: (result: PreviewMaterialResult) => void,
      reportModel: (result: PreviewModelResult) => void = () => undefined,
    ) {
      engine = running;
      onResult = report;
      onModel = reportModel;
    },
    /** The material to show now (parsed), or null for none; `target` picks a part of a previewed model. */
    update(material: Material | null, target: string | null = null) {
      latest = { ...latest, material, target };
      if (engine()) push();
    },
    /** The model to preview instead of the box, or null for the box. */
    model(model: PreviewModelSource | null) {
      latest = { ...latest, model };
      if (engine()) push();
    },
    /** An engine started: it shows no material yet. */
    started() {
      queue.reset({});
      push();
    },
    stopped() {
      queue.dispose();
    },
  };
}
