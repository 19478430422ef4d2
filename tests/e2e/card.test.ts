import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { CARD_WIDGET, type Dashboard, type Widget } from '../../shared/schema/dashboard';
import type { CardConfig } from '../../shared/schema/card';
import { encodeBase64Url } from '../../playground/store/url';
import { startPlayground, type Playground } from './support/server';
import { cubeInSpaceDoc } from './support/cube-doc';
import { dashboardDoc, frame, launchChromium, openPage, spaceSettled } from './support/browser';

/**
 * Issue 10's walk through the playground: a data card dropped into a space with a model, picked
 * onto the model's surface, bound to the live `temperature`, saved, and after a reload still on
 * the model, showing a value that keeps changing.
 *
 * The model is the built-in cube (100 units, centred on the origin, not fitted), seen straight on
 * from z = 400: its front face (z = 50) fills the middle of the canvas.
 */
const en = (key: TextKey, params?: Record<string, string>) => t('en', key, params);

const SPACE = 'space-card';
const MODEL = 'model-cube';
const HALF = 50;

const DOC = cubeInSpaceDoc({ id: 'card-on-model', name: 'Card on a model', spaceId: SPACE, modelId: MODEL });

let pg: Playground;
let browser: Browser;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  pg = await startPlayground();
  browser = await launchChromium();
  ({ page, errors } = await openPage(browser, `${pg.base}/?scene=${encodeBase64Url(JSON.stringify(DOC))}`));
});

afterAll(async () => {
  await browser?.close();
  await pg?.stop();
});

const space = () => page.evaluate(async (id) => (await window.__dash3d!.spaces.get(id)!.stats()).models, SPACE);
const cardIn = (doc: Dashboard | null, id: string) => doc!.widgets[0]!.children.find((w: Widget) => w.id === id)?.config as CardConfig;
const mirrorValue = (id: string) => page.locator(`.dash3d-card-mirror[data-card-id="${id}"] .dash3d-card-mirror__value`);

/** Waits until the mirror shows the live temperature and then a different one: a value that changes. */
async function liveTemperature(id: string) {
  const first = await page.waitForFunction(
    (cid) => {
      const shown = document.querySelector(`.dash3d-card-mirror[data-card-id="${cid}"] .dash3d-card-mirror__value`)?.textContent;
      return shown && shown === String(window.__dash3d!.variables.read('temperature')) ? shown : null;
    },
    id,
    { timeout: 30_000 },
  );
  const before = (await first.jsonValue())!;
  // The playground's device ticks once a second; no clock here, only "it changed".
  await page.waitForFunction(
    ({ cid, prev }) => {
      const shown = document.querySelector(`.dash3d-card-mirror[data-card-id="${cid}"] .dash3d-card-mirror__value`)?.textContent;
      return shown !== prev && shown === String(window.__dash3d!.variables.read('temperature'));
    },
    { cid: id, prev: before },
    { timeout: 30_000 },
  );
  expect(Number(await mirrorValue(id).textContent())).toBeGreaterThan(0);
}

describe('a data card on a model, in the playground', () => {
  let cardId = '';
  let picked = { x: 0, y: 0, z: 0 };

  it('added to the space, picked onto the cube and bound to {{temperature}}: saved with that position and binding', async () => {
    await spaceSettled(page, SPACE);
    await expect.poll(space, { timeout: 120_000 }).toMatchObject({ total: 1, loaded: 1 });
    // Into the selected space: the palette adds there.
    await page.locator(`.dash3d-outline__item[data-widget-id="${SPACE}"]`).click();
    await page
      .locator('.dash3d-palette')
      .getByRole('button', { name: en('playground.palette.add', { name: en('widgets.card.title') }) })
      .click();
    const card = frame(page, SPACE).locator(`[data-widget-type="${CARD_WIDGET}"]`);
    await card.waitFor();
    cardId = (await card.getAttribute('data-frame-id'))!;
    const panel = page.locator(`.dash3d-inspector[data-widget-id="${cardId}"]`);
    await panel.waitFor();

    await panel.getByRole('button', { name: en('pick.button') }).click();
    const layer = frame(page, SPACE).locator('.dash3d-pick-layer');
    await layer.waitFor();
    const box = (await layer.boundingBox())!;
    // A little left of and above the middle: on the cube's front face, off its centre.
    await page.mouse.click(box.x + box.width * 0.46, box.y + box.height * 0.45);
    await layer.waitFor({ state: 'detached' });
    await expect.poll(async () => cardIn(await dashboardDoc(page), cardId).meshConfig.position.z, { timeout: 30_000 }).toBeCloseTo(HALF, 1);
    picked = cardIn(await dashboardDoc(page), cardId).meshConfig.position;
    // On the front face, where the click was (left of and above the cube's centre).
    expect(picked.x).toBeLessThan(0);
    expect(picked.x).toBeGreaterThan(-HALF);
    expect(picked.y).toBeGreaterThan(0);
    expect(picked.y).toBeLessThan(HALF);

    await panel.getByRole('button', { name: en('widgets.card.addItem') }).click();
    await panel.getByLabel(en('widgets.card.label'), { exact: true }).fill('Temperature');
    await panel.getByLabel(en('widgets.card.value'), { exact: true }).fill('{{temperature}}');
    await expect
      .poll(async () => cardIn(await dashboardDoc(page), cardId).dataConfig.dataList, { timeout: 10_000 })
      .toEqual([{ label: 'Temperature', value: '{{temperature}}' }]);
    await liveTemperature(cardId);

    await page.getByRole('button', { name: en('playground.save'), exact: true }).click();
    await page.getByText(en('playground.saved', { name: DOC.name })).waitFor();
    expect(new URL(page.url()).searchParams.get('dashboard')).toBe(DOC.id);
    const stored = (await (await pg.get(`/api/dashboards/${DOC.id}`)).json()) as Dashboard;
    expect(cardIn(stored, cardId)).toMatchObject({
      meshConfig: { position: picked },
      dataConfig: { dataList: [{ label: 'Temperature', value: '{{temperature}}' }] },
    });
  });

  it('after a reload the card is still drawn on the cube, and its value is live', async () => {
    expect(cardId).not.toBe('');
    await page.reload();
    await frame(page, SPACE).waitFor();
    await spaceSettled(page, SPACE);
    await expect.poll(space, { timeout: 120_000 }).toMatchObject({ total: 1, loaded: 1 });
    expect(cardIn(await dashboardDoc(page), cardId).meshConfig.position).toEqual(picked);

    const seen = await page.evaluate(
      async ({ sid, cid }) => {
        const h = window.__dash3d!.spaces.get(sid)!;
        await h.settled();
        const pixels = await h.readPixels();
        const rect = (await h.cardRects())[cid]!;
        const k = pixels.width / h.canvas()!.getBoundingClientRect().width;
        const rgb = (x: number, y: number) => {
          const i = (Math.round(y * k) * pixels.width + Math.round(x * k)) * 4;
          return [pixels.data[i]!, pixels.data[i + 1]!, pixels.data[i + 2]!];
        };
        /** Near-white pixels (the theme's text colour) in a box of the card's size at (x0, y0), CSS px. */
        const light = (x0: number, y0: number) => {
          let n = 0;
          for (let y = y0; y < y0 + rect.height; y += 1 / k)
            for (let x = x0; x < x0 + rect.width; x += 1 / k) if (Math.min(...rgb(x, y)) > 170) n++;
          return n;
        };
        return {
          rect,
          // What the scene holds under the drawn anchor (the leader line's end).
          under: await h.pickPoint(rect.anchorX, rect.anchorY),
          // Just below and left of the anchor, away from the card's body and line: the cube.
          beside: rgb(rect.anchorX - 8, rect.anchorY + 8),
          // The card's text where its body is drawn, and none in a box as big on the cube below-left of the anchor.
          text: light(rect.x, rect.y),
          textOnCube: light(rect.anchorX - 8 - rect.width, rect.anchorY + 8),
        };
      },
      { sid: SPACE, cid: cardId },
    );
    expect(seen.rect.visible).toBe(true);
    expect(seen.under).toMatchObject({ on: 'model', modelId: MODEL });
    for (const axis of ['x', 'y', 'z'] as const) expect(Math.abs(seen.under!.point[axis] - picked[axis])).toBeLessThan(1);
    // The lit cube (not the black background) around the anchor, and the card's text drawn beside it.
    expect(Math.max(...seen.beside)).toBeGreaterThan(20);
    expect(seen.text).toBeGreaterThan(20);
    expect(seen.textOnCube).toBe(0);

    await liveTemperature(cardId);
  });

  it('the page raised no errors along the way', () => {
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
  });
});
