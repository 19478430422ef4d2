/**
 * A small JPEG of the current view (a snapshot's thumbnail). The scene is drawn and copied into a
 * 2D OffscreenCanvas in the same task: the WebGL drawing buffer is not preserved between tasks, so
 * a copy made later could be blank. The picture is cropped to the thumbnail's aspect ratio (cover,
 * centred) rather than squeezed. OffscreenCanvas exists on the main thread too, so the fallback
 * engine takes the same path.
 */
export interface ThumbnailSize {
  width: number;
  height: number;
  /** JPEG quality 0..1. */
  quality: number;
}

export function captureThumbnail(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  drawNow: () => void,
  { width, height, quality }: ThumbnailSize,
): Promise<Blob> {
  const out = new OffscreenCanvas(width, height);
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2D context for the thumbnail'));
  drawNow();
  const sw = canvas.width;
  const sh = canvas.height;
  if (sw === 0 || sh === 0) return Promise.reject(new Error('the scene has no size to capture'));
  const scale = Math.max(width / sw, height / sh);
  const cw = width / scale;
  const ch = height / scale;
  // JPEG has no alpha: a transparent background would turn black; white is what a page shows under it.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  // On the main thread this is the page's <canvas>, which drawImage takes as well; the worker's type
  // library only knows the OffscreenCanvas kind.
  ctx.drawImage(canvas as OffscreenCanvas, (sw - cw) / 2, (sh - ch) / 2, cw, ch, 0, 0, width, height);
  return out.convertToBlob({ type: 'image/jpeg', quality });
}
