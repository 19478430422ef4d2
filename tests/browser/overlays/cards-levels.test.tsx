import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import type { PixelReadout } from '../../../shared/protocol';
import { diffShare, meanColour, mountSpace, unmountAll, waitFor, type Mounted, type RGBA } from '../support/harness';
import { objCube } from '../support/obj';
import { card, findPixels, GREEN } from './support';

/*
 * Issue 40 point 3: a card's alarm is a list of levels (normal / warning / alarm), each with its
 * colour and optionally a blink, and a level may tint the card's part (a model's part, through the
 * same rules a model has). Checked in the pixels the engine draws, in the worker and the fallback.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;
/** Straight on from z = 300, lit evenly: the left cube fills about x 0.17..0.42 of the view. */
const scene = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
  lightConfig: { ambientLight: [{ intensity: 1 }], directionalLight: [] },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 300 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
};
const left = (p: PixelReadout) => meanColour(p, 0.25, 0.42, 0.35, 0.58);
const isRed = (c: readonly number[]) => c[0]! > 200 && c[1]! < 60 && c[2]! < 60;
const isYellow = (c: readonly number[]) => c[0]! > 200 && c[1]! > 200 && c[2]! < 60;
const reddish = (c: RGBA) => c[0] > c[1] + 60 && c[0] > c[2] + 60;

const levels = [
  { name: 'warning', mode: 'above', high: 30, color: '#ffff00' },
  { name: 'alarm', mode: 'above', high: 50, color: '#ff0000', blink: true, blinkMs: 800, tintPart: true },
];
/** A card above the cubes watching a pump's temperature, its alarm level tinting the left cube. */
const pumpCard = (value: string) =>
  card(
    {
      meshConfig: { position: { x: 0, y: 60, z: 0 } },
      levelConfig: { levels, partModel: 'm', parts: ['left'] },
    },
    [{ label: 'T', value }],
  );

async function mountPump(extra: { forceMainThread?: boolean } = {}) {
  const url = await commands.writeTempFile('levels.obj', objCube('left', -80, 50) + '\n' + objCube('right', 80, 50, 8) + '\n');
  const src = { filePath: url, fileList: [{ uid: 'levels', name: 'levels.obj', url }] };
  const m = await mountSpace(scene, {
    width: W,
    height: H,
    models: { m: { src, adaptive: false } },
    cards: { t: pumpCard('20') },
    cardTheme: GREEN,
    ...extra,
  });
  await waitFor(() => m.events.find((e) => e.type === 'model-loaded' || e.type === 'model-error'), 'the cubes to load');
  const failed = m.events.find((e) => e.type === 'model-error');
  if (failed) throw new Error(JSON.stringify(failed));
  // Past the cards' fade in.
  await new Promise((r) => setTimeout(r, 300));
  const plain = await m.pixels();
  const show = (value: string) => m.update(scene, { cards: { t: pumpCard(value) } });
  return { m, plain, show };
}

/** Samples of the frames for `ms`: whether the card's level colour and the tinted part show in each. */
async function sample(m: Mounted, ms: number) {
  const out: { card: boolean; part: boolean }[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const p = await m.handle.readPixels();
    out.push({ card: findPixels(p, isRed).count > 30, part: reddish(left(p)) });
    await new Promise((r) => setTimeout(r, 60));
  }
  return out;
}

describe('card levels (issue 40)', () => {
  it("normal, warning, then a blinking alarm that tints the card's part with it; normal again is exactly as before", async () => {
    const { m, plain, show } = await mountPump();
    expect(findPixels(plain, isYellow).count).toBe(0);
    expect(findPixels(plain, isRed).count).toBe(0);
    expect(reddish(left(plain))).toBe(false);

    // Warning: the card's border and leader line turn its colour; it tints nothing.
    await show('40');
    await waitFor(async () => (findPixels(await m.pixels(), isYellow).count > 30 ? true : null), 'the card in the warning colour');
    expect(reddish(left(await m.pixels()))).toBe(false);

    // Alarm: the later level wins; the card and the left cube go red and plain every 400 ms.
    await show('60');
    const seen = await sample(m, 2500);
    expect(seen.some((s) => s.card)).toBe(true);
    expect(seen.some((s) => !s.card)).toBe(true);
    expect(seen.some((s) => s.part)).toBe(true);
    expect(seen.some((s) => !s.part)).toBe(true);
    // A blink draws on its toggles, not every frame: about 2.5 a second (card and part), not 60.
    const before = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 1000));
    expect((await m.handle.stats()).frames - before).toBeLessThan(20);
    expect((await m.handle.stats()).cards).toMatchObject({ alarms: 1 });

    // Normal again: the same pixels as before any level, exactly.
    await show('20');
    await waitFor(async () => (diffShare(plain, await m.pixels(), 0) === 0 ? true : null), 'the plain scene again');
    // And it stays so: no blink left running.
    const still = (await m.handle.stats()).frames;
    await new Promise((r) => setTimeout(r, 900));
    expect((await m.handle.stats()).frames - still).toBeLessThan(3);
  });

  it('a host variable named like a card level cannot fake one', async () => {
    const { m, plain } = await mountPump();
    // Sent as a host variable's value (the rules panel's test value goes this way).
    m.handle.tryVariable('@card:t', 1);
    await m.handle.settled();
    await new Promise((r) => setTimeout(r, 100));
    expect(diffShare(plain, await m.pixels(), 0)).toBe(0);
  });

  it('the main-thread fallback tints the part the same way', async () => {
    const { m, plain, show } = await mountPump({ forceMainThread: true });
    expect(m.handle.mode).toBe('main');
    await show('60');
    const seen = await sample(m, 1500);
    expect(seen.some((s) => s.part)).toBe(true);
    await show('20');
    await waitFor(async () => (diffShare(plain, await m.pixels(), 0) === 0 ? true : null), 'the plain scene again');
  });
});
