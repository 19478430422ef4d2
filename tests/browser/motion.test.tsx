import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { diffShare, mountSpace, unmountAll, waitFor, type Mounted } from './support/harness';
import { orbit, SIZE, sleep } from './support/marker';
import { objCube } from './support/obj';
import { card, findPixels, GREEN } from './overlays/support';
import { fixtureSource } from './support/fixtures';
import { EMPTY } from './support/harness';

/*
 * Issue 42 point 4: with prefers-reduced-motion (emulated in Chromium) auto-rotate stops, a camera
 * flight jumps, and a blinking card stays lit; the space's `motion` prop (ThreeDHost.accessibility
 * .motion) overrides the preference either way. Asserted in the pixels the engine draws.
 */
afterEach(async () => {
  unmountAll();
  await commands.emulateReducedMotion(null);
});

const spinning = orbit({ autoRotate: true, autoRotateSpeed: 30 });

/** Whether the picture stays the same for `ms` (two read-backs that far apart, after a first frame settles). */
async function stillFor(m: Mounted, ms: number) {
  await m.handle.settled();
  const a = await m.handle.readPixels();
  await sleep(ms);
  return diffShare(a, await m.handle.readPixels()) === 0;
}

describe('reduced motion', () => {
  it('stops auto-rotate while the viewer asks for it, and turns again when they no longer do', async () => {
    await commands.emulateReducedMotion(true);
    const m = await mountSpace(spinning, SIZE);
    expect(await stillFor(m, 2000)).toBe(true);
    await commands.emulateReducedMotion(false);
    await waitFor(async () => ((await stillFor(m, 500)) ? null : true), 'auto-rotate again');
  });

  it("the host's choice wins: 'full' turns under the preference, 'reduce' stays still without it", async () => {
    await commands.emulateReducedMotion(true);
    const full = await mountSpace(spinning, { ...SIZE, motion: 'full' });
    expect(await stillFor(full, 1000)).toBe(false);
    unmountAll();
    await commands.emulateReducedMotion(false);
    const reduce = await mountSpace(spinning, { ...SIZE, motion: 'reduce' });
    expect(await stillFor(reduce, 2000)).toBe(true);
  });

  it('a camera flight lands at once', async () => {
    await commands.emulateReducedMotion(true);
    const m = await mountSpace(orbit(), SIZE);
    const to = { position: { x: 300, y: 200, z: 300 }, target: { x: 0, y: 0, z: 0 } };
    await m.handle.viewTo(to, 3000);
    const view = await m.handle.getView();
    for (const axis of ['x', 'y', 'z'] as const) expect(view.position[axis]).toBeCloseTo(to.position[axis], 3);
  });

  it("a model's clip marked decorative holds still, one not marked plays on, and the decorative one plays once the preference goes", async () => {
    await commands.emulateReducedMotion(true);
    const robot = (decorative: boolean) => ({
      r: {
        src: fixtureSource('gltf/RobotExpressive.glb'),
        adaptive: false,
        animationConfig: [{ name: 'Dance', enable: true, decorative }],
      },
    });
    const view = {
      ...EMPTY,
      sceneConfig: { background: '#ffffff', ground: { enable: false } },
      lightConfig: { ambientLight: [{ intensity: 3 }], directionalLight: [] },
      cameraConfig: { cameraPositon: { x: 0, y: 2.5, z: 12 }, cameraLookAt: { x: 0, y: 2, z: 0 }, near: 0.1 },
    };
    const m = await mountSpace(view, { width: 320, height: 200, models: robot(true) });
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded'), 'the robot to load');
    expect(await stillFor(m, 1500)).toBe(true);
    await m.update(view, { models: robot(false) });
    expect(await stillFor(m, 500)).toBe(false);
    await m.update(view, { models: robot(true) });
    expect(await stillFor(m, 1500)).toBe(true);
    await commands.emulateReducedMotion(false);
    await waitFor(async () => ((await stillFor(m, 500)) ? null : true), 'the decorative clip to play');
  });

  it('a blinking alarm level stays lit, card and tinted part, in every frame', async () => {
    await commands.emulateReducedMotion(true);
    const url = await commands.writeTempFile('motion.obj', objCube('left', -80, 50) + '\n');
    const src = { filePath: url, fileList: [{ uid: 'motion', name: 'motion.obj', url }] };
    const level = { name: 'alarm', mode: 'above', high: 50, color: '#ff0000', blink: true, blinkMs: 400, tintPart: true };
    const alarm = card(
      { meshConfig: { position: { x: 0, y: 60, z: 0 } }, levelConfig: { levels: [level], partModel: 'm', parts: ['left'] } },
      [{ label: 'T', value: '60' }],
    );
    const m = await mountSpace(
      {
        sceneConfig: { background: '#000000', ground: { enable: false } },
        environmentConfig: { enable: false },
        lightConfig: { ambientLight: [{ intensity: 1 }], directionalLight: [] },
        cameraConfig: { cameraPositon: { x: 0, y: 0, z: 300 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
      },
      { width: 400, height: 300, models: { m: { src, adaptive: false } }, cards: { t: alarm }, cardTheme: GREEN },
    );
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded'), 'the cube to load');
    const red = (c: readonly number[]) => c[0]! > 200 && c[1]! < 60 && c[2]! < 60;
    await waitFor(async () => (findPixels(await m.pixels(), red).count > 30 ? true : null), 'the alarm colour');
    const counts: number[] = [];
    const end = performance.now() + 1500;
    while (performance.now() < end) {
      counts.push(findPixels(await m.handle.readPixels(), red).count);
      await sleep(50);
    }
    expect(Math.min(...counts)).toBeGreaterThan(30);
    // And nothing is drawn for it: a steady level asks for no frames.
    const before = (await m.handle.stats()).frames;
    await sleep(1000);
    expect((await m.handle.stats()).frames - before).toBeLessThan(3);
  });
});
