// Writes src/material-editor/preview-env.png, the material preview's built-in environment image:
// an equirectangular studio gradient (light above, a darker floor, a soft horizon), made here so the
// product ships no third-party image. Run once after changing it: node scripts/make-preview-env.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const W = 512;
const H = 256;
const top = [236, 240, 245];
const horizon = [196, 203, 212];
const floor = [92, 98, 108];

const mix = (a, b, k) => a.map((v, i) => Math.round(v + (b[i] - v) * k));
const raw = Buffer.alloc((W * 3 + 1) * H);
for (let y = 0; y < H; y++) {
  const v = y / (H - 1);
  // Sky to horizon over the upper half, then a quick fall to the floor below it.
  const c = v < 0.5 ? mix(top, horizon, v / 0.5) : mix(horizon, floor, Math.min(1, (v - 0.5) / 0.2));
  const row = y * (W * 3 + 1);
  raw[row] = 0; // filter: none
  for (let x = 0; x < W; x++) raw.set(c, row + 1 + x * 3);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(W, 0);
header.writeUInt32BE(H, 4);
header[8] = 8; // bit depth
header[9] = 2; // colour type: RGB
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../src/material-editor/preview-env.png', import.meta.url), png);
console.log(`preview-env.png: ${png.length} bytes`);
