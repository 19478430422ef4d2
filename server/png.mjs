// @ts-check
// A minimal PNG writer (8-bit grey or RGB, no interlace) for the seed's small generated textures:
// node:zlib deflates, so the seed needs no image package.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** @param {Uint8Array} bytes */
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = /** @type {number} */ (CRC_TABLE[(c ^ b) & 0xff]) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** @param {string} type @param {Uint8Array} data */
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes width x height pixels given by `pixel(x, y)`: a number 0..255 (grey) or [r, g, b].
 * @param {number} width @param {number} height @param {(x: number, y: number) => number | number[]} pixel
 * @param {'grey' | 'rgb'} mode
 * @returns {Uint8Array}
 */
export function encodePng(width, height, pixel, mode) {
  const channels = mode === 'grey' ? 1 : 3;
  const raw = Buffer.alloc((width * channels + 1) * height);
  let i = 0;
  for (let y = 0; y < height; y++) {
    raw[i++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const v = pixel(x, y);
      for (const c of Array.isArray(v) ? v : [v]) raw[i++] = Math.max(0, Math.min(255, Math.round(c)));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = mode === 'grey' ? 0 : 2; // colour type
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))]),
  );
}

/** Deterministic noise in 0..1 per integer cell, so the seed writes the same bytes every time. */
export function hash2(/** @type {number} */ x, /** @type {number} */ y, seed = 1) {
  let h = (Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 2246822519)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967295;
}

/** Smooth value noise that tiles with period `period` (cells), in 0..1. */
export function tiledNoise(/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ period, seed = 1) {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const s = (/** @type {number} */ t) => t * t * (3 - 2 * t);
  const at = (/** @type {number} */ a, /** @type {number} */ b) =>
    hash2(((a % period) + period) % period, ((b % period) + period) % period, seed);
  const top = at(xi, yi) + (at(xi + 1, yi) - at(xi, yi)) * s(fx);
  const bottom = at(xi, yi + 1) + (at(xi + 1, yi + 1) - at(xi, yi + 1)) * s(fx);
  return top + (bottom - top) * s(fy);
}
