import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { startPlayground, type Playground } from './support/server';
import { frame, launchChromium, openPage, spaceSettled } from './support/browser';
import { findXHandle, project } from './support/project';

/**
 * Editing where things are drawn (issue 19): in edit mode the frames of a space's models, cards
 * and groups sit where the scene draws them and follow the camera, and a click on a child in the
 * scene selects it in the editor. Checked on the example dashboard the service seeds.
 */
let pg: Playground;
let browser: Browser;

beforeAll(async () => {
  pg = await startPlayground();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await pg?.stop();
});

const SPACE = 'example-space';
const CARDS = ['example-card-temperature', 'example-card-pressure', 'example-card-running'];

type Box = { x: number; y: number; width: number; height: number };

/** The space's canvas on the page, and where the engine says each card is drawn (page px). */
async function drawnCards(page: Page): Promise<Record<string, Box & { visible: boolean }>> {
  const canvas = (await frame(page, SPACE).locator('canvas').first().boundingBox())!;
  const rects = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.cardRects(), SPACE);
  return Object.fromEntries(
    Object.entries(rects).map(([id, r]) => {
      const x0 = Math.min(r.x, r.anchorX);
      const y0 = Math.min(r.y, r.anchorY);
      const x1 = Math.max(r.x + r.width, r.anchorX);
      const y1 = Math.max(r.y + r.height, r.anchorY);
      return [id, { x: canvas.x + x0, y: canvas.y + y0, width: x1 - x0, height: y1 - y0, visible: r.visible }];
    }),
  );
}

/**
 * Pixels of the scene (as the engine drew it) in the selection outline's blue, #1677ff, within the
 * model's frame (the outline is the box of the selected model, the frame that box's bounds on
 * screen). Exact: the outline's lines are unlit and not tone mapped (worker/space/selection.ts). A
 * lit surface of the example in the same blue (the pump, coloured by its temperature rule below
 * 20 °C) matched a looser test by the thousand (18897 pixels on a loaded run).
 */
async function selectionBlue(page: Page) {
  const canvas = (await frame(page, SPACE).locator('canvas').first().boundingBox())!;
  const model = (await frame(page, 'example-model').boundingBox())!;
  const r = {
    x0: model.x - canvas.x - 10,
    y0: model.y - canvas.y - 10,
    x1: model.x + model.width - canvas.x + 10,
    y1: model.y + model.height - canvas.y + 10,
  };
  return page.evaluate(
    async ({ id, r, cssWidth }) => {
      const p = await window.__dash3d!.spaces.get(id)!.readPixels();
      const k = p.width / cssWidth;
      let n = 0;
      for (let y = Math.max(0, Math.floor(r.y0 * k)); y < Math.min(p.height, Math.ceil(r.y1 * k)); y++)
        for (let x = Math.max(0, Math.floor(r.x0 * k)); x < Math.min(p.width, Math.ceil(r.x1 * k)); x++) {
          const i = (y * p.width + x) * 4;
          if (Math.abs(p.data[i]! - 22) <= 3 && Math.abs(p.data[i + 1]! - 119) <= 3 && p.data[i + 2]! >= 250) n++;
        }
      return n;
    },
    { id: SPACE, r, cssWidth: canvas.width },
  );
}

const encloses = (outer: Box, inner: Box, slack = 1.5) =>
  outer.x <= inner.x + slack &&
  outer.y <= inner.y + slack &&
  outer.x + outer.width >= inner.x + inner.width - slack &&
  outer.y + outer.height >= inner.y + inner.height - slack;

/** Every card's frame encloses the card as the engine drew it (body, leader line, anchor). */
async function framesOnCards(page: Page) {
  await expect
    .poll(async () => {
      const drawn = await drawnCards(page);
      const ok = [];
      for (const id of CARDS) {
        const box = await frame(page, id).boundingBox();
        ok.push(!!box && !!drawn[id]?.visible && encloses(box, drawn[id]) && box.width < drawn[id].width + 4);
      }
      return ok;
    })
    .toEqual(CARDS.map(() => true));
}

describe('edit where it is drawn', () => {
  it('frames follow the cards, the model and the group as the camera turns; the list says when one is out of view', async () => {
    const { page, errors } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    await framesOnCards(page);
    const space = (await frame(page, SPACE).boundingBox())!;
    for (const id of ['example-model', 'example-group']) {
      await expect.poll(() => frame(page, id).getAttribute('data-scene-state')).toBe('shown');
      const box = (await frame(page, id).boundingBox())!;
      // Inside the space, not at the layout the document stores for it.
      expect(encloses(space, box, 2)).toBe(true);
    }
    // The group's frame holds its panel as the page draws it.
    const panel = (await page.locator('.dash3d-group[data-widget-id="example-group"]').boundingBox())!;
    expect(encloses((await frame(page, 'example-group').boundingBox())!, panel)).toBe(true);

    // The camera turns: the frames go with the cards.
    const before = (await frame(page, CARDS[0]!).boundingBox())!;
    await page.evaluate(
      (id) => window.__dash3d!.spaces.get(id)!.viewTo({ position: { x: -260, y: 160, z: 300 }, target: { x: 0, y: 30, z: 0 } }),
      SPACE,
    );
    await expect.poll(async () => (await frame(page, CARDS[0]!).boundingBox())!.x).not.toBe(before.x);
    await framesOnCards(page);

    // Looking away: nothing is framed where it is not; the list says the children are out of view.
    await page.evaluate(
      (id) => window.__dash3d!.spaces.get(id)!.viewTo({ position: { x: 0, y: 30, z: 600 }, target: { x: 0, y: 30, z: 1200 } }),
      SPACE,
    );
    await expect.poll(() => frame(page, CARDS[1]!).getAttribute('data-scene-state')).toBe('out-of-view');
    expect(await frame(page, CARDS[1]!).locator('.dash3d-frame__move').count()).toBe(0);
    await expect.poll(() => page.locator(`.dash3d-outline__item[data-widget-id="${CARDS[1]}"]`).textContent()).toContain('out of view');
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
    await page.close();
  });

  it('a click on a card, the group or the model in the scene selects it in the editor', async () => {
    const { page } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    await framesOnCards(page);
    const current = () => page.locator('.dash3d-outline__item[aria-current="true"]').getAttribute('data-widget-id');
    const canvas = (await frame(page, SPACE).locator('canvas').first().boundingBox())!;
    const rects = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.cardRects(), SPACE);
    // A card whose middle nothing on the page covers (the group's panel may stand over one).
    let picked: string | null = null;
    for (const id of CARDS) {
      const r = rects[id]!;
      const at = { x: canvas.x + r.x + r.width / 2, y: canvas.y + r.y + r.height / 2 };
      const top = await page.evaluate((p) => document.elementFromPoint(p.x, p.y)?.tagName ?? null, at);
      if (top !== 'CANVAS') continue;
      picked = id;
      await page.mouse.click(at.x, at.y);
      break;
    }
    expect(picked).not.toBeNull();
    await expect.poll(current).toBe(picked);
    // The group's panel, drawn by the page where the scene puts it.
    const panel = (await page.locator('.dash3d-group[data-widget-id="example-group"]').boundingBox())!;
    await page.mouse.click(panel.x + panel.width / 2, panel.y + panel.height / 2);
    await expect.poll(current).toBe('example-group');
    // The model: the middle of its frame (the turntable fills it there).
    const model = (await frame(page, 'example-model').boundingBox())!;
    await page.mouse.click(model.x + model.width / 2, model.y + model.height * 0.6);
    await expect.poll(current).toBe('example-model');
    // Selected, the model is outlined in the scene (its box, in the editor's blue).
    await expect.poll(() => selectionBlue(page)).toBeGreaterThan(200);
    await page.locator(`.dash3d-outline__item[data-widget-id="${SPACE}"]`).click();
    await expect.poll(() => selectionBlue(page)).toBeLessThan(20);
    await page.close();
  });

  it('undo and redo, from the keyboard and the toolbar, take back a whole move and a run of typing', async () => {
    const { page } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    const doc = async () => (await page.evaluate(() => window.__dash3d!.dashboard()))!;
    const original = await doc();
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    expect(await undo.isDisabled()).toBe(true);
    // A drag of the space's handle: one change when it ends.
    const handle = frame(page, SPACE).locator('> .dash3d-frame__move');
    const b = (await handle.boundingBox())!;
    await page.mouse.move(b.x + 6, b.y + 6);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(b.x + 6 + i * 10, b.y + 6 + i * 5);
    await page.mouse.up();
    await expect.poll(async () => (await doc()).widgets[0]!.layout).toMatchObject({ x: 60, y: 30 });
    // The dashboard's name, typed: one step however many keys.
    const name = page.getByRole('textbox', { name: 'Dashboard name' });
    await name.fill('');
    await name.pressSequentially('Plant 7');
    await expect.poll(async () => (await doc()).name).toBe('Plant 7');
    await page.locator('body').click({ position: { x: 5, y: 990 } });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await doc()).name).toBe(original.name);
    expect((await doc()).widgets[0]!.layout).toMatchObject({ x: 60, y: 30 });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await doc()).widgets).toEqual(original.widgets);
    expect(await undo.isDisabled()).toBe(true);
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await doc()).widgets[0]!.layout).toMatchObject({ x: 60, y: 30 });
    await redo.click();
    await expect.poll(async () => (await doc()).name).toBe('Plant 7');
    expect(await redo.isDisabled()).toBe(true);
    await page.close();
  });

  it('a selected card dragged onto the model: its anchor lands on the model surface, live; one undo restores the config exactly', async () => {
    const { page } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    await framesOnCards(page);
    const doc = async () => (await page.evaluate(() => window.__dash3d!.dashboard()))!;
    const cardConfig = async (id: string) => (await doc()).widgets[0]!.children.find((c) => c.id === id)!.config;
    const canvas = (await frame(page, SPACE).locator('canvas').first().boundingBox())!;
    const rects = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.cardRects(), SPACE);
    // A card whose body nothing covers, selected from the list.
    let id = '';
    for (const c of CARDS) {
      const r = rects[c]!;
      const top = await page.evaluate((p) => document.elementFromPoint(p.x, p.y)?.tagName, {
        x: canvas.x + r.x + r.width / 2,
        y: canvas.y + r.y + r.height / 2,
      });
      if (top === 'CANVAS') {
        id = c;
        break;
      }
    }
    expect(id).not.toBe('');
    const before = await cardConfig(id);
    await page.locator(`.dash3d-outline__item[data-widget-id="${id}"]`).click();
    // Where the card is drawn now that it is selected, once it stays put (two equal reads): the
    // grab's offset from its anchor is measured from it.
    let seen = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify((await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.cardRects(), SPACE))[id]);
        const still = now === seen;
        seen = now;
        return still;
      })
      .toBe(true);
    const r = JSON.parse(seen) as NonNullable<(typeof rects)[string]>;
    const from = { x: canvas.x + r.x + r.width / 2, y: canvas.y + r.y + r.height / 2 };
    // Where the anchor should go: over the turntable's axis (its origin, inside its spinning base), so
    // the surface under it stays there as it turns.
    const view = await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.getView(), SPACE);
    const axis = project(view, 45, canvas.width, canvas.height, { x: 0, y: 0, z: 0 });
    const anchorTo = { x: canvas.x + axis.x, y: canvas.y + axis.y };
    const to = { x: anchorTo.x + (from.x - (canvas.x + r.anchorX)), y: anchorTo.y + (from.y - (canvas.y + r.anchorY)) };
    const viewBefore = await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.getView(), SPACE);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
    // Live: the card follows before the pointer is let go, and the document has not changed yet.
    await expect
      .poll(async () => (await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.cardRects(), SPACE))[id]!.anchorX)
      .not.toBeCloseTo(r.anchorX, 0);
    expect(await cardConfig(id)).toEqual(before);
    await page.mouse.up();
    await expect.poll(async () => JSON.stringify(await cardConfig(id))).not.toBe(JSON.stringify(before));
    // The camera did not orbit: the drag was the card's.
    expect(await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.getView(), SPACE)).toEqual(viewBefore);
    const moved = (await cardConfig(id)) as { meshConfig: { position: { x: number; y: number; z: number } } };
    // On the model's surface: the engine's own pick at the card's anchor on screen finds the model there.
    // (Once the engine drew the card with its new config: its anchor where the pointer put it.)
    const rectNow = async () => (await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.cardRects(), SPACE))[id]!;
    await expect.poll(async () => Math.hypot((await rectNow()).anchorX - axis.x, (await rectNow()).anchorY - axis.y)).toBeLessThan(3);
    // And it stays there once the space has stopped waiting for the host to apply the change
    // (SceneDrag's 1.5 s): the playground hands the very config object it was sent back to the
    // card, and the space once took that for "not applied" and put the card back where it was (on
    // loaded CI runs, where this test took longer than 1.5 s, as 'ground' under the anchor or the
    // anchor 176 px off).
    await page.waitForTimeout(2500);
    await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.settled(), SPACE);
    expect(Math.hypot((await rectNow()).anchorX - axis.x, (await rectNow()).anchorY - axis.y)).toBeLessThan(3);
    const after = await rectNow();
    const { hit, restarts } = await page.evaluate(
      async ({ sid, x, y }) => {
        const space = window.__dash3d!.spaces.get(sid)!;
        return { hit: await space.pickPoint(x, y), restarts: space.restarts };
      },
      { sid: SPACE, x: after.anchorX, y: after.anchorY },
    );
    expect(hit?.on, `the render worker restarted ${restarts} times`).toBe('model');
    expect(hit?.modelId).toBe('example-model');
    for (const k of ['x', 'y', 'z'] as const) expect(Math.abs(hit!.point[k] - moved.meshConfig.position[k])).toBeLessThan(2);
    // One undo: the config as it was, exactly; redo: moved again.
    await page.locator('body').click({ position: { x: 5, y: 990 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => cardConfig(id)).toEqual(before);
    await page.keyboard.press('Control+y');
    await expect.poll(() => cardConfig(id)).toEqual(moved);
    await page.close();
  });

  it('the selected group dragged with Shift keeps its height; Escape during a drag puts it back', async () => {
    const { page } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    const doc = async () => (await page.evaluate(() => window.__dash3d!.dashboard()))!;
    const group = async () =>
      (await doc()).widgets[0]!.children.find((c) => c.id === 'example-group')!.config as {
        meshConfig: { position: { x: number; y: number; z: number } };
      };
    const before = await group();
    await page.locator('.dash3d-outline__item[data-widget-id="example-group"]').click();
    await expect.poll(() => frame(page, 'example-group').getAttribute('data-scene-state')).toBe('shown');
    const panel = page.locator('.dash3d-group[data-widget-id="example-group"]');
    const drag = async (dx: number, dy: number, last: () => Promise<void>) => {
      const b = (await panel.boundingBox())!;
      const from = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + (dx * i) / 8, from.y + (dy * i) / 8);
      await last();
    };
    // Escape: the panel goes back where it was and nothing reaches the document.
    const start = (await panel.boundingBox())!;
    await drag(-120, 40, async () => {
      await expect.poll(async () => (await panel.boundingBox())!.x).toBeLessThan(start.x - 30);
      await page.keyboard.press('Escape');
      await page.mouse.up();
    });
    await expect.poll(async () => Math.round((await panel.boundingBox())!.x)).toBe(Math.round(start.x));
    expect(await group()).toEqual(before);
    // Shift: along the plane at its height.
    await page.keyboard.down('Shift');
    await drag(-120, 40, () => page.mouse.up());
    await page.keyboard.up('Shift');
    await expect.poll(async () => (await group()).meshConfig.position.x).not.toBe(before.meshConfig.position.x);
    expect((await group()).meshConfig.position.y).toBeCloseTo(before.meshConfig.position.y, 6);
    await page.close();
  });

  it('the gizmo moves the selected model along an axis, live in its panel, snapped; W/E/R switch the mode; one undo puts it back', async () => {
    const { page, errors } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    const model = async () =>
      (await page.evaluate(() => window.__dash3d!.dashboard()))!.widgets[0]!.children.find((c) => c.id === 'example-model')!.config as {
        position?: { x: number; y: number; z: number };
      };
    const before = await model();
    const gizmo = async () => (await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.stats(), SPACE)).gizmo;
    await page.locator('.dash3d-outline__item[data-widget-id="example-model"]').click();
    const bar = frame(page, SPACE).getByRole('toolbar', { name: 'Transform the selected model' });
    await bar.waitFor();
    await expect.poll(async () => (await gizmo()).attached).toBe('example-model');
    // Snap on: whole steps of 10 units.
    await bar.getByRole('button', { name: 'Snap' }).click();
    // The X handle: along the screen's image of +x from the model's origin, where the gizmo says the pointer is on 'X'.
    const canvas = (await frame(page, SPACE).locator('canvas').first().boundingBox())!;
    const view = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.getView(), SPACE);
    const { grab, dir } = await findXHandle(
      view,
      canvas,
      { x: 0, y: 0, z: 0 },
      (p) => page.mouse.move(p.x, p.y),
      async () => (await gizmo()).axis === 'X',
    );
    expect(grab).not.toBeNull();
    const viewBefore = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.getView(), SPACE);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(grab!.x + dir.x * i * 12, grab!.y + dir.y * i * 12);
    // Live: the panel's X row follows before the pointer is let go; the document waits.
    const panelX = page.locator('.dash3d-inspector').getByRole('group', { name: 'Position in the space' }).getByRole('spinbutton').first();
    await expect.poll(async () => Number(await panelX.inputValue())).toBeGreaterThan(0);
    expect(await model()).toEqual(before);
    await page.mouse.up();
    await expect.poll(async () => (await model()).position?.x ?? 0).toBeGreaterThan(0);
    const moved = (await model()).position!;
    expect(moved.x % 10).toBe(0);
    expect([moved.y, moved.z]).toEqual([0, 0]);
    expect(Number(await panelX.inputValue())).toBe(moved.x);
    // The camera stayed: the drag was the gizmo's.
    expect(await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.getView(), SPACE)).toEqual(viewBefore);
    // E: rotate; R: scale (keys pressed in the space).
    await page.keyboard.press('e');
    await expect.poll(async () => (await gizmo()).mode).toBe('rotate');
    expect(await bar.getByRole('button', { name: 'Rotate (E)' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('r');
    await expect.poll(async () => (await gizmo()).mode).toBe('scale');
    // One undo: where it was.
    await page.locator('body').click({ position: { x: 5, y: 990 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => model()).toEqual(before);
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
    await page.close();
  });
});
