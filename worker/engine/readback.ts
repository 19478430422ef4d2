import type { WebGLRenderer } from 'three';
import type { PixelReadout } from '../../shared/protocol';

/**
 * The canvas as drawn, top row first (tests, probes). Drawn and read in the same task: the
 * drawing buffer is not preserved between tasks, so a read made later could be blank. `drawNow`
 * draws at full resolution (adaptive resolution applies to moving frames only).
 */
export function readCanvas(renderer: WebGLRenderer, drawNow: () => void): PixelReadout {
  drawNow();
  const gl = renderer.getContext();
  const width = gl.drawingBufferWidth;
  const height = gl.drawingBufferHeight;
  const raw = new Uint8Array(width * height * 4);
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, raw);
  // WebGL reads bottom row first.
  const data = new Uint8Array(raw.length);
  const row = width * 4;
  for (let y = 0; y < height; y++) data.set(raw.subarray(y * row, y * row + row), (height - 1 - y) * row);
  return { width, height, data };
}
