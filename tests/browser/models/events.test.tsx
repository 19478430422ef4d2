import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { colourDistance, meanColour, mountSpace, unmountAll, waitFor, type Mounted, type RGBA } from '../support/harness';
import type { EngineEvent } from '../../../shared/protocol';
import { objCube } from '../support/obj';

/**
 * Model pointer events and hover highlight with a REAL mouse (Playwright, through Chromium's input
 * pipeline and the input forwarding to the worker). The model: two named cubes of an OBJ file,
 * "Left" and "Right", 150 units wide, centred at x = -150 and x = +150, seen straight on from
 * z = 600 (fov 45) in a 320 x 200 canvas: Left covers about x 0.22..0.41 and Right 0.59..0.78 of
 * the canvas width, both y 0.35..0.65. Nothing else is in the scene.
 */
const OBJ = `${objCube('Left', -150, 75, 0)}\n${objCube('Right', 150, 75, 8)}\n`;

const LEFT = { x: 0.31, y: 0.5 };
const RIGHT = { x: 0.69, y: 0.5 };
const EMPTY = { x: 0.5, y: 0.15 };

const scene = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
};

type PointerEvent_ = Extract<EngineEvent, { type: 'model-pointer' }>;
const pointerEvents = (m: Mounted, from = 0) => m.events.slice(from).filter((e): e is PointerEvent_ => e.type === 'model-pointer');
const names = (m: Mounted, from = 0) => pointerEvents(m, from).map((e) => `${e.event}:${e.name}`);

let objUrl = '';
beforeAll(async () => {
  objUrl = await commands.writeTempFile('parts.obj', OBJ);
});
afterEach(unmountAll);

async function mountModel(extra: Record<string, unknown> = {}) {
  const model = {
    src: { filePath: objUrl, fileList: [{ uid: 'p', name: 'parts.obj', url: objUrl }] },
    adaptive: false,
    ...extra,
  };
  const m = await mountSpace(scene, { width: 320, height: 200, models: { m: model } });
  await waitFor(() => m.events.some((e) => e.type === 'model-loaded' && e.id === 'm'), 'the model to load', 60_000);
  await m.handle.settled();
  return m;
}

const at = (p: { x: number; y: number }, w = 0.03) => [p.x - w, p.y - w, p.x + w, p.y + w] as const;

describe('model pointer events from a real mouse', () => {
  it('a click on a part fires click with its name, uuid and the world hit point on its front face', async () => {
    const m = await mountModel();
    await commands.mouseClick(LEFT);
    const click = await waitFor(() => pointerEvents(m).find((e) => e.event === 'click'), 'a click event');
    expect(click).toMatchObject({ id: 'm', name: 'Left' });
    expect(click.uuid).toMatch(/^[0-9a-f-]{36}$/i);
    expect(click.point.z).toBeCloseTo(75, 0);
    expect(click.point.x).toBeGreaterThan(-225);
    expect(click.point.x).toBeLessThan(-75);
    // Clicking empty space fires nothing more.
    const before = m.events.length;
    await commands.mouseClick(EMPTY);
    await commands.mouseClick(RIGHT);
    await waitFor(() => names(m, before).includes('click:Right'), 'the click on Right');
    expect(names(m, before).filter((n) => n.startsWith('click'))).toEqual(['click:Right']);
  });

  it('a double click fires click, click, dblclick on the part', async () => {
    const m = await mountModel();
    await commands.mouseClick({ ...RIGHT, clickCount: 2 });
    await waitFor(() => names(m).includes('dblclick:Right'), 'a dblclick event');
    expect(names(m).filter((n) => !n.startsWith('mouse'))).toEqual(['click:Right', 'click:Right', 'dblclick:Right']);
  });

  it('moving onto a part fires mouseenter, moving off it mouseleave', async () => {
    const m = await mountModel();
    await commands.mouseMove({ fromX: EMPTY.x, fromY: EMPTY.y, toX: LEFT.x, toY: LEFT.y });
    await waitFor(() => names(m).includes('mouseenter:Left'), 'mouseenter');
    await commands.mouseMove({ fromX: LEFT.x, fromY: LEFT.y, toX: EMPTY.x, toY: EMPTY.y });
    await waitFor(() => names(m).includes('mouseleave:Left'), 'mouseleave');
    expect(names(m)).toEqual(['mouseenter:Left', 'mouseleave:Left']);
    // From one part straight to the other: leave the first, enter the second. (Hover picks are one
    // per worker frame, the latest position: be on Left until it is entered, then go.)
    await commands.mouseMove({ fromX: EMPTY.x, fromY: EMPTY.y, toX: LEFT.x, toY: LEFT.y });
    await waitFor(() => names(m).slice(2).includes('mouseenter:Left'), 'mouseenter on Left again');
    await commands.mouseMove({ fromX: LEFT.x, fromY: LEFT.y, toX: RIGHT.x, toY: RIGHT.y, steps: 20 });
    await waitFor(() => names(m).includes('mouseenter:Right'), 'mouseenter on Right');
    expect(names(m).slice(2)).toEqual(['mouseenter:Left', 'mouseleave:Left', 'mouseenter:Right']);
  });

  it('an orbit drag over the model fires no click, even one that ends where it started', async () => {
    const m = await mountModel();
    const before = await m.pixels();
    // Out and back: the camera turns and returns (no damping), the button comes up over Left again.
    await commands.mouseDrag({ fromX: LEFT.x, fromY: LEFT.y, via: { x: LEFT.x + 0.15, y: LEFT.y }, toX: LEFT.x, toY: LEFT.y, steps: 8 });
    // One way: the drag really orbits (the view changed).
    await commands.mouseDrag({ fromX: LEFT.x, fromY: LEFT.y, toX: LEFT.x + 0.2, toY: LEFT.y + 0.1, steps: 12 });
    const after = await m.pixels();
    expect(colourDistance(meanColour(before, ...at(LEFT, 0.1)), meanColour(after, ...at(LEFT, 0.1)))).toBeGreaterThan(5);
    // Input reaches the worker in order: put the camera back (a new configured pose) and click the
    // part; once that click is reported, a click from the drags would have been too.
    await m.update({ ...scene, cameraConfig: { ...scene.cameraConfig, cameraPositon: { x: 0, y: 0, z: 601 } } });
    await commands.mouseClick(LEFT);
    await waitFor(() => names(m).includes('click:Left'), 'the later click');
    expect(names(m).filter((n) => n.startsWith('click'))).toEqual(['click:Left']);
  });
});

describe('hover highlight', () => {
  it('shows the hovered part in the highlight colour and restores it after leaving', async () => {
    const m = await mountModel({ highlightConfig: { enable: true, color: '#ff00ff' } });
    const plain = await m.pixels();
    const left0: RGBA = meanColour(plain, ...at(LEFT));
    const right0: RGBA = meanColour(plain, ...at(RIGHT));
    expect(Math.max(left0[0], left0[1], left0[2])).toBeGreaterThan(20); // the part is drawn at all

    await commands.mouseMove({ fromX: EMPTY.x, fromY: EMPTY.y, toX: LEFT.x, toY: LEFT.y });
    await waitFor(() => names(m).includes('mouseenter:Left'), 'mouseenter');
    const lit = await m.pixels();
    const left1 = meanColour(lit, ...at(LEFT));
    // Magenta glow: red and blue rise well above the plain part, green does not.
    expect(left1[0] - left0[0]).toBeGreaterThan(40);
    expect(left1[2] - left0[2]).toBeGreaterThan(40);
    expect(Math.abs(left1[1] - left0[1])).toBeLessThan(10);
    expect(colourDistance(meanColour(lit, ...at(RIGHT)), right0)).toBeLessThan(3); // only the hovered part

    await commands.mouseMove({ fromX: LEFT.x, fromY: LEFT.y, toX: EMPTY.x, toY: EMPTY.y });
    await waitFor(() => names(m).includes('mouseleave:Left'), 'mouseleave');
    expect(colourDistance(meanColour(await m.pixels(), ...at(LEFT)), left0)).toBeLessThan(3);
  });

  it('does nothing while disabled', async () => {
    const m = await mountModel();
    const left0 = meanColour(await m.pixels(), ...at(LEFT));
    await commands.mouseMove({ fromX: EMPTY.x, fromY: EMPTY.y, toX: LEFT.x, toY: LEFT.y });
    await waitFor(() => names(m).includes('mouseenter:Left'), 'mouseenter');
    expect(colourDistance(meanColour(await m.pixels(), ...at(LEFT)), left0)).toBeLessThan(3);
  });
});
