import type { Object3D, Texture } from 'three';
import type { EngineContext } from '../../engine/context';
import type { LoadedModel } from '../types';
import { texturesOf } from '../../util/textures';
import { materialsOf } from '../../util/materials';
import { warmDraws } from './warm';

/**
 * Everything a new model needs from the GPU, done before it joins the scene: picking structures,
 * texture upload and shader compilation. Drawn the first time instead, a heavy model would stall
 * the frame loop (and every other widget of the space) for as long as that takes; compileAsync
 * lets the loop run while the driver compiles (where KHR_parallel_shader_compile exists).
 */
export async function uploadBeforeShowing(
  model: LoadedModel,
  ctx: EngineContext,
  prepare: (object: Object3D) => void,
  signal: AbortSignal,
): Promise<void> {
  model.object.updateMatrixWorld(true);
  prepare(model.object);
  if (signal.aborted) return;
  const textures = new Set<Texture>();
  model.object.traverse((o) => {
    for (const m of materialsOf(o)) texturesOf(m).forEach((t) => textures.add(t));
  });
  for (const t of textures) {
    if (signal.aborted) return;
    ctx.renderer.initTexture(t);
  }
  if (signal.aborted) return;
  // Without the extension compileAsync compiles as compile() does (then waits a timer), after three
  // has warned in every viewer's console that it is missing (SwiftShader, some drivers): ask only
  // where it helps. `has` asks the context without that warning.
  if (ctx.renderer.extensions.has('KHR_parallel_shader_compile')) await ctx.renderer.compileAsync(model.object, ctx.camera, ctx.scene);
  else ctx.renderer.compile(model.object, ctx.camera, ctx.scene);
  // Pipelines and vertex buffers, a few parts per frame (warm.ts).
  await warmDraws(ctx, model.object, signal);
}
