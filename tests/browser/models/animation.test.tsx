import { afterEach, describe, expect, it } from 'vitest';
import type { PixelReadout } from '../../../shared/protocol';
import { diffShare, EMPTY, mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import { fixtureSource } from '../support/fixtures';

afterEach(unmountAll);

/** The robot (about 4.5 units tall) in front of a white background, lit, seen from the front. */
const scene = {
  ...EMPTY,
  sceneConfig: { background: '#ffffff', ground: { enable: false } },
  lightConfig: { ambientLight: [{ intensity: 3 }], directionalLight: [] },
  cameraConfig: { cameraPositon: { x: 0, y: 2.5, z: 12 }, cameraLookAt: { x: 0, y: 2, z: 0 }, near: 0.1 },
};
const robot = (extra: object = {}) => ({ m1: { src: fixtureSource('gltf/RobotExpressive.glb'), adaptive: false, ...extra } });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const frames = async (m: Mounted) => (await m.handle.stats()).frames;

/** Let the engine draw at least `n` more frames of its own (the reads add frames of their own too). */
async function framesPass(m: Mounted, n: number) {
  const start = await frames(m);
  await waitFor(async () => (await frames(m)) >= start + n, `${n} frames to be drawn`);
}

/** Until the engine stops drawing by itself: no new frame over a quarter of a second. */
async function idle(m: Mounted) {
  await waitFor(async () => {
    const before = await frames(m);
    await sleep(250);
    return (await frames(m)) === before;
  }, 'the scene to go idle');
}

async function mountRobot(extra: object = {}) {
  const m = await mountSpace(scene, { width: 320, height: 200, models: robot(extra) });
  await waitFor(() => m.events.find((e) => e.type === 'model-loaded' || e.type === 'model-error'), 'the robot to load');
  const failed = m.events.find((e) => e.type === 'model-error');
  if (failed) throw new Error(JSON.stringify(failed));
  return m;
}

/** Share of pixels that are not the white background: the robot is on screen. */
const covered = (p: PixelReadout) => {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if (p.data[i]! < 200 || p.data[i + 1]! < 200 || p.data[i + 2]! < 200) n++;
  return n / (p.data.length / 4);
};

describe('model animations (RobotExpressive)', () => {
  it('lists the clips by name; idle without a clip; an enabled clip moves the robot', async () => {
    const m = await mountRobot();
    const loaded = m.events.find((e) => e.type === 'model-loaded');
    expect(loaded?.type === 'model-loaded' && loaded.info.animations).toEqual([
      'Dance',
      'Death',
      'Idle',
      'Jump',
      'No',
      'Punch',
      'Running',
      'Sitting',
      'Standing',
      'ThumbsUp',
      'Walking',
      'WalkJump',
      'Wave',
      'Yes',
    ]);

    // Nothing enabled: render on demand draws nothing by itself and the picture stays put.
    const a = await m.pixels();
    expect(covered(a)).toBeGreaterThan(0.02);
    const before = await frames(m);
    await sleep(400);
    expect(await frames(m)).toBe(before);
    expect(diffShare(a, await m.pixels(), 0)).toBe(0);

    // Dancing: frames keep coming and the picture changes between them.
    await m.update(scene, { models: robot({ animationConfig: [{ name: 'Dance', enable: true }] }) });
    const b = await m.pixels();
    await framesPass(m, 10);
    const c = await m.pixels();
    expect(diffShare(b, c)).toBeGreaterThan(0.002);

    // Disabled again: the robot goes back to the pose it was loaded in, and the scene goes idle.
    await m.update(scene, { models: robot({ animationConfig: [{ name: 'Dance', enable: false }] }) });
    await idle(m);
    expect(diffShare(a, await m.pixels(), 2)).toBe(0);
    expect(m.events.filter((e) => e.type === 'model-warning')).toEqual([]);
  });

  it('a clip the file does not have is reported, and nothing moves', async () => {
    const m = await mountRobot({ animationConfig: [{ name: 'Moonwalk', enable: true }] });
    await waitFor(() => m.events.find((e) => e.type === 'model-warning'), 'a warning');
    const warning = m.events.find((e) => e.type === 'model-warning');
    expect(warning?.type === 'model-warning' && warning.message).toContain('Moonwalk');
    await idle(m);
  });

  it('a keyframe animation moves the whole model and, played once, ends at its end transform', async () => {
    const m = await mountRobot();
    const start = await m.pixels();
    const slide = (time: { start: number; end: number }, from: number) => ({
      customAnimationConfig: [
        { enable: true, loop: 'once', time, track: { position: { start: { x: from }, end: { x: 3 } }, rotation: { end: { y: 90 } } } },
      ],
    });
    await m.update(scene, { models: robot(slide({ start: 0, end: 1500 }, 0)) });
    const b = await m.pixels();
    await framesPass(m, 5);
    const c = await m.pixels();
    expect(diffShare(b, c)).toBeGreaterThan(0.002);
    await idle(m);
    const end = await m.pixels();
    expect(diffShare(start, end)).toBeGreaterThan(0.01);

    // The same end transform set without motion (a zero-length entry jumps to its end) draws the same.
    await m.update(scene, { models: robot(slide({ start: 0, end: 0 }, 3)) });
    await idle(m);
    expect(diffShare(end, await m.pixels(), 2)).toBe(0);

    // Turned off: the model is back where it started.
    await m.update(scene, { models: robot() });
    await idle(m);
    expect(diffShare(start, await m.pixels(), 2)).toBe(0);
  });
});
