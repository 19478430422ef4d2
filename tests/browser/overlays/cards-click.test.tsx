import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import type { EngineEvent } from '../../../shared/protocol';
import { card, GREEN, project, SCENE, FOV } from './support';
import { objCube } from '../support/obj';

/**
 * One click, one target: a data card is drawn over the models, so a click on it is the card's and
 * the model behind it hears nothing; beside the card the model still gets its click. A real mouse
 * (Playwright) through the input forwarding to the worker.
 *
 * The model: one box 300 units wide centred on the origin (front face at z = 150), seen straight
 * on from z = 600 in a 400 x 300 canvas, so it covers the middle of the canvas. The card is anchored
 * on that front face, as "Pick in scene" would put it, its body up and right of the anchor.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;
const HALF = 150;
const ANCHOR = { x: -80, y: 0, z: HALF };

let objUrl = '';
beforeAll(async () => {
  objUrl = await commands.writeTempFile('box.obj', `${objCube('Box', 0, HALF)}\n`);
});

type ModelPointer = Extract<EngineEvent, { type: 'model-pointer' }>;
const modelClicks = (m: Mounted) => m.events.filter((e): e is ModelPointer => e.type === 'model-pointer' && e.event === 'click');
const cardClicks = (m: Mounted) => m.events.flatMap((e) => (e.type === 'card-click' ? [e.id] : []));

describe('a click on a data card in front of a model', () => {
  it('is the card’s alone (no model click); a click beside the card on the model is the model’s', async () => {
    const model = { src: { filePath: objUrl, fileList: [{ uid: 'b', name: 'box.obj', url: objUrl }] }, adaptive: false };
    const m = await mountSpace(SCENE, {
      width: W,
      height: H,
      models: { box: model },
      cards: { c: card({ meshConfig: { position: ANCHOR } }) },
      cardTheme: GREEN,
    });
    await waitFor(() => m.events.some((e) => e.type === 'model-loaded' && e.id === 'box'), 'the model to load', 60_000);
    await m.pixels();
    const rect = (await m.handle.cardRects()).c!;
    expect(rect.visible).toBe(true);

    // The box's front face on the canvas (CSS px), computed independently of the engine.
    const view = { position: { x: 0, y: 0, z: 600 }, target: { x: 0, y: 0, z: 0 } };
    const topLeft = project(view, FOV, W, H, { x: -HALF, y: HALF, z: HALF });
    const bottomRight = project(view, FOV, W, H, { x: HALF, y: -HALF, z: HALF });
    const onBox = (p: { x: number; y: number }) =>
      p.x > topLeft.x + 5 && p.x < bottomRight.x - 5 && p.y > topLeft.y + 5 && p.y < bottomRight.y - 5;
    const onCard = (p: { x: number; y: number }) =>
      p.x >= rect.x && p.x <= rect.x + rect.width && p.y >= rect.y && p.y <= rect.y + rect.height;
    const cardCentre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    const beside = { x: W / 2, y: bottomRight.y - 30 };
    // The premise: the card lies over the box, and the second point is on the box but off the card.
    expect(onBox(cardCentre)).toBe(true);
    expect(onBox(beside) && !onCard(beside)).toBe(true);

    await commands.mouseClick({ x: cardCentre.x / W, y: cardCentre.y / H });
    await waitFor(() => cardClicks(m).length === 1, 'the click on the card');
    // Input reaches the worker in order: once the click beside the card is reported, a model
    // click from the first one would have been reported before it.
    await commands.mouseClick({ x: beside.x / W, y: beside.y / H });
    await waitFor(() => modelClicks(m).length > 0, 'the click on the box beside the card');
    expect(cardClicks(m)).toEqual(['c']);
    const clicks = modelClicks(m);
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ id: 'box', name: 'Box' });
    // It is the second click's: its hit point is on the front face below the card, not under it.
    expect(clicks[0]!.point.z).toBeCloseTo(HALF, 0);
    expect(clicks[0]!.point.y).toBeLessThan(-HALF / 2);
  });
});
