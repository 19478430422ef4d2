import type { ModelLimits } from '../../shared/schema/limits';
import type { EngineContext } from '../engine/context';
import type { PreviewModelLoader } from '../materials/preview/model';
import { loadModel } from '../models/load/index';
import { uploadBeforeShowing } from '../models/load/upload';
import { disposeObject } from '../models/dispose';
import { errorText } from '../models/load/problem';
import { toSceneObjectNode } from '../models/features/describe';

/**
 * The model widget's loader as the material preview uses it (issue 11 point 2): the same fetch with
 * its origin checks and the space's size caps, the same parse worker, compiled and uploaded before
 * it is shown. The stage joins the two rooms here, since a material never imports a model.
 */
export function previewModelLoader(ctx: EngineContext, limits: ModelLimits): PreviewModelLoader {
  return {
    async load(src, signal) {
      const model = await loadModel(src, { signal, renderer: ctx.renderer, limits, onProgress: () => undefined });
      if (!model) return null;
      try {
        await uploadBeforeShowing(model, ctx, () => undefined, signal);
      } catch (err) {
        // Not shown, so nobody else would free it.
        disposeObject(model.object);
        throw err;
      }
      return model.object;
    },
    dispose: disposeObject,
    describe: toSceneObjectNode,
    errorText,
  };
}
