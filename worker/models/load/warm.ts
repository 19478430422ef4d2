import { Vector4, type BufferGeometry, type Light, type Material, type Object3D } from 'three';
import type { EngineContext } from '../../engine/context';
import { materialsOf } from '../../util/materials';

/**
 * A model's first frame costs the GPU more than any later one: each new program's pipeline is
 * built when it first draws (SwiftShader compiles it then; so do many drivers), and vertex buffers
 * are uploaded. Drawn at once, that is one long frame for the whole space (issue 20 point 2). Here
 * the model's parts are drawn before it shows, a few per frame, into one pixel of the frame about
 * to be drawn (which clears and draws over it), with the scene's own lights, so each pipeline is
 * the one the real frame needs.
 */

/** The layer only the warm-up camera sees. */
const WARM_LAYER = 31;
/** Per frame: at most this many parts with a material not drawn before, and this many vertices. */
const NEW_MATERIALS_PER_FRAME = 2;
const VERTICES_PER_FRAME = 300_000;
/** Vertices a warm-up draw shades: whole triangles, lines and points. */
const WARM_VERTICES = 6;

type Part = Object3D & { geometry: BufferGeometry; isMesh?: boolean; isPoints?: boolean; isLine?: boolean };

const isPart = (o: Object3D): o is Part => Boolean((o as Part).isMesh || (o as Part).isPoints || (o as Part).isLine);

/** The model's drawable parts in groups, one group a frame. */
export function warmBatches(object: Object3D): Part[][] {
  const batches: Part[][] = [];
  const seen = new Set<Material>();
  let batch: Part[] = [];
  let fresh = 0;
  let vertices = 0;
  object.traverse((o) => {
    if (!isPart(o) || !o.visible) return;
    const count = o.geometry.attributes.position?.count ?? 0;
    const news = materialsOf(o).filter((m) => !seen.has(m));
    if (batch.length && (fresh + news.length > NEW_MATERIALS_PER_FRAME || vertices + count > VERTICES_PER_FRAME)) {
      batches.push(batch);
      batch = [];
      fresh = vertices = 0;
    }
    news.forEach((m) => seen.add(m));
    batch.push(o);
    fresh += news.length;
    vertices += count;
  });
  if (batch.length) batches.push(batch);
  return batches;
}

/** Draw `parts` of `object` (in no scene) into the frame's pixel (0, 0), lit by the scene. */
function drawHidden(ctx: EngineContext, object: Object3D, parts: Part[]): void {
  const { renderer, scene, camera } = ctx;
  const lights: Light[] = [];
  scene.traverse((o) => {
    if ((o as Light).isLight && !o.layers.isEnabled(WARM_LAYER)) lights.push(o as Light);
  });
  const mask = camera.layers.mask;
  const shadowsDue = renderer.shadowMap.needsUpdate;
  const scissorTest = renderer.getScissorTest();
  const scissor = renderer.getScissor(new Vector4());
  const target = renderer.getRenderTarget();
  scene.add(object);
  // A few vertices each: the pipeline and the buffers' upload are the same for 6 vertices as for
  // all of them, but a software rasteriser would shade every vertex of a 1-pixel draw (a point
  // cloud's warm-up cost as much as a whole frame of it). Parts whose geometry has groups draw
  // whole: a short range would skip the groups past it, and their pipelines.
  const ranges = parts.map((p) => ({ ...p.geometry.drawRange }));
  for (const p of parts) if (!p.geometry.groups.length) p.geometry.setDrawRange(0, Math.min(p.geometry.drawRange.count, WARM_VERTICES));
  for (const p of parts) p.layers.enable(WARM_LAYER);
  for (const l of lights) l.layers.enable(WARM_LAYER);
  camera.layers.set(WARM_LAYER);
  // The shadow maps are the real frame's to draw (engine/shadows.ts keeps three from drawing them
  // unasked); this draw only needs the programs to match.
  renderer.shadowMap.needsUpdate = false;
  renderer.setRenderTarget(null);
  renderer.setScissorTest(true);
  renderer.setScissor(0, 0, 1, 1);
  try {
    renderer.render(scene, camera);
  } finally {
    renderer.setScissor(scissor);
    renderer.setScissorTest(scissorTest);
    renderer.setRenderTarget(target);
    renderer.shadowMap.needsUpdate = shadowsDue;
    camera.layers.mask = mask;
    for (const l of lights) l.layers.disable(WARM_LAYER);
    for (const p of parts) p.layers.disable(WARM_LAYER);
    parts.forEach((p, i) => p.geometry.setDrawRange(ranges[i]!.start, ranges[i]!.count));
    scene.remove(object);
  }
}

/** A frame that does not come (a lost context, a paused loop) does not hold the model back longer. */
const FRAME_WAIT_MS = 500;

/**
 * Resolves after `fn` ran at the start of a frame (before it is drawn), or without it when no
 * frame came in time or the load was cancelled: the load is tracked, and must end.
 */
function atNextFrame(ctx: EngineContext, signal: AbortSignal, fn: () => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      off();
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const off = ctx.onFrame(() => {
      try {
        fn();
      } finally {
        done();
      }
    });
    const timer = setTimeout(done, FRAME_WAIT_MS);
    signal.addEventListener('abort', done);
    ctx.invalidate();
  });
}

/** Draw the model's parts a few per frame before it shows; stops early when the load is cancelled. */
export async function warmDraws(ctx: EngineContext, object: Object3D, signal: AbortSignal): Promise<void> {
  for (const parts of warmBatches(object)) {
    if (signal.aborted || ctx.disposed) return;
    await atNextFrame(ctx, signal, () => {
      if (!signal.aborted && !ctx.disposed) drawHidden(ctx, object, parts);
    });
  }
}
