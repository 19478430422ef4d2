/**
 * Tapping on a tablet (issue 30 points 3 and 6): real fingers (CDP touch events) in the render
 * worker and the main-thread fallback. A tap on a model is its click, with the part and the point;
 * a tap on a data card drawn over it is the card's alone; a fingertip that wobbles a few pixels
 * still taps; two fingers landing together (a pinch's start) pick nothing, nor does a long press
 * (a right press: it pans).
 *
 * The model: one box 300 units wide centred on the origin (front face at z = 150), seen straight
 * on from z = 600 in a 400 x 300 canvas, so it covers the middle of the canvas. The card is anchored
 * on that front face, its body up and right of the anchor (as in overlays/cards-click.test.tsx).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor, type Mounted } from './support/harness';
import type { EngineEvent } from '../../shared/protocol';
import { card, GREEN, SCENE } from './overlays/support';
import { objCube } from './support/obj';

afterEach(unmountAll);

const W = 400;
const H = 300;
const HALF = 150;

let objUrl = '';
beforeAll(async () => {
  objUrl = await commands.writeTempFile('box.obj', `${objCube('Box', 0, HALF)}\n`);
});

type ModelPointer = Extract<EngineEvent, { type: 'model-pointer' }>;
const modelClicks = (m: Mounted) => m.events.filter((e): e is ModelPointer => e.type === 'model-pointer' && e.event === 'click');
const cardClicks = (m: Mounted) => m.events.flatMap((e) => (e.type === 'card-click' ? [e.id] : []));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A point of the canvas in CSS px as a finger that lands and lifts there. */
const tapAt = (x: number, y: number, wobblePx = 0) => commands.touch({ fingers: [[x / W, y / H, (x + wobblePx) / W, y / H]], steps: 3 });

describe.each([
  ['worker', false],
  ['main-thread fallback', true],
] as const)('taps on the %s', (_path, forceMainThread) => {
  async function mount() {
    const model = { src: { filePath: objUrl, fileList: [{ uid: 'b', name: 'box.obj', url: objUrl }] }, adaptive: false };
    const m = await mountSpace(SCENE, {
      width: W,
      height: H,
      forceMainThread,
      heartbeat: { silentTicks: 240 },
      models: { box: model },
      cards: { c: card({ meshConfig: { position: { x: -80, y: 0, z: HALF } } }) },
      cardTheme: GREEN,
    });
    await waitFor(() => m.events.some((e) => e.type === 'model-loaded' && e.id === 'box'), 'the model to load', 60_000);
    await m.pixels();
    return m;
  }

  it('a tap on the model is its click; a tap on the card is the card’s alone', async () => {
    const m = await mount();
    const rect = (await m.handle.cardRects()).c!;
    expect(rect.visible).toBe(true);
    await tapAt(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await waitFor(() => cardClicks(m).length === 1, 'the tap on the card');
    // Below the card, on the box's front face.
    await tapAt(W / 2, H * 0.75);
    const click = await waitFor(() => modelClicks(m)[0], 'the tap on the box');
    expect(cardClicks(m)).toEqual(['c']);
    expect(modelClicks(m)).toHaveLength(1);
    expect(click).toMatchObject({ id: 'box', name: 'Box' });
    expect(click.point.z).toBeCloseTo(HALF, 0);
  });

  it('a fingertip that rolls 8 px between landing and lifting still taps', async () => {
    const m = await mount();
    await tapAt(W / 2, H * 0.75, 8);
    await waitFor(() => modelClicks(m).length === 1, 'the wobbly tap on the box');
  });

  it('a two-finger tap (the second finger lifting first) or a long press picks nothing; a tap after them does', async () => {
    const m = await mount();
    const y = (H * 0.75) / H;
    // The second finger lifts first: it was the last to press.
    await commands.touch({
      fingers: [
        [0.45, y, 0.45, y],
        [0.55, y, 0.55, y],
      ],
      lift: 'last-first',
    });
    // Longer than the worker's 500 ms long-press timer by a margin a busy worker's timer can use.
    await commands.touch({ fingers: [[0.5, y, 0.5, y]], holdMs: 1500 });
    // Input arrives in order: once the last tap is reported, clicks from the gestures before it would have been too.
    await tapAt(W / 2, H * 0.75);
    await waitFor(() => modelClicks(m).length > 0, 'the tap after the gestures');
    await sleep(200);
    expect(modelClicks(m)).toHaveLength(1);
    expect(cardClicks(m)).toEqual([]);
  });
});
