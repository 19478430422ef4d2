import {
  DataTexture,
  EquirectangularReflectionMapping,
  LinearFilter,
  LinearSRGBColorSpace,
  PMREMGenerator,
  type WebGLRenderer,
  type WebGLRenderTarget,
} from 'three';
import { EXRLoader } from 'three/examples/jsm/loaders/EXRLoader.js';
import type { SpaceConfig } from '../../shared/schema/space';
import type { EnvironmentType } from '../../shared/schema/scene';
import type { EngineContext, Feature } from '../engine/context';
import { ENVIRONMENT_PRESETS } from './environment-presets';
import { fetchPackageFile, packageFileUrl } from '../engine/assets';
import { readPrefiltered, storePrefiltered, uploadPrefiltered } from './environment-cache';
import { chunkFailureOf } from '../../shared/chunks';

type EnvironmentConfig = SpaceConfig['environmentConfig'];

/** How often to ask whether the GPU has finished prefiltering. */
const POLL_MS = 20;

/** Parse an EXR and queue its prefiltering for image-based lighting; the caller owns the target. */
function prefilter(renderer: WebGLRenderer, buffer: ArrayBuffer): WebGLRenderTarget {
  const parsed = new EXRLoader().parse(buffer);
  const source = new DataTexture(parsed.data, parsed.width, parsed.height, parsed.format, parsed.type);
  source.mapping = EquirectangularReflectionMapping;
  source.colorSpace = LinearSRGBColorSpace;
  source.minFilter = LinearFilter;
  source.magFilter = LinearFilter;
  source.generateMipmaps = false;
  source.flipY = false;
  source.needsUpdate = true;
  const generator = new PMREMGenerator(renderer);
  try {
    return generator.fromEquirectangular(source);
  } finally {
    // Only the prefiltered cube is needed to light the scene. GL keeps what queued commands still
    // use alive, so the source and the generator's scratch targets can go at once.
    source.dispose();
    generator.dispose();
  }
}

/**
 * Resolves once the GPU has run every command queued so far. Prefiltering is a lot of GPU work
 * (4-12 s measured with SwiftShader, milliseconds on a real GPU); anything that waits on it (a
 * presented frame, a readback) would freeze the worker that long, and the heartbeat would take it
 * for a hung script. Polling a fence between tasks, with frames held, keeps the worker answering.
 */
function gpuDone(renderer: WebGLRenderer): Promise<void> {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  const fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!fence) return Promise.resolve();
  gl.flush();
  return new Promise((resolve) => {
    const poll = () => {
      // A lost context answers null: nothing left to wait for.
      const status: unknown = gl.getSyncParameter(fence, gl.SYNC_STATUS);
      if (status === gl.UNSIGNALED) return void setTimeout(poll, POLL_MS);
      gl.deleteSync(fence);
      resolve();
    };
    setTimeout(poll, POLL_MS);
  });
}

/**
 * environmentConfig.type: one of 18 HDR presets lights the scene (scene.environment): reflections
 * and ambient light for standard/physical materials, and (three r183+) diffuse light for Lambert
 * and Phong too. It does not paint the background: that is sceneConfig.background /
 * backgroundImage. The previous environment stays until the new one is ready, so switching never
 * flashes an unlit scene.
 */
export function createEnvironment(ctx: EngineContext): Feature<EnvironmentConfig> {
  let current: WebGLRenderTarget | null = null;
  let request = 0;
  const stale = (id: number) => id !== request || ctx.disposed;

  async function load(type: EnvironmentType, id: number): Promise<WebGLRenderTarget | null> {
    const url = packageFileUrl(ENVIRONMENT_PRESETS[type]);
    const stored = await readPrefiltered(url);
    if (stale(id)) return null;
    const kept = stored && uploadPrefiltered(stored, ctx.renderer);
    if (kept) return kept;
    const exr = await fetchPackageFile(ENVIRONMENT_PRESETS[type]);
    // A newer choice (or a torn-down stage) makes this one moot: skip the GPU work entirely.
    if (stale(id)) return null;
    const target = prefilter(ctx.renderer, exr);
    const done = gpuDone(ctx.renderer);
    ctx.holdFrames(done);
    await done;
    // The GPU is done with it: reading it back now costs a copy, not a wait.
    if (!ctx.disposed) await storePrefiltered(url, ctx.renderer, target);
    return target;
  }

  return {
    apply(next) {
      const id = ++request;
      const type = next.type;
      if (!next.enable) {
        // Switched off: drop the current one now; any load in flight is stale (request moved on).
        if (current && ctx.scene.environment === current.texture) ctx.scene.environment = null;
        current?.dispose();
        current = null;
        ctx.invalidate();
        return;
      }
      ctx.track('environment', load(type, id)).then(
        (target) => {
          if (!target) return;
          if (stale(id)) {
            target.dispose();
            return;
          }
          ctx.scene.environment = target.texture;
          current?.dispose();
          current = target;
          ctx.invalidate();
        },
        (err: unknown) => {
          if (stale(id)) return;
          // A preset that did not arrive: the space says so in its corner, with a Retry.
          const failure = chunkFailureOf(err);
          if (failure) ctx.emit({ type: 'chunk-failed', failure });
          const reason = err instanceof Error ? err.message : String(err);
          ctx.emit({
            type: 'error',
            code: 'asset-failed',
            message: `environment ${type} failed: ${ENVIRONMENT_PRESETS[type].name}: ${reason}`,
            fatal: false,
          });
        },
      );
      ctx.invalidate();
    },
    dispose() {
      request++; // any load still in flight is now stale
      if (current && ctx.scene.environment === current.texture) ctx.scene.environment = null;
      current?.dispose();
      current = null;
    },
  };
}
