import { LinearSRGBColorSpace, SRGBColorSpace } from 'three';
import type { SpaceConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';

/**
 * renderConfig.outputEncoding, the spec's (three r151-era) name for today's outputColorSpace.
 * three compares each material's compiled colour space with the renderer's on every draw and
 * recompiles on a change, so no material needs touching here.
 */
export function createRender(ctx: EngineContext): Feature<SpaceConfig['renderConfig']> {
  return {
    apply(next) {
      ctx.renderer.outputColorSpace = next.outputEncoding === 'LinearEncoding' ? LinearSRGBColorSpace : SRGBColorSpace;
      ctx.invalidate();
    },
    dispose() {},
  };
}
