import { MathUtils, PerspectiveCamera } from 'three';
import { PREVIEW } from '../../../shared/schema/preview';
import type { EngineContext } from '../../engine/context';
import { captureThumbnail, type ThumbnailSize } from '../../engine/thumbnail';
import { drawShadowsNow } from '../../engine/shadows';

/** The thumbnail's lens; the ball fills it with this much room around it. */
const FOV = 45;
const MARGIN = 1.08;

/**
 * Draw the scene (the preview object wearing the sphere) at exactly the thumbnail's size, through
 * a camera of its own that frames the ball from the front, where the point light at (0,5,5) lights
 * it, and copy it out as a JPEG (engine/thumbnail.ts: drawn and copied in one task). The drawing
 * buffer is put back to the view's size before returning; the caller draws the view again.
 */
export function renderThumbnail(ctx: EngineContext, size: ThumbnailSize): Promise<Blob> {
  const { renderer, scene } = ctx;
  const aspect = size.width / size.height;
  const vertical = MathUtils.degToRad(FOV);
  const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * aspect);
  // Far enough that the ball fits the narrower of the two angles.
  const distance = (PREVIEW.sphere.radius * MARGIN) / Math.sin(Math.min(vertical, horizontal) / 2);
  const camera = new PerspectiveCamera(FOV, aspect, distance / 10, distance * 10);
  camera.position.set(0, 0, distance);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const pixelRatio = renderer.getPixelRatio();
  const view = ctx.size;
  // The canvas is the renderer's own (an OffscreenCanvas in the worker, the page's on the fallback).
  const canvas = renderer.domElement as unknown as OffscreenCanvas;
  try {
    return captureThumbnail(
      canvas,
      () => {
        renderer.setPixelRatio(1);
        renderer.setSize(size.width, size.height, false);
        // The sphere stands in for the shown object: shadows of this state, then the view's again.
        drawShadowsNow(renderer);
        renderer.render(scene, camera);
      },
      size,
    );
  } finally {
    renderer.setPixelRatio(pixelRatio);
    renderer.setSize(view.width, view.height, false);
  }
}
