import { openSync, readSync, closeSync } from 'node:fs';
import { inject } from 'vitest';
import type { Image } from '../../e2e/support/png';
import type { BrowserPage } from './driver';
import type { Rect } from './playground';

/*
 * What the screen shows, read from the X server's framebuffer (Xvfb -fbdir, support/xvfb.ts), not
 * from the browser's own screenshot. Firefox takes a screenshot of a page whose canvas a worker
 * draws by asking that worker for its frame: while the worker is busy the screenshot waits, then
 * comes back white, though the screen itself still shows the last frame (measured, issue 41). A
 * wall display's viewer sees the screen.
 */

/** The XWD file's header: big-endian 32-bit fields (X11's XWDFileHeader). */
const FIELD = {
  headerSize: 0,
  width: 16,
  height: 20,
  byteOrder: 28,
  bitsPerPixel: 44,
  bytesPerLine: 48,
  ncolors: 76,
} as const;

function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  readSync(fd, buf, 0, length, offset);
  return buf;
}

/** The screen's pixels in `r` (screen px), RGBA, top row first. */
export function readScreen(r: { x: number; y: number; width: number; height: number }): Image {
  const path = inject('browsers').framebuffer;
  const fd = openSync(path, 'r');
  try {
    const head = readAt(fd, 0, 100);
    const field = (k: keyof typeof FIELD) => head.readUInt32BE(FIELD[k]);
    if (field('bitsPerPixel') !== 32) throw new Error(`${path}: ${field('bitsPerPixel')} bits per pixel, not 32`);
    const data0 = field('headerSize') + field('ncolors') * 12;
    const x0 = Math.max(0, Math.round(r.x));
    const y0 = Math.max(0, Math.round(r.y));
    const width = Math.min(field('width') - x0, Math.round(r.width));
    const height = Math.min(field('height') - y0, Math.round(r.height));
    // 32-bit pixels in the server's byte order: least significant first, blue, green, red.
    const lsb = field('byteOrder') === 0;
    const out = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      const row = readAt(fd, data0 + (y0 + y) * field('bytesPerLine') + x0 * 4, width * 4);
      for (let x = 0; x < width; x++) {
        const p = x * 4;
        const [b, g, red] = lsb ? [row[p]!, row[p + 1]!, row[p + 2]!] : [row[p + 3]!, row[p + 2]!, row[p + 1]!];
        out.set([red, g, b, 255], (y * width + x) * 4);
      }
    }
    return { width, height, data: out };
  } finally {
    closeSync(fd);
  }
}

/**
 * The screen where `r` (page CSS px) is shown in Firefox, which says where its viewport stands on
 * the screen (mozInnerScreenX/Y; the window is not scaled on this display).
 */
export async function screenAt(page: BrowserPage, r: Rect): Promise<Image> {
  const [left, top] = await page.evaluate(() => {
    const w = window as Window & { mozInnerScreenX?: number; mozInnerScreenY?: number };
    return [w.mozInnerScreenX ?? NaN, w.mozInnerScreenY ?? NaN];
  }, undefined);
  if (!Number.isFinite(left) || !Number.isFinite(top)) throw new Error(`${page.name} does not say where its viewport is on the screen`);
  return readScreen({ x: left + r.x, y: top + r.y, width: r.width, height: r.height });
}
