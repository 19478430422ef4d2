import type { CardDraw, CardTheme, CardBoxStyle } from '../../../shared/overlays';
import type { CameraView, PixelReadout } from '../../../shared/protocol';
import { rgbaAt } from '../support/harness';

/** A plain black scene seen from z = 600 (fov 45), nothing in it but what a test adds. */
export const SCENE = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  lightConfig: { ambientLight: [], directionalLight: [] },
  environmentConfig: { enable: false },
  cameraConfig: { fov: 45, cameraPositon: { x: 0, y: 0, z: 600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
};
export const FOV = 45;

const box = (over: Partial<CardBoxStyle>): CardBoxStyle => ({
  background: 'rgb(0, 255, 0)',
  color: 'rgb(255, 255, 255)',
  borderColor: 'rgb(0, 0, 255)',
  borderWidth: 0,
  borderRadius: 0,
  fontSize: 14,
  fontFamily: 'sans-serif',
  fontWeight: '400',
  padding: 6,
  ...over,
});

/** An opaque green card body with white text and no border: easy to find in pixels. */
export const GREEN: CardTheme = {
  body: box({}),
  activeBody: box({ background: 'rgb(255, 0, 255)' }),
  item: box({ background: 'rgba(0, 0, 0, 0)', padding: 0 }),
};

export function card(
  over: Record<string, unknown> = {},
  items: CardDraw['items'] = [{ label: 'T', value: '21' }],
  active = false,
): CardDraw {
  return {
    config: {
      isSprite: true,
      isFixd: true,
      meshConfig: { position: { x: 0, y: 0, z: 0 } },
      cardConfig: { cardWidth: 100, lineWidth: 20, lineHeight: 20 },
      dataConfig: { lineCount: '1', dataList: [] },
      ...over,
    },
    items,
    active,
  };
}

type V = { x: number; y: number; z: number };
const sub = (a: V, b: V): V => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const dot = (a: V, b: V) => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: V, b: V): V => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const norm = (a: V): V => {
  const l = Math.hypot(a.x, a.y, a.z);
  return { x: a.x / l, y: a.y / l, z: a.z / l };
};

/**
 * Where a world point is on a width x height canvas (CSS px) for a camera pose, computed here from
 * first principles (a look-at camera with +y up and a vertical fov), independently of the engine.
 */
export function project(view: CameraView, fovDeg: number, width: number, height: number, p: V) {
  const f = norm(sub(view.target, view.position));
  const r = norm(cross(f, { x: 0, y: 1, z: 0 }));
  const u = cross(r, f);
  const d = sub(p, view.position);
  const t = Math.tan((fovDeg * Math.PI) / 360);
  const ndcX = dot(d, r) / (dot(d, f) * t * (width / height));
  const ndcY = dot(d, u) / (dot(d, f) * t);
  return { x: ((ndcX + 1) / 2) * width, y: ((1 - ndcY) / 2) * height };
}

export const isGreen = ([r, g, b]: readonly number[]) => g! > 200 && r! < 80 && b! < 80;

/** Bounding box (device px) and count of the pixels matching `test`. */
export function findPixels(p: PixelReadout, test: (rgba: readonly number[]) => boolean) {
  let minX = Infinity,
    minY = Infinity,
    maxX = -1,
    maxY = -1,
    count = 0;
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++)
      if (test(rgbaAt(p, (y * p.width + x) * 4))) {
        count++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  return { count, minX, minY, maxX, maxY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** The bytes of a rectangle (device px) of a readout, to compare two drawings of one area. */
export function crop(p: PixelReadout, x0: number, y0: number, w: number, h: number): number[] {
  const out: number[] = [];
  for (let y = Math.round(y0); y < Math.round(y0 + h); y++)
    for (let x = Math.round(x0); x < Math.round(x0 + w); x++) out.push(...rgbaAt(p, (y * p.width + x) * 4).slice(0, 3));
  return out;
}

export const differing = (a: number[], b: number[], tolerance = 24) => a.filter((v, i) => Math.abs(v - (b[i] ?? 0)) > tolerance).length;
