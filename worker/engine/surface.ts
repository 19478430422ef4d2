/**
 * Where WebGL draws, and how a drawn frame reaches the page's canvas (issue 20, idle frame rate).
 *
 * In the render worker, WebGL draws into an OffscreenCanvas of the worker's own, and each frame is
 * handed to the page's (transferred) canvas as an ImageBitmap through a 'bitmaprenderer' context.
 * Drawing straight into the transferred canvas was measured slower (`npm run bench`, light scene,
 * full resolution, Chromium 156 with SwiftShader): about a third of the worker's idle frames missed
 * their display tick, against a sixth handed over as bitmaps (46 against 51 fps, the main thread
 * 53 to 57; heavy scene 20 against 22, the main thread 22); docs/frame-budget.md.
 *
 * A frame is handed over in a microtask after it was drawn: code that draws and reads the pixels
 * back in one task (readPixels, a snapshot's thumbnail) reads them from the drawing canvas before
 * the handover takes them away, and a frame drawn in a requestAnimationFrame callback is shown
 * with that callback, as before.
 *
 * On the main thread (the fallback engine) and wherever the page's canvas offers no
 * 'bitmaprenderer' context, WebGL draws into the page's canvas itself.
 */
export interface Surface {
  /** The canvas the renderer draws into (and that raises the WebGL context's lost/restored events). */
  readonly canvas: OffscreenCanvas | HTMLCanvasElement;
  /** A frame was drawn into `canvas`: shown on the page once the current task's own code is done. */
  drawn(): void;
}

export function createSurface(target: OffscreenCanvas | HTMLCanvasElement): Surface {
  const offscreen = typeof OffscreenCanvas !== 'undefined' && target instanceof OffscreenCanvas;
  const presenter = offscreen ? target.getContext('bitmaprenderer') : null;
  if (!offscreen || !presenter) return { canvas: target, drawn() {} };

  const canvas = new OffscreenCanvas(target.width || 1, target.height || 1);
  let queued = false;
  let failed = false;
  const present = () => {
    queued = false;
    try {
      // The page's canvas takes the frame's size: the drawing buffer scales with adaptive resolution
      // while the canvas element keeps its CSS size, so the page stretches it as before.
      if (target.width !== canvas.width) target.width = canvas.width;
      if (target.height !== canvas.height) target.height = canvas.height;
      presenter.transferFromImageBitmap(canvas.transferToImageBitmap());
    } catch (err) {
      // A lost context has no frame to give; the engine reports the loss itself. Said once.
      if (!failed) console.warn('[dash3d] a frame could not be handed to the page:', err);
      failed = true;
    }
  };
  return {
    canvas,
    drawn() {
      if (queued) return;
      queued = true;
      queueMicrotask(present);
    },
  };
}
