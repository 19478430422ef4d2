import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { MODEL_WIDGET, SPACE_WIDGET, type Widget } from '../../shared/schema/dashboard';
import type { ModelConfig } from '../../shared/schema/model';
import { startPlayground, type Playground } from './support/server';
import { clickSteady, dashboardDoc, enginePixels, frame, launchChromium, openPage, spaceSettled } from './support/browser';
import { rgbDistance } from './support/png';

const en = (key: TextKey, params?: Record<string, string>) => t('en', key, params);

let pg: Playground;
let browser: Browser;
let page: Page;
let spaceId = '';
let modelId = '';

beforeAll(async () => {
  pg = await startPlayground();
  browser = await launchChromium();
  ({ page } = await openPage(browser, `${pg.base}/`));
});

afterAll(async () => {
  await browser?.close();
  await pg?.stop();
});

const inspector = () => page.locator('.dash3d-inspector');
const addButton = (key: TextKey) =>
  page.locator('.dash3d-palette').getByRole('button', { name: en('playground.palette.add', { name: en(key) }) });
const panelOf = (id: string) => page.locator(`.dash3d-inspector[data-widget-id="${id}"]`);
const modelConfig = async () => {
  const doc = await dashboardDoc(page);
  return doc!.widgets[0]!.children.find((w: Widget) => w.id === modelId)!.config as ModelConfig;
};
const modelStats = () => page.evaluate(async (sid) => (await window.__dash3d!.spaces.get(sid)!.stats()).models, spaceId);

describe('a model from the library, placed by a click in the scene (playground)', () => {
  it('the built-in cube chosen in the media library loads in the space', async () => {
    await addButton('widgets.space.title').click();
    spaceId = (await page.locator(`.dash3d-frame[data-widget-type="${SPACE_WIDGET}"]`).getAttribute('data-frame-id'))!;
    await spaceSettled(page, spaceId);
    await addButton('widgets.model.title').click();
    const model = frame(page, spaceId).locator(`[data-widget-type="${MODEL_WIDGET}"]`);
    await model.waitFor();
    modelId = (await model.getAttribute('data-frame-id'))!;
    await panelOf(modelId).waitFor();
    await spaceSettled(page, spaceId);
    const empty = await enginePixels(page, spaceId);

    await inspector()
      .getByRole('button', { name: en('modelLibrary.button') })
      .click();
    const dialog = page.getByRole('dialog');
    await clickSteady(dialog.getByRole('button', { name: en('settings.openFolder', { name: 'built-in' }) }));
    await clickSteady(dialog.getByRole('button', { name: en('settings.openFolder', { name: 'models' }) }));
    await clickSteady(dialog.getByRole('button', { name: en('modelLibrary.choose', { name: 'cube.obj' }) }));

    await expect.poll(async () => (await modelConfig()).src.filePath, { timeout: 30_000 }).toMatch(/\/media\/built-in\/models\/cube\.obj$/);
    expect((await modelConfig()).src.fileList.map((f) => f.name)).toEqual(['cube.obj', 'cube.mtl']);
    await expect.poll(modelStats, { timeout: 120_000 }).toMatchObject({ total: 1, loaded: 1 });
    expect(rgbDistance(await enginePixels(page, spaceId), empty)).toBeGreaterThan(10);
  });

  it('Pick in scene in its panel, then a click low in the scene: the model stands on the ground there', async () => {
    expect((await modelConfig()).position).toEqual({ x: 0, y: 0, z: 0 });
    await inspector()
      .getByRole('button', { name: en('pick.button') })
      .click();
    const layer = frame(page, spaceId).locator('.dash3d-pick-layer');
    await layer.waitFor();
    const box = (await layer.boundingBox())!;
    // Low and to the right: in front of the cube, on the ground (the model itself is left out anyway).
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.9);
    await expect.poll(async () => (await modelConfig()).position.x, { timeout: 30_000 }).toBeGreaterThan(1);
    const p = (await modelConfig()).position;
    expect(p.y).toBe(0);
    expect(p.z).toBeGreaterThan(0);
    await layer.waitFor({ state: 'detached' });
  });
});
