import { Color, Fog } from 'three';
import { setColour } from '../util/colour';
import type { SceneConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';

/** sceneConfig.fog: linear fog between near and far. */
export function createFog(ctx: EngineContext): Feature<SceneConfig['fog']> {
  return {
    apply(next) {
      if (!next.enable) ctx.scene.fog = null;
      else {
        // A far plane at or before near would hide everything; keep at least a hair of range.
        const far = Math.max(next.far, next.near + 1e-3);
        if (ctx.scene.fog instanceof Fog) {
          setColour(ctx.scene.fog.color, next.color);
          ctx.scene.fog.near = next.near;
          ctx.scene.fog.far = far;
        } else ctx.scene.fog = new Fog(setColour(new Color(), next.color), next.near, far);
      }
      ctx.invalidate();
    },
    dispose() {
      ctx.scene.fog = null;
    },
  };
}
