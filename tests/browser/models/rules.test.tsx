import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';
import {
  colourDistance,
  diffShare,
  EMPTY,
  meanColour,
  mountSpace,
  rgbaAt,
  unmountAll,
  waitFor,
  type Mounted,
  type RGBA,
} from '../support/harness';
import { objCube } from '../support/obj';
import { fixtureSource } from '../support/fixtures';
import { memoryVariables } from '../widgets/support';

afterEach(unmountAll);

/** Straight on, from z = 300: the left cube fills about x 0.17..0.42 of the view, the right 0.58..0.83. */
const scene = {
  ...EMPTY,
  lightConfig: { ambientLight: [{ intensity: 1 }], directionalLight: [] },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 300 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
};
const left = (p: PixelReadout) => meanColour(p, 0.25, 0.42, 0.35, 0.58);
const right = (p: PixelReadout) => meanColour(p, 0.65, 0.42, 0.75, 0.58);
const isBackground = (c: RGBA) => c[0] < 8 && c[1] < 8 && c[2] < 8;
const isRed = (c: RGBA) => c[0] > c[1] + 60 && c[0] > c[2] + 60;
/** Pixels of the right half that are not background: how large the right cube looks. */
function coverage(p: PixelReadout): number {
  let n = 0;
  for (let y = 0; y < p.height; y++)
    for (let x = Math.floor(p.width / 2); x < p.width; x++) {
      const i = (y * p.width + x) * 4;
      if ((p.data[i] ?? 0) > 8 || (p.data[i + 1] ?? 0) > 8 || (p.data[i + 2] ?? 0) > 8) n++;
    }
  return n;
}

/**
 * Change a variable the way the host does, then wait until the engine drew what follows: settled()
 * sends a change still gathering for its batch first, so the frame it waits for has the value (an
 * engine that restarts meanwhile is sent every value as it starts).
 */
async function send(m: Mounted, variables: ReturnType<typeof memoryVariables>, name: string, value: unknown) {
  variables.write(name, value);
  await m.handle.settled();
}

/** Two cubes named left and right (half size 50) at x = -80 and +80, each its own part. */
async function mountRules(rules: unknown[], initial: Record<string, unknown>, extra: { forceMainThread?: boolean } = {}) {
  const url = await commands.writeTempFile('rules.obj', objCube('left', -80, 50) + '\n' + objCube('right', 80, 50, 8) + '\n');
  const src = { filePath: url, fileList: [{ uid: 'rules', name: 'rules.obj', url }] };
  const variables = memoryVariables(initial);
  const models = (r: unknown[]) => ({ m: { src, adaptive: false, rules: r } });
  const m = await mountSpace(scene, { models: models([]), variables, ...extra });
  await waitFor(() => m.events.find((e) => e.type === 'model-loaded' || e.type === 'model-error'), 'the cubes to load');
  const failed = m.events.find((e) => e.type === 'model-error');
  if (failed) throw new Error(JSON.stringify(failed));
  const plain = await m.pixels();
  await m.update(scene, { models: models(rules) });
  const write = (name: string, value: unknown) => send(m, variables, name, value);
  return { m, plain, write, setRules: (r: unknown[]) => m.update(scene, { models: models(r) }) };
}

const overheat = {
  name: 'overheat',
  variable: 'temp',
  parts: ['left'],
  condition: { kind: 'above', value: 50, hysteresis: 5 },
  effects: [{ type: 'tint', color: '#ff0000' }],
};

describe('rules drive parts from live variables (issue 40)', () => {
  it('a part turns the rule colour above the threshold, holds through the hysteresis, and is exactly itself again below it', async () => {
    const { m, plain, write, setRules } = await mountRules([overheat], { temp: 40 });
    // Below the threshold: the rule changes nothing, to the pixel.
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);

    await write('temp', 60);
    const hot = await m.pixels();
    expect(isRed(left(hot))).toBe(true);
    expect(colourDistance(right(hot), right(plain))).toBeLessThan(2);

    // Hovering at the threshold (within the 5 of hysteresis) never flickers the state.
    for (const v of [49.9, 50.1, 49.9, 50.1, 46]) {
      await write('temp', v);
      expect(isRed(left(await m.pixels()))).toBe(true);
    }
    // Back across the threshold by more than the hysteresis: the file's look, exactly.
    await write('temp', 44);
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);

    // Numeric texts count as numbers (many IoT feeds send them).
    await write('temp', '71.5');
    expect(isRed(left(await m.pixels()))).toBe(true);

    // Removing the rule restores the exact original pixels.
    await setRules([]);
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
  });

  it('a value that is not a number, and a rule stored broken, are named in warnings; the scene keeps drawing and the other rules still apply', async () => {
    const other = { variable: 'running', parts: ['right'], condition: { kind: 'isTrue' }, effects: [{ type: 'tint', color: '#ff0000' }] };
    // A third rule stored broken (its range backwards): skipped and named, the others unharmed.
    const broken = { variable: 'temp', parts: ['right'], condition: { kind: 'between', low: 9, high: 1 }, effects: [{ type: 'glow' }] };
    const { m, write } = await mountRules([overheat, other, broken], { temp: 40, running: false });
    await waitFor(
      () => m.events.find((e) => e.type === 'model-warning' && e.message === 'rule 3 is skipped: condition.low, condition.high not valid'),
      'the broken rule named',
    );
    await write('temp', 'sensor offline');
    await write('running', true);
    const warning = await waitFor(
      () =>
        m.events.find((e): e is Extract<EngineEvent, { type: 'model-warning' }> => e.type === 'model-warning' && /temp/.test(e.message)),
      'the warning',
    );
    expect(warning.message).toMatch(/rule 1 \(overheat\).*"sensor offline"/);
    const p = await m.pixels();
    expect(isRed(right(p))).toBe(true);
    expect(isRed(left(p))).toBe(false);
  });

  it('a ramp gives the colour between its stops that the value points at', async () => {
    const ramp = (value: number) => [
      {
        variable: 'load',
        parts: ['left'],
        condition: { kind: 'always' },
        effects: [
          {
            type: 'ramp',
            stops: [
              { value: 0, color: '#0000ff' },
              { value: 100, color: '#ff0000' },
            ],
          },
        ],
      },
      // The same part tinted with the colour a quarter of the way, for comparison, on the right.
      {
        variable: 'load',
        parts: ['right'],
        condition: { kind: 'always' },
        effects: [{ type: 'tint', color: value === 25 ? '#4000bf' : '#ff0000' }],
      },
    ];
    const { m, write, setRules } = await mountRules(ramp(25), { load: 25 });
    const quarter = await m.pixels();
    expect(colourDistance(left(quarter), right(quarter))).toBeLessThan(3);
    expect(left(quarter)[2]).toBeGreaterThan(left(quarter)[0] + 40);
    // Beyond the last stop: its colour.
    await setRules(ramp(150));
    await write('load', 150);
    const past = await m.pixels();
    expect(colourDistance(left(past), right(past))).toBeLessThan(3);
  });

  it('a mapped transform lands the part where the value maps it, and back exactly', async () => {
    const lift = {
      variable: 'level',
      parts: ['right'],
      condition: { kind: 'always' },
      effects: [{ type: 'transform', property: 'position', axis: 'x', inLow: 0, inHigh: 100, outLow: 0, outHigh: -160 }],
    };
    const { m, plain, write } = await mountRules([lift], { level: 0 });
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
    // 100 maps onto -160: the right cube stands where the left one is; its own place is empty.
    await write('level', 100);
    const moved = await m.pixels();
    expect(isBackground(right(moved))).toBe(true);
    // Clamped beyond the range's end: the same place.
    await write('level', 400);
    expect(diffShare(moved, await m.pixels(), 0)).toBe(0);
    await write('level', 0);
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
  });

  it('blink toggles the rule at its period and draws only on the toggles; ending the state stops it', async () => {
    const door = { variable: 'open', parts: ['left'], condition: { kind: 'isTrue' }, effects: [{ type: 'blink', periodMs: 400 }] };
    const { m, plain, write } = await mountRules([door], { open: false });
    await write('open', true);
    // The part is hidden half of each period: both looks come within a few periods.
    const seen = new Set<string>();
    await waitFor(async () => {
      seen.add(isBackground(left(await m.handle.readPixels())) ? 'hidden' : 'shown');
      return seen.size === 2 ? true : null;
    }, 'the part to blink');
    const before = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 2000));
    const drawn = (await m.handle.stats()).frames - before;
    // About 10 toggles in 2 s (plus readPixels' own frames): far below a continuous 60 fps.
    expect(drawn).toBeGreaterThan(2);
    expect(drawn).toBeLessThan(40);
    await write('open', false);
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
    const still = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 800));
    expect((await m.handle.stats()).frames - still).toBeLessThan(3);
  });

  it('a spin turns the part while its speed is not 0, the other way for a negative speed, and stops drawing at 0', async () => {
    // The right cube's origin is the file's (0, 0, 0): spinning about y swings it round the middle.
    const fan = { variable: 'rpm', parts: ['right'], condition: { kind: 'always' }, effects: [{ type: 'spin', axis: 'y', factor: 6 }] };
    const { m, plain, write } = await mountRules([fan], { rpm: 0 });
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
    const idle = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 500));
    expect((await m.handle.stats()).frames - idle).toBeLessThan(3);

    // Turning positively about y, the cube swings away from the camera and looks smaller; a
    // negative speed brings it back past its place and nearer, larger.
    const size0 = coverage(plain);
    await write('rpm', 5); // 30 degrees a second
    await waitFor(async () => (coverage(await m.handle.readPixels()) < size0 * 0.95 ? true : null), 'the part to turn away');
    const a = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 500));
    expect((await m.handle.stats()).frames - a).toBeGreaterThan(3);
    await write('rpm', -5);
    await waitFor(async () => (coverage(await m.handle.readPixels()) > size0 * 1.05 ? true : null), 'the part to turn back and nearer');

    await write('rpm', 0);
    const stopped = await m.pixels();
    const b = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 600));
    expect((await m.handle.stats()).frames - b).toBeLessThan(3);
    expect(diffShare(stopped, await m.pixels(), 0)).toBe(0);
  });

  it('a motion indicator draws its pattern over the part, moves it at the bound speed, is still at 0 and gone with its rule', async () => {
    // A flat belt facing the camera, 300 units along x: stripes 40 units apart, half of each drawn.
    const belt = 'o belt\nv -150 -30 0\nv 150 -30 0\nv 150 30 0\nv -150 30 0\nf 1 2 3 4\n';
    const url = await commands.writeTempFile('belt.obj', belt);
    const src = { filePath: url, fileList: [{ uid: 'belt', name: 'belt.obj', url }] };
    const variables = memoryVariables({ flow: 0 });
    const flow = { type: 'flow', style: 'stripes', axis: 'x', color: '#00ff00', spacing: 40, width: 0.5, factor: 10 };
    const models = (rules: unknown[]) => ({ m: { src, adaptive: false, rules } });
    const m = await mountSpace(scene, { models: models([]), variables });
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded'), 'the belt to load');
    const plain = await m.pixels();
    await m.update(scene, { models: models([{ variable: 'flow', parts: ['belt'], condition: { kind: 'always' }, effects: [flow] }]) });
    /** Along the belt's middle row: which pixels show the stripes' green. */
    const row = (p: PixelReadout) =>
      Array.from({ length: p.width }, (_, x) => {
        const [r, g, b] = rgbaAt(p, (Math.floor(p.height / 2) * p.width + x) * 4);
        return g > r + 60 && g > b + 60 ? 1 : 0;
      }).join('');
    const still = await m.pixels();
    // Stripes: green runs and the belt's own colour between them, several of each.
    expect(row(still).match(/1+/g)!.length).toBeGreaterThanOrEqual(5);
    expect(row(still).match(/0+/g)!.length).toBeGreaterThanOrEqual(5);
    const idle = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 600));
    expect((await m.handle.stats()).frames - idle).toBeLessThan(3);

    await send(m, variables, 'flow', 3); // 30 units a second
    await waitFor(async () => (row(await m.handle.readPixels()) !== row(still) ? true : null), 'the stripes to move');
    const moving = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 500));
    expect((await m.handle.stats()).frames - moving).toBeGreaterThan(3);

    await send(m, variables, 'flow', 0);
    const stopped = await m.pixels();
    const after = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 600));
    expect((await m.handle.stats()).frames - after).toBeLessThan(3);
    expect(row(await m.pixels())).toBe(row(stopped));

    await m.update(scene, { models: models([]) });
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
  });

  it('a motion indicator along a path of points draws its band where the model has no part, moves with the value and goes with its rule', async () => {
    // Below the cubes, 300 units along x at y = -100: a level band 60 wide, seen from a little above.
    const path = [
      { x: -150, y: -100, z: 0 },
      { x: 150, y: -100, z: 0 },
    ];
    const flow = { type: 'flow', style: 'stripes', color: '#00ff00', spacing: 40, width: 0.5, factor: 10, path, pathWidth: 60 };
    const { m, plain, write, setRules } = await mountRules([{ variable: 'flow', condition: { kind: 'always' }, effects: [flow] }], {
      flow: 0,
    });
    /** The band's middle row (y = -100 is 0.9 of the view down): which pixels show the stripes' green. */
    const row = (p: PixelReadout) =>
      Array.from({ length: p.width }, (_, x) => {
        const [r, g, b] = rgbaAt(p, (Math.round(p.height * 0.9) * p.width + x) * 4);
        return g > r + 60 && g > b + 60 ? 1 : 0;
      }).join('');
    expect(row(plain)).not.toContain('1');
    const still = await m.pixels();
    expect(row(still).match(/1+/g)!.length).toBeGreaterThanOrEqual(4);
    // The cubes are untouched: the pattern is on its own band.
    expect(colourDistance(left(still), left(plain))).toBeLessThan(2);
    await write('flow', 3);
    await waitFor(async () => (row(await m.handle.readPixels()) !== row(still) ? true : null), 'the stripes to move along the path');
    await write('flow', 0);
    await setRules([]);
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
  });

  it("an outline draws the part's edges in its colour while the rule applies, and nothing of it after", async () => {
    const lit = { variable: 'selected', parts: ['left'], condition: { kind: 'isTrue' }, effects: [{ type: 'outline', color: '#ffff00' }] };
    const { m, plain, write } = await mountRules([lit], { selected: false });
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
    const yellow = (p: PixelReadout) => {
      let n = 0;
      for (let i = 0; i < p.data.length; i += 4) if (p.data[i]! > 200 && p.data[i + 1]! > 200 && p.data[i + 2]! < 80) n++;
      return n;
    };
    await write('selected', true);
    const outlined = await m.pixels();
    // The cube's silhouette: a few hundred pixels of line, all on the left half.
    expect(yellow(outlined)).toBeGreaterThan(100);
    expect(colourDistance(right(outlined), right(plain))).toBeLessThan(2);
    await write('selected', false);
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
  });

  it('a clip plays while its rule applies (at the value times its speed when it follows it), and stops, back to the pose as loaded', async () => {
    const robotScene = {
      ...EMPTY,
      sceneConfig: { background: '#ffffff', ground: { enable: false } },
      lightConfig: { ambientLight: [{ intensity: 3 }], directionalLight: [] },
      cameraConfig: { cameraPositon: { x: 0, y: 2.5, z: 12 }, cameraLookAt: { x: 0, y: 2, z: 0 }, near: 0.1 },
    };
    const variables = memoryVariables({ dancing: false, tempo: 0 });
    const rules = [
      { variable: 'dancing', condition: { kind: 'isTrue' }, effects: [{ type: 'clip', clip: 'Dance', speed: 1 }] },
      { variable: 'tempo', condition: { kind: 'above', value: 0 }, effects: [{ type: 'clip', clip: 'Wave', speed: 1, followValue: true }] },
      { variable: 'tempo', condition: { kind: 'always' }, effects: [{ type: 'clip', clip: 'Moonwalk' }] },
    ];
    const m = await mountSpace(robotScene, {
      models: { r: { src: fixtureSource('gltf/RobotExpressive.glb'), adaptive: false, rules } },
      variables,
    });
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded'), 'the robot to load');
    const warning = await waitFor(
      () =>
        m.events.find(
          (e): e is Extract<EngineEvent, { type: 'model-warning' }> => e.type === 'model-warning' && /Moonwalk/.test(e.message),
        ),
      'the missing clip named',
    );
    expect(warning.message).toMatch(/rule 3: the model has no animation clip "Moonwalk"/);
    const pose = await m.pixels();
    const idleFrames = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 400));
    // Nothing plays yet: nothing draws.
    expect((await m.handle.stats()).frames - idleFrames).toBeLessThan(3);

    await send(m, variables, 'dancing', true);
    await waitFor(async () => (diffShare(pose, await m.handle.readPixels(), 8) > 0.005 ? true : null), 'the robot to dance');
    await send(m, variables, 'dancing', false);
    // Stopped: the pose as loaded, exactly, and no more frames.
    await waitFor(async () => (diffShare(pose, await m.pixels(), 0) === 0 ? true : null), 'the pose as loaded');
    const still = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 400));
    expect((await m.handle.stats()).frames - still).toBeLessThan(3);

    await send(m, variables, 'tempo', 2);
    await waitFor(async () => (diffShare(pose, await m.handle.readPixels(), 8) > 0.002 ? true : null), 'the robot to wave');
  });

  it('the main-thread fallback runs the same rules', async () => {
    const { m, plain, write } = await mountRules([overheat], { temp: 40 }, { forceMainThread: true });
    expect(m.handle.mode).toBe('main');
    await write('temp', 80);
    expect(isRed(left(await m.pixels()))).toBe(true);
    await write('temp', 10);
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
  });
});
