import { describe, expect, it } from 'vitest';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  WebGLRenderer,
} from 'three';
import { warmDraws } from '../../../worker/models/load/warm';
import type { EngineContext } from '../../../worker/engine/context';

/*
 * Issue 20 §2: a model's parts are drawn before it shows, into one pixel, so their pipelines are
 * built and their buffers uploaded a few parts a frame. With a real renderer: a warm-up draw shades
 * 6 vertices of a part, not its 100 000 points (a software rasteriser shades every vertex of a
 * 1-pixel draw), uploads the whole buffer all the same, and leaves the part's draw range as it was.
 * A part with groups draws whole, so no group (and its material's pipeline) is skipped.
 */

function frameContext(renderer: WebGLRenderer): { ctx: EngineContext; frames: () => number } {
  const scene = new Scene();
  const camera = new PerspectiveCamera(50, 1, 0.1, 100);
  camera.position.set(0, 0, 5);
  const callbacks = new Set<(dt: number) => void>();
  let frames = 0;
  let pending = false;
  const ctx = {
    scene,
    camera,
    renderer,
    disposed: false,
    onFrame(fn: (dt: number) => void) {
      callbacks.add(fn);
      return () => callbacks.delete(fn);
    },
    invalidate() {
      if (pending) return;
      pending = true;
      setTimeout(() => {
        pending = false;
        frames++;
        for (const fn of [...callbacks]) fn(1 / 60);
      });
    },
  } as unknown as EngineContext;
  return { ctx, frames: () => frames };
}

describe("a model's warm-up draws", () => {
  it('shade a few vertices of each part, upload all of it, and keep its draw range', async () => {
    const renderer = new WebGLRenderer({ canvas: new OffscreenCanvas(64, 64) });
    const { ctx, frames } = frameContext(renderer);
    const cloud = new BufferGeometry();
    cloud.setAttribute('position', new BufferAttribute(new Float32Array(100_000 * 3), 3));
    cloud.setDrawRange(0, 90_000); // a range of its own, kept
    const points = new Points(cloud, new PointsMaterial());
    const model = new Group().add(points);

    await warmDraws(ctx, model, new AbortController().signal);
    expect(frames()).toBe(1);
    expect(renderer.info.render.points).toBe(6);
    expect(renderer.info.memory.geometries).toBe(1);
    expect(renderer.info.programs?.length).toBe(1);
    expect(cloud.drawRange).toEqual({ start: 0, count: 90_000 });
    // Not left in the scene nor on the warm-up layer.
    expect(model.parent).toBeNull();
    expect(points.layers.mask).toBe(1);
    renderer.dispose();
  });

  it('draws a part with groups whole: every group gets its pipeline', async () => {
    const renderer = new WebGLRenderer({ canvas: new OffscreenCanvas(64, 64) });
    const { ctx } = frameContext(renderer);
    // A box's 12 triangles in two groups, each with its own material (and program).
    const geometry = new BoxGeometry(1, 1, 1);
    geometry.clearGroups();
    geometry.addGroup(0, 18, 0);
    geometry.addGroup(18, 18, 1);
    const box = new Mesh(geometry, [new MeshBasicMaterial(), new MeshLambertMaterial()]);
    await warmDraws(ctx, new Group().add(box), new AbortController().signal);
    expect(renderer.info.render.calls).toBe(2);
    expect(renderer.info.render.triangles).toBe(12);
    expect(renderer.info.programs?.length).toBe(2);
    expect(box.geometry.drawRange).toEqual({ start: 0, count: Infinity });
    renderer.dispose();
  });
});
