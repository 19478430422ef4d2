/**
 * Touch on a tablet (issue 30 points 3 and 6): real fingers through Chromium's touch emulation (CDP
 * touch events, tests/e2e/support/touch.ts), in the render worker and in the main-thread fallback,
 * asserting on what the viewer sees: a one-finger drag orbits (the marker stays in the middle), a
 * pinch zooms (the marker grows or shrinks), two fingers moving together pan (the marker goes with
 * them), and a long press then drag pans as a right-button drag does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { diffShare, mountSpace, unmountAll, waitFor } from './support/harness';
import { rasteriser } from './support/rasteriser';
import { idle, marker, orbit, pixelsAfterInput, SIZE, space } from './support/marker';

afterEach(unmountAll);

const PATHS = [
  ['worker', false],
  ['main-thread fallback', true],
] as const;

describe.each(PATHS)('touch on the %s', (_path, forceMainThread) => {
  const mount = (config = orbit()) => mountSpace(config, { ...SIZE, forceMainThread });

  it('one finger orbits: the view turns around the look-at point', async () => {
    const m = await mount();
    expect(m.handle.mode).toBe(forceMainThread ? 'main' : 'worker');
    const before = await m.pixels();
    await commands.touch({ fingers: [[0.3, 0.5, 0.7, 0.55]], steps: 12 });
    const after = await pixelsAfterInput(m);
    expect(diffShare(before, after)).toBeGreaterThan(0.1);
    // Orbiting keeps the target in the middle of the view.
    expect(Math.abs(marker(after).cx - 0.5)).toBeLessThan(0.06);
  });

  it('two fingers spreading zoom in, closing zoom out', async () => {
    const m = await mount();
    const start = marker(await m.pixels()).share;
    await commands.touch({
      fingers: [
        [0.45, 0.5, 0.25, 0.5],
        [0.55, 0.5, 0.75, 0.5],
      ],
    });
    const spread = marker(await pixelsAfterInput(m));
    expect(spread.share).toBeGreaterThan(start * 1.5);
    await commands.touch({
      fingers: [
        [0.2, 0.5, 0.42, 0.5],
        [0.8, 0.5, 0.58, 0.5],
      ],
    });
    expect(marker(await pixelsAfterInput(m)).share).toBeLessThan(spread.share / 1.5);
  });

  it('two fingers moving together pan: the marker goes where they go', async () => {
    const m = await mount();
    const start = marker(await m.pixels());
    // Both fingers 0.2 of the width to the right, apart as they were: no pinch.
    await commands.touch({
      fingers: [
        [0.3, 0.5, 0.5, 0.5],
        [0.5, 0.5, 0.7, 0.5],
      ],
    });
    const panned = marker(await pixelsAfterInput(m));
    expect(panned.cx - start.cx).toBeGreaterThan(0.1);
    expect(Math.abs(panned.share - start.share)).toBeLessThan(start.share * 0.3);
  });

  it('a long press then a drag pans, as a right-button drag does (a drag at once orbits: the first test)', async () => {
    const m = await mount();
    const start = marker(await m.pixels());
    // Longer than the worker's 500 ms long-press timer by a margin a busy worker's timer can use.
    await commands.touch({ fingers: [[0.4, 0.5, 0.6, 0.5]], holdMs: 1500, steps: 12 });
    const panned = marker(await pixelsAfterInput(m));
    // Panned right with the finger, as far as it went; an orbit would keep the marker in the middle.
    expect(panned.cx - start.cx).toBeGreaterThan(0.1);
    expect(Math.abs(panned.share - start.share)).toBeLessThan(start.share * 0.3);
  });

  it('pan off in the settings: a long press and drag leaves the view alone (no orbit either, as a right drag)', async () => {
    const m = await mount(orbit({ enablePan: false }));
    const before = await m.pixels();
    // Longer than the worker's 500 ms long-press timer by a margin a busy worker's timer can use.
    await commands.touch({ fingers: [[0.4, 0.5, 0.6, 0.5]], holdMs: 1500, steps: 12 });
    expect(diffShare(before, await pixelsAfterInput(m))).toBeLessThan(0.005);
  });

  it('first person: a finger turns the view without taking the pointer lock a mouse click takes', async () => {
    const walk = space({ controlType: 'pointerLock' }, { cameraPositon: { x: 0, y: 170, z: 700 }, cameraLookAt: { x: 0, y: 170, z: 0 } });
    const m = await mount(walk);
    await idle(m);
    const start = marker(await m.pixels());
    await commands.touch({ fingers: [[0.5, 0.9, 0.8, 0.9]], steps: 12 });
    // Turned right: the marker that was ahead goes left (or out of view).
    const { cx } = marker(await pixelsAfterInput(m));
    expect(Number.isNaN(cx) || cx < start.cx - 0.1).toBe(true);
    expect(document.pointerLockElement).toBeNull();
  });
});

/**
 * Issue 41 point 2: a pinch on the example dashboard orbited, because its second finger landed on
 * the component group's panel over the canvas (a DOM element: its events went there). Here a panel
 * covers the right third of the canvas, as a group's does, and takes every pointer event it gets.
 * Fingers landing in one touchStart or one by one, with the page idle or busy (a 200 ms task every
 * 250 ms, as on a dashboard full of widgets), in the worker and in the fallback.
 */
describe.each(PATHS)('fingers on a panel over the canvas, on the %s', (_path, forceMainThread) => {
  const mount = async () => {
    // A touch screen from the start, as a tablet's page has: the space loads its finger gathering then.
    await commands.enableTouch();
    expect(navigator.maxTouchPoints).toBeGreaterThan(0);
    const m = await mountSpace(orbit(), { ...SIZE, forceMainThread });
    const panel = document.createElement('div');
    panel.className = 'test-panel';
    Object.assign(panel.style, {
      position: 'absolute',
      top: '0',
      right: '0',
      width: '34%',
      height: '100%',
      background: 'rgba(0,0,0,0.01)',
    });
    const heard: string[] = [];
    for (const type of ['pointerdown', 'pointermove', 'pointerup']) panel.addEventListener(type, () => heard.push(type));
    m.root.appendChild(panel);
    return { m, heard };
  };
  /** A 200 ms task every 250 ms on the page's thread while `fn` runs. */
  const busy = async (on: boolean, fn: () => Promise<void>) => {
    const timer = on
      ? setInterval(() => {
          const until = performance.now() + 200;
          while (performance.now() < until) {
            // The host page's own work.
          }
        }, 250)
      : undefined;
    try {
      await fn();
    } finally {
      clearInterval(timer);
    }
  };

  it.each([
    ['together', true],
    ['apart', false],
  ] as const)('a pinch with one finger on the panel zooms (fingers landing %s, page busy: %s)', async (land, onBusyPage) => {
    const { m, heard } = await mount();
    const start = marker(await m.pixels());
    const before = await m.handle.getView();
    // The second finger lands on the panel (from x 0.7 to 0.85).
    await busy(onBusyPage, () =>
      commands.touch({
        fingers: [
          [0.45, 0.5, 0.3, 0.5],
          [0.72, 0.5, 0.85, 0.5],
        ],
        steps: 5,
        stepMs: 50,
        land,
      }),
    );
    const after = marker(await pixelsAfterInput(m));
    const view = await m.handle.getView();
    const dist = (v: typeof view) => Math.hypot(v.position.x - v.target.x, v.position.y - v.target.y, v.position.z - v.target.z);
    expect(after.share).toBeGreaterThan(start.share * 1.3);
    expect(dist(view)).toBeLessThan(dist(before) * 0.9);
    // The panel never heard the finger that joined the scene.
    expect(heard).toEqual([]);
  });

  it('a pinch whose first finger landed on the panel zooms too (fingers landing apart, page busy)', async () => {
    const { m } = await mount();
    const start = marker(await m.pixels());
    await busy(true, () =>
      commands.touch({
        fingers: [
          [0.75, 0.5, 0.9, 0.5],
          [0.5, 0.5, 0.3, 0.5],
        ],
        steps: 5,
        stepMs: 50,
        land: 'apart',
      }),
    );
    expect(marker(await pixelsAfterInput(m)).share).toBeGreaterThan(start.share * 1.3);
  });

  it('two fingers moving together, one on the panel, pan (page busy)', async () => {
    const { m } = await mount();
    const start = marker(await m.pixels());
    const before = await m.handle.getView();
    await busy(true, () =>
      commands.touch({
        fingers: [
          [0.4, 0.5, 0.55, 0.55],
          [0.7, 0.5, 0.85, 0.55],
        ],
        steps: 5,
        stepMs: 50,
      }),
    );
    const panned = marker(await pixelsAfterInput(m));
    const view = await m.handle.getView();
    // Panned: the look-at point moved (an orbit keeps it), the marker went right with the fingers.
    expect(Math.hypot(view.target.x - before.target.x, view.target.y - before.target.y, view.target.z - before.target.z)).toBeGreaterThan(
      5,
    );
    expect(panned.cx - start.cx).toBeGreaterThan(0.05);
  });

  it('a lone finger on the panel is the panel’s: the view stays', async () => {
    const { m, heard } = await mount();
    const before = await m.pixels();
    await commands.touch({ fingers: [[0.8, 0.5, 0.9, 0.6]], steps: 5 });
    expect(diffShare(before, await pixelsAfterInput(m))).toBeLessThan(0.005);
    expect(heard).toContain('pointerdown');
  });
});

/**
 * A drag is the view moving: its frames follow each other, so adaptive resolution measures a
 * finger's drag as it does damping, and draws it at a lower scale when frames are slow (here a
 * scene whose every pixel runs a long loop), then the still view sharp.
 */
describe('adaptive resolution under a finger', () => {
  // Slow enough to fall under 30 fps with either rasteriser (llvmpipe passed at 1500, 400 was too fast for it).
  const loops = rasteriser() === 'llvmpipe' ? 2000 : 400;
  const heavy = `
function onReady(THREE, api) {
  const material = new THREE.ShaderMaterial({
    vertexShader: 'void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }',
    fragmentShader: \`
      void main() {
        float v = 0.0;
        for (int i = 0; i < ${loops}; i++) v += sin(gl_FragCoord.x * 0.01 + float(i)) * cos(gl_FragCoord.y * 0.013 + float(i) * 0.7);
        gl_FragColor = vec4(vec3(0.5 + 0.5 * sin(v)), 1.0);
      }\`,
  });
  const wall = new THREE.Mesh(new THREE.PlaneGeometry(6000, 6000), material);
  wall.position.z = -800;
  api.scene.add(wall);
  api.invalidate();
}`;

  it.each(PATHS)('in the %s, a slow drag lowers the drawing buffer; still, it is full size again', async (_path, forceMainThread) => {
    const config = { ...orbit(), renderConfig: { resolution: 'auto', targetFps: 30 }, script: heavy };
    const m = await mountSpace(config, { ...SIZE, forceMainThread });
    await idle(m);
    const still = (await m.handle.stats()).resolution;
    let smallest = still.buffer[0];
    let dragging = true;
    const watch = (async () => {
      while (dragging) {
        smallest = Math.min(smallest, (await m.handle.stats()).resolution.buffer[0]);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    // A slow sweep: about 3 s of a finger on the glass, in 30 moves (each waits for the page to take
    // it, so on the main-thread fallback, whose frames here take a few hundred ms, 90 moves took 28 s).
    await commands.touch({ fingers: [[0.2, 0.5, 0.8, 0.5]], steps: 30, stepMs: 100 });
    dragging = false;
    await watch;
    // Drawn smaller while the finger moved (the scale may be back up by now: the view turned off the wall).
    expect(smallest).toBeLessThan(still.buffer[0]);
    await waitFor(async () => (await m.handle.stats()).resolution.buffer[0] === still.buffer[0], 'the full buffer once still', 10_000);
  });
});
