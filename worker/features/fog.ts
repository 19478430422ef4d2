import { Color, Fog } from 'three';
import { setColour } from '../util/colour';
import type { SceneConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';
import { farBeyond } from '../util/order';

/** sceneConfig.fog: linear fog between near and far. */
export function createFog(ctx: EngineContext): Feature<SceneConfig['fog']> {
  return {
    apply(next) {
      if (!next.enable) ctx.scene.fog = null;
      else {
        const far = farBeyond(next.near, next.far);
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
