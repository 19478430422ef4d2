import { useEffect, useRef } from 'react';
import type { PixelReadout } from '../../../shared/protocol';

/**
 * A released space's last frame, in the place of its canvas (a plain 2D canvas: no WebGL context
 * is taken to show it). Same drawing-buffer size, stretched to the space's box like the canvas was.
 */
export function LastFrame({ pixels }: { pixels: PixelReadout }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || !pixels.width || !pixels.height) return;
    canvas.width = pixels.width;
    canvas.height = pixels.height;
    const data = new Uint8ClampedArray(pixels.data);
    ctx.putImageData(new ImageData(data, pixels.width, pixels.height), 0, 0);
  }, [pixels]);
  return (
    <canvas
      ref={ref}
      className="dash3d-last-frame"
      aria-hidden="true"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block', pointerEvents: 'none' }}
    />
  );
}
