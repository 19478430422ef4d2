import type { CardDraw, CardTheme, CardBoxStyle } from '../../../shared/overlays';
import type { PixelReadout } from '../../../shared/protocol';
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

// The camera math a test checks the engine against, shared with the end-to-end tests.
export { project } from '../../e2e/support/project';

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
