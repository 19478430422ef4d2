/**
 * Any CSS colour the host theme's computed style gives (rgb(), rgba(), color(srgb …), names) as
 * sRGB bytes and alpha, read back through a 1x1 2D canvas: the browser parses it, not us.
 */
let probe: OffscreenCanvasRenderingContext2D | null = null;

type Rgba = { r: number; g: number; b: number; a: number };
/** Colours already read: a theme has a handful, and a read-back per card per change is not free. */
const known = new Map<string, Rgba>();
const KNOWN_MAX = 64;

export function cssColour(css: string): Rgba {
  let c = known.get(css);
  if (!c) {
    if (known.size >= KNOWN_MAX) known.clear();
    c = readColour(css);
    known.set(css, c);
  }
  return c;
}

function readColour(css: string): Rgba {
  probe ??= new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
  if (!probe) return { r: 0, g: 0, b: 0, a: 1 };
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = '#000';
  probe.fillStyle = css; // ignored when not a colour: black
  probe.fillRect(0, 0, 1, 1);
  const [r = 0, g = 0, b = 0, a = 255] = probe.getImageData(0, 0, 1, 1).data;
  // The canvas stores premultiplied colour: undo it for the straight colour.
  const k = a > 0 ? 255 / a : 0;
  return { r: Math.min(255, r * k), g: Math.min(255, g * k), b: Math.min(255, b * k), a: a / 255 };
}
