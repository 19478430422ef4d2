import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8Array;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a),
    pb = Math.abs(p - b),
    pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * Decodes the PNGs Chromium's screenshots produce (8-bit RGB or RGBA, not interlaced), so a test
 * can read what is on screen without an image package.
 */
export function decodePng(buf: Uint8Array): Image {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let at = 8;
  let width = 0,
    height = 0,
    colourType = 0;
  const idat: Uint8Array[] = [];
  while (at < buf.length) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...buf.subarray(at + 4, at + 8));
    const body = buf.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      const h = new DataView(body.buffer, body.byteOffset, body.byteLength);
      width = h.getUint32(0);
      height = h.getUint32(4);
      colourType = body[9]!;
      if (body[8] !== 8 || (colourType !== 2 && colourType !== 6) || body[12] !== 0) throw new Error('unsupported PNG layout');
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + len;
  }
  const bpp = colourType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = rows.subarray(y * stride, (y + 1) * stride);
    const prev = y ? rows.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? row[x - bpp]! : 0,
        b = prev[x]!,
        c = x >= bpp ? prev[x - bpp]! : 0;
      const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (pred === undefined) throw new Error(`bad PNG filter ${filter}`);
      row[x] = (src[x]! + pred) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set(rows.subarray(i * bpp, i * bpp + 3), i * 4);
    data[i * 4 + 3] = bpp === 4 ? rows[i * bpp + 3]! : 255;
  }
  return { width, height, data };
}

/** Mean RGB over a rectangle given in fractions of the image (x0, y0, x1, y1). */
export function meanRgb(img: Image, x0 = 0.3, y0 = 0.3, x1 = 0.7, y1 = 0.7): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.floor(y0 * img.height); y < Math.floor(y1 * img.height); y++)
    for (let x = Math.floor(x0 * img.width); x < Math.floor(x1 * img.width); x++) {
      for (let c = 0; c < 3; c++) sum[c]! += img.data[(y * img.width + x) * 4 + c]!;
      n++;
    }
  return sum.map((s) => Math.round(s / Math.max(1, n))) as [number, number, number];
}

export const rgbDistance = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

export const hexToRgb = (hex: string): [number, number, number] => {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
