/**
 * The camera-control tests' scene (controls.test.tsx, touch.test.tsx) and how they read it: where
 * the magenta marker is, and waiting until input has been drawn.
 */
import type { PixelReadout } from '../../../shared/protocol';
import { rgbaAt, waitFor, type Mounted } from './harness';

/**
 * A magenta marker box (120 tall, standing on y = 0) at the origin, where the camera looks, and
 * four unlit boxes around it, over the lit ground with grid and axes: enough structure that any
 * camera move changes many pixels. Magenta appears nowhere else (the axes are red/green/blue).
 */
const SCRIPT = `
function onReady(THREE, api) {
  const add = (color, x, z) => {
    const box = new THREE.Mesh(new THREE.BoxGeometry(120, 120, 120), new THREE.MeshBasicMaterial({ color }));
    box.position.set(x, 60, z);
    api.scene.add(box);
  };
  add(0xff00ff, 0, 0);
  add(0xffff00, 300, 300);
  add(0x00ffff, -300, 300);
  add(0xff8000, 300, -300);
  add(0x00ff00, -300, -300);
  api.invalidate();
}`;

export const space = (controlConfig: object = {}, cameraConfig: object = {}) => ({
  sceneConfig: { background: '#000000', ground: { enable: true, width: 4000, height: 4000 } },
  lightConfig: { ambientLight: [{ intensity: 2 }], directionalLight: [] },
  helperConfig: { gridConfig: { enable: true, size: 2000 }, axesConfig: { enable: true } },
  controlConfig,
  cameraConfig,
  script: SCRIPT,
});
export const orbit = (orbitConfig: object = {}) => space({ controlType: 'orbit', orbitConfig });
/*
 * On this shared 2-core machine one worker frame was measured blocking for ~7.6 s during mount
 * (scene set-up under load), which trips the default 8 s heartbeat and restarts the worker without
 * the user script. These tests are about input, not hang detection: give the heartbeat more room.
 */
export const SIZE = { width: 400, height: 300, heartbeat: { silentTicks: 240 } };

/** Pixel share and centre (fractions of the view) of the magenta marker box. */
export function marker(p: PixelReadout) {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      const [r, g, b] = rgbaAt(p, (y * p.width + x) * 4);
      if (r > 150 && g < 100 && b > 150) {
        n++;
        sx += x;
        sy += y;
      }
    }
  return { share: n / (p.width * p.height), cx: n ? sx / n / p.width : NaN, cy: n ? sy / n / p.height : NaN };
}

/** Share of the rows [y0, y1) (fractions) covered by the marker. */
export function markerInRows(p: PixelReadout, y0: number, y1: number) {
  let n = 0;
  const r0 = Math.floor(y0 * p.height);
  const r1 = Math.floor(y1 * p.height);
  for (let y = r0; y < r1; y++)
    for (let x = 0; x < p.width; x++) {
      const [r, g, b] = rgbaAt(p, (y * p.width + x) * 4);
      if (r > 150 && g < 100 && b > 150) n++;
    }
  return n / ((r1 - r0) * p.width);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const frames = async (m: Mounted) => (await m.handle.stats()).frames;

/** Wait until the engine stops drawing (input delivered, damping settled, walker landed). */
export async function idle(m: Mounted) {
  await waitFor(async () => {
    const before = await frames(m);
    await sleep(300);
    return (await frames(m)) === before;
  }, 'the engine to stop drawing');
}

/** Input travels over its own MessagePort: let it arrive and its frames finish before reading. */
export async function pixelsAfterInput(m: Mounted) {
  await sleep(100);
  await idle(m);
  return m.pixels();
}
