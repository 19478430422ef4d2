import { HalfFloatType, Vector2, WebGLRenderTarget, type WebGLRenderer } from 'three';
import { EffectComposer } from 'three/examples/jsm/postprocessing/EffectComposer.js';
import { RenderPass } from 'three/examples/jsm/postprocessing/RenderPass.js';
import { UnrealBloomPass } from 'three/examples/jsm/postprocessing/UnrealBloomPass.js';
import { OutputPass } from 'three/examples/jsm/postprocessing/OutputPass.js';
import type { ComposerConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';

type BloomConfig = ComposerConfig['unrealBloom'];

/** Matches the canvas' own antialiasing, so switching bloom on does not change the edges. */
const samplesOf = (renderer: { getContext(): WebGLRenderingContext | WebGL2RenderingContext }) =>
  renderer.getContext().getContextAttributes()?.antialias ? 4 : 0;

interface Chain {
  composer: EffectComposer;
  bloom: UnrealBloomPass;
  output: OutputTo;
  stopResize: () => void;
}

/**
 * The output pass (tone mapping, output colour space), ending in the stage's target for the scene
 * when it has one (the scene drawn at a lower ratio than the overlays over it, engine/compose.ts)
 * instead of the composer's next buffer: the composed image is written once, where it is shown from.
 */
class OutputTo extends OutputPass {
  target: WebGLRenderTarget | null = null;

  override render(renderer: WebGLRenderer, writeBuffer: WebGLRenderTarget, readBuffer: WebGLRenderTarget, dt: number, mask: boolean): void {
    super.render(renderer, this.target ?? writeBuffer, readBuffer, dt, mask);
  }
}

/**
 * composerConfig.unrealBloom: bright parts of the scene glow. Frames are drawn through a composer
 * (scene -> bloom -> output) that ends on the canvas itself (or in the scene's target, stretched
 * over the canvas: engine/compose.ts), so what the user sees and what a pixel readback sees are the
 * same image. Cards and pins are drawn over it by the stage: they do not glow. The linear, half-float intermediate keeps values above 1 for the
 * bloom threshold; the output pass then applies the renderer's tone mapping and colour space,
 * which the plain path does inside each material, so a scene without bright parts looks the same
 * with bloom on or off. Off (the default) costs nothing: no composer exists.
 */
export function createBloom(ctx: EngineContext): Feature<BloomConfig> {
  let chain: Chain | null = null;

  function build(): Chain {
    const { width, height, pixelRatio } = ctx.size;
    const target = new WebGLRenderTarget(width * pixelRatio, height * pixelRatio, {
      type: HalfFloatType,
      samples: samplesOf(ctx.renderer),
    });
    target.texture.name = 'dash3d:bloom.rt';
    const composer = new EffectComposer(ctx.renderer, target);
    composer.setPixelRatio(pixelRatio);
    composer.setSize(width, height);
    composer.addPass(new RenderPass(ctx.scene, ctx.camera));
    const bloom = new UnrealBloomPass(new Vector2(width * pixelRatio, height * pixelRatio), 1, 0.4, 0.85);
    composer.addPass(bloom);
    const output = new OutputTo();
    composer.addPass(output);
    const stopResize = ctx.onResize((w, h) => {
      // The stage has already applied the new pixel ratio to the renderer and ctx.size.
      composer.setPixelRatio(ctx.size.pixelRatio);
      composer.setSize(w, h);
    });
    ctx.setDrawer((dt, target) => {
      // To the canvas as the composer's last pass, or into the scene's target.
      output.target = target;
      composer.renderToScreen = target === null;
      composer.render(dt);
    });
    return { composer, bloom, output, stopResize };
  }

  function teardown() {
    if (!chain) return;
    ctx.setDrawer(null);
    chain.stopResize();
    // The composer frees its two buffers and copy pass; the passes own the rest.
    for (const pass of chain.composer.passes) pass.dispose();
    chain.composer.dispose();
    chain = null;
  }

  return {
    apply(next) {
      if (!next.enable) teardown();
      else {
        chain ??= build();
        chain.bloom.strength = next.strength;
        chain.bloom.radius = next.radius;
        chain.bloom.threshold = next.threshold;
      }
      ctx.invalidate();
    },
    dispose: teardown,
  };
}
