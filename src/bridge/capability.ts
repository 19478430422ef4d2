/**
 * Can this browser render our scene in a worker? Checked by actually creating a WebGL2 context on
 * an OffscreenCanvas: older Safari has OffscreenCanvas without WebGL (TOOLCHAIN.md).
 */
let cached: boolean | undefined;

export function canRenderInWorker(): boolean {
  if (cached !== undefined) return cached;
  try {
    cached =
      typeof OffscreenCanvas !== 'undefined' &&
      typeof Worker !== 'undefined' &&
      'transferControlToOffscreen' in HTMLCanvasElement.prototype &&
      !!new OffscreenCanvas(1, 1).getContext('webgl2');
  } catch {
    cached = false;
  }
  return cached;
}
