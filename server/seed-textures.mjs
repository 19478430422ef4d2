// @ts-check
// The built-in materials' textures, generated at seed time (a few KB each) and stored beside the
// .airm that names them relatively. Every one tiles, since materials repeat their textures.
import { encodePng, hash2, tiledNoise } from './png.mjs';

const SIZE = 64;
const TAU = Math.PI * 2;

/** Oak: warm bands of growth rings bent by low noise, with fine grain along the board. */
export function oakPng() {
  return encodePng(
    SIZE,
    SIZE,
    (x, y) => {
      const bend = tiledNoise(x / 16, y / 16, 4, 7) * 2.5;
      const rings = 0.5 + 0.5 * Math.sin((x / SIZE) * TAU * 5 + bend * 2);
      const grain = hash2(x, Math.floor(y / 8), 3) * 0.18;
      const t = rings * 0.7 + grain;
      return [150 + 60 * t, 96 + 40 * t, 52 + 22 * t];
    },
    'rgb',
  );
}

/** Concrete: grey with soft blotches and sharp pores (grey PNG, tinted by the material's colour). */
export function concretePng() {
  return encodePng(
    SIZE,
    SIZE,
    (x, y) => {
      const blotch = tiledNoise(x / 8, y / 8, 8, 11) * 0.6 + tiledNoise(x / 4, y / 4, 16, 12) * 0.4;
      const pore = hash2(x, y, 13) > 0.97 ? -70 : 0;
      return 150 + 70 * blotch + (hash2(x, y, 14) - 0.5) * 24 + pore;
    },
    'grey',
  );
}

/** Water: a tangent-space normal map of crossing ripples (slopes of a sum of tiling sines). */
export function waterNormalPng() {
  const k = TAU / SIZE;
  return encodePng(
    SIZE,
    SIZE,
    (x, y) => {
      const dx = 0.35 * Math.cos(x * k * 2 + y * k) * 2 + 0.2 * Math.cos((x - y) * k * 3) * 3;
      const dy = 0.35 * Math.cos(x * k * 2 + y * k) + -0.2 * Math.cos((x - y) * k * 3) * 3 + 0.25 * Math.cos(y * k * 4) * 4;
      const [nx, ny, nz] = [-dx * 0.25, -dy * 0.25, 1];
      const len = Math.hypot(nx, ny, nz);
      return [nx, ny, nz].map((c) => (c / len) * 127.5 + 127.5);
    },
    'rgb',
  );
}
