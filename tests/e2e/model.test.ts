import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { MODEL_WIDGET, SPACE_WIDGET, type Widget } from '../../shared/schema/dashboard';
import { materialDisplayName } from '../../shared/schema/material';
import type { ModelConfig } from '../../shared/schema/model';
import { FIXTURES, startPlayground, type Playground } from './support/server';
import { dashboardDoc, enginePixels, frame, launchChromium, openPage, spaceSettled } from './support/browser';
import { rgbDistance } from './support/png';
import { changedPixels, keepScene, objectOnScreen } from './support/scene';

const en = (key: TextKey, params?: Record<string, string>) => t('en', key, params);
const zh = (key: TextKey, params?: Record<string, string>) => t('zh_Hans', key, params);
const HELMET_DIR = join(FIXTURES, 'gltf', 'DamagedHelmet');
const ROBOT = join(FIXTURES, 'gltf', 'RobotExpressive.glb');

interface GltfJson {
  nodes: { name?: string; mesh?: number }[];
  materials: { name?: string }[];
  animations?: { name?: string }[];
}
/** The JSON chunk of a .glb: the first chunk after the 12-byte header. */
const glbJson = (buf: Buffer) => JSON.parse(buf.subarray(20, 20 + buf.readUInt32LE(12)).toString('utf8')) as GltfJson;

let pg: Playground;
let browser: Browser;
let page: Page;
let errors: string[];
let spaceId = '';
let helmetId = '';
let robotId = '';
let helmet: GltfJson;
/** The helmet's mesh node: the part the tree selector, treeConfig and picking name. */
let meshName = '';
let materialName = '';
/** The middle of the scene with the helmet loaded and nothing changed on it. */
let helmetPixels: [number, number, number];

beforeAll(async () => {
  helmet = JSON.parse(await readFile(join(HELMET_DIR, 'DamagedHelmet.gltf'), 'utf8')) as GltfJson;
  meshName = helmet.nodes.find((n) => n.mesh !== undefined)!.name!;
  materialName = helmet.materials[0]!.name!;
  pg = await startPlayground();
  browser = await launchChromium();
  ({ page, errors } = await openPage(browser, `${pg.base}/`));
});

afterAll(async () => {
  await browser?.close();
  await pg?.stop();
});

const inspector = () => page.locator('.dash3d-inspector');
const addButton = (key: TextKey) =>
  page.locator('.dash3d-palette').getByRole('button', { name: en('playground.palette.add', { name: en(key) }) });
const fileInput = () => inspector().locator('.dash3d-model-upload input[type="file"]');
const groupHeader = (key: TextKey) => inspector().getByRole('button', { name: en(key), exact: true });
const panelOf = (id: string) => page.locator(`.dash3d-inspector[data-widget-id="${id}"]`);
const modelConfig = async (id: string) => {
  const doc = await dashboardDoc(page);
  return doc!.widgets[0]!.children.find((w: Widget) => w.id === id)!.config as ModelConfig;
};
const modelStats = () => page.evaluate(async (sid) => (await window.__dash3d!.spaces.get(sid)!.stats()).models, spaceId);
const select = async (id: string) => {
  await page.locator(`.dash3d-outline__item[data-widget-id="${id}"]`).click();
  await panelOf(id).waitFor();
};
const middle = async () => {
  await spaceSettled(page, spaceId);
  return enginePixels(page, spaceId);
};

describe('the model widget in the playground', () => {
  it('uploads DamagedHelmet (.gltf, .bin and 5 textures at once): the space draws it, no error', async () => {
    await addButton('widgets.space.title').click();
    spaceId = (await page.locator(`.dash3d-frame[data-widget-type="${SPACE_WIDGET}"]`).getAttribute('data-frame-id'))!;
    await spaceSettled(page, spaceId);
    // The new space is selected: a model added by click goes inside it.
    await addButton('widgets.model.title').click();
    const model = frame(page, spaceId).locator(`[data-widget-type="${MODEL_WIDGET}"]`);
    await model.waitFor();
    helmetId = (await model.getAttribute('data-frame-id'))!;
    await panelOf(helmetId).waitFor();

    const empty = await middle();
    await keepScene(page, spaceId, 'empty');
    const names = (await readdir(HELMET_DIR)).sort();
    expect(names).toHaveLength(7);
    await fileInput().setInputFiles(names.map((n) => join(HELMET_DIR, n)));
    await expect
      .poll(async () => ((await modelConfig(helmetId)).src.fileList as { name: string }[]).map((f) => f.name).sort(), { timeout: 120_000 })
      .toEqual(names);
    expect((await modelConfig(helmetId)).src.filePath).toMatch(/\/DamagedHelmet\.gltf$/);

    await expect.poll(modelStats, { timeout: 120_000 }).toMatchObject({ total: 1, loaded: 1 });
    helmetPixels = await middle();
    expect(rgbDistance(helmetPixels, empty)).toBeGreaterThan(10);
    // No error anywhere: not on the scene, not in the panel, not as a warning about a texture.
    expect(await page.getByText(en('ui.sceneError')).count()).toBe(0);
    expect(await inspector().locator('.ant-alert').count()).toBe(0);
    // The host heard it: the Widget events section lists 'loaded' with the model's file.
    const loaded = page.locator(`.dash3d-events__item[data-event="loaded"][data-widget-id="${helmetId}"]`).first();
    await loaded.waitFor();
    expect(await loaded.textContent()).toContain('DamagedHelmet.gltf');
    // The seven files were one upload: the model was never loaded from part of them (which fails).
    expect(await page.evaluate(() => window.__dash3d!.events().filter((e) => e.event === 'error'))).toEqual([]);
  });

  it("the Parts tree lists the file's nodes; a colour on the mesh changes the pixels and lands in treeConfig", async () => {
    const tree = inspector().getByLabel(en('modelPanel.tree'), { exact: true });
    await tree.click();
    const option = page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: meshName });
    await option.waitFor();
    await option.click();
    await inspector()
      .getByText(en('modelPanel.partTitle', { name: meshName }))
      .waitFor();

    const colour = inspector().getByLabel(en('modelPanel.partColor'), { exact: true });
    await colour.fill('#ff0000');
    await colour.press('Enter');
    await expect
      .poll(async () => (await modelConfig(helmetId)).treeConfig, { timeout: 15_000 })
      .toMatchObject({ [meshName]: { color: '#ff0000' } });
    // Red only: green and blue fall away where the helmet is.
    await expect.poll(async () => rgbDistance(await middle(), helmetPixels), { timeout: 30_000 }).toBeGreaterThan(10);
    const red = await middle();
    expect(red[1]).toBeLessThan(helmetPixels[1]);

    // Reset puts the file's colour back.
    await inspector()
      .getByRole('button', { name: en('modelPanel.resetPart') })
      .click();
    await expect.poll(async () => (await modelConfig(helmetId)).treeConfig, { timeout: 15_000 }).toEqual({});
    await expect.poll(async () => rgbDistance(await middle(), helmetPixels), { timeout: 30_000 }).toBeLessThanOrEqual(2);
  });

  it("Materials: the helmet's material row offers the built-in library; choosing one changes the pixels, clearing restores them", async () => {
    await groupHeader('modelPanel.group.materials').click();
    const row = inspector().getByLabel(en('modelPanel.materialFor', { name: materialName }), { exact: true });
    await row.waitFor();
    // What the server seeded under built-in/materials, as the designer should see it.
    const seeded = (await (await pg.get('/core/mediaLibrary?catalog=built-in/materials')).json()) as { name: string }[];
    const expected = seeded.map((e) => materialDisplayName(e.name)).sort();
    expect(expected.length).toBeGreaterThan(0);

    await row.click();
    const listbox = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await listbox.getByText(en('modelPanel.builtInMaterials')).waitFor();
    // The library has more materials than the dropdown shows at once (antd draws only the rows in
    // view): the ones drawn are library names, and the search finds any other.
    const shown = (await listbox.locator('.ant-select-item-option').allTextContents()).map((s) => s.trim());
    expect(shown.length).toBeGreaterThan(0);
    expect(expected).toEqual(expect.arrayContaining(shown));
    await page.keyboard.type('red-plastic');
    await expect
      .poll(async () => (await listbox.locator('.ant-select-item-option').allTextContents()).map((s) => s.trim()))
      .toEqual(['red-plastic']);
    await listbox.locator('.ant-select-item-option').filter({ hasText: 'red-plastic' }).click();

    await expect
      .poll(async () => (await modelConfig(helmetId)).materialsConfig.materials, { timeout: 15_000 })
      .toEqual({ [materialName]: 'built-in/materials/red-plastic-phong/red-plastic-phong.airm' });
    await expect.poll(async () => rgbDistance(await middle(), helmetPixels), { timeout: 30_000 }).toBeGreaterThan(10);

    // Clearing the row: the file's own material is back.
    const item = inspector().locator('.ant-form-item').filter({ hasText: materialName }).last();
    await item.hover();
    await item.locator('.ant-select-clear').click();
    await expect.poll(async () => (await modelConfig(helmetId)).materialsConfig.materials, { timeout: 15_000 }).toEqual({});
    await expect.poll(async () => rgbDistance(await middle(), helmetPixels), { timeout: 30_000 }).toBeLessThanOrEqual(2);
  });

  it('RobotExpressive.glb in a second model: its clips are listed by name and Dance moves the scene', async () => {
    const clips = (glbJson(await readFile(ROBOT)).animations ?? []).map((a) => a.name!);
    expect(clips).toContain('Dance');
    await addButton('widgets.model.title').click();
    await expect.poll(async () => (await dashboardDoc(page))!.widgets[0]!.children.length).toBe(2);
    robotId = (await dashboardDoc(page))!.widgets[0]!.children.find((w: Widget) => w.id !== helmetId)!.id;
    await panelOf(robotId).waitFor();
    await fileInput().setInputFiles(ROBOT);
    await expect.poll(modelStats, { timeout: 120_000 }).toMatchObject({ total: 2, loaded: 2 });

    await groupHeader('modelPanel.group.animations').click();
    for (const clip of clips) await inspector().getByRole('group', { name: clip, exact: true }).waitFor();
    // Nothing plays yet: the scene stands still.
    expect(await changedPixels(page, spaceId, 400)).toBe(0);

    await inspector()
      .getByRole('group', { name: 'Dance', exact: true })
      .getByRole('switch', { name: en('settings.enable') })
      .click();
    await expect
      .poll(async () => (await modelConfig(robotId)).animationConfig, { timeout: 15_000 })
      .toMatchObject([{ name: 'Dance', enable: true }]);
    await expect.poll(() => changedPixels(page, spaceId, 400), { timeout: 30_000 }).toBeGreaterThan(50);

    // Out again, so the next test clicks the helmet alone.
    await inspector()
      .getByRole('button', { name: en('playground.inspector.delete') })
      .click();
    await expect.poll(modelStats, { timeout: 30_000 }).toMatchObject({ total: 1, loaded: 1 });
    await expect.poll(() => changedPixels(page, spaceId, 300), { timeout: 30_000 }).toBe(0);
  });

  it('preview: a real click on the helmet reaches the dashboard as a click event and sets selectedPart', async () => {
    await page.getByText(en('playground.mode.preview'), { exact: true }).click();
    await page.locator('.dash3d-playground[data-mode="preview"]').waitFor();
    await spaceSettled(page, spaceId);

    // A pixel deep inside the helmet (it differs from the empty scene), nearest the middle.
    const at = await objectOnScreen(page, spaceId, 'empty');
    expect(at, 'no pixel of the helmet found in the scene').not.toBeNull();

    await page.mouse.click(at!.x, at!.y);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            window
              .__dash3d!.events()
              .filter((e) => e.event === 'click')
              .map((e) => [e.widgetId, (e.payload as { name: string }).name]),
          ),
        { timeout: 30_000 },
      )
      .toEqual([[helmetId, meshName]]);

    // The sidebar is the editor's: back in edit mode it shows the event and the variable.
    await page.getByText(en('playground.mode.edit'), { exact: true }).click();
    const click = page.locator(`.dash3d-events__item[data-event="click"][data-widget-id="${helmetId}"]`);
    await click.waitFor();
    expect(await click.locator('.dash3d-events__summary').textContent()).toBe(meshName);
    const variables = page.locator('.ant-descriptions').filter({ hasText: en('playground.variables.title') });
    await expect
      .poll(() =>
        variables
          .locator('.ant-descriptions-row')
          .filter({ hasText: en('playground.variables.selectedPart') })
          .textContent(),
      )
      .toContain(meshName);
    // Load progress is never listed.
    expect(await page.locator('.dash3d-events__item[data-event="progress"]').count()).toBe(0);
  });

  it("in 简体中文 the model panel's sections and the events section are in Chinese", async () => {
    await select(helmetId);
    await groupHeader('modelPanel.group.parts').waitFor();
    await page.getByText('简体中文', { exact: true }).click();
    for (const key of [
      'modelPanel.group.parts',
      'modelPanel.group.materials',
      'modelPanel.group.effects',
      'modelPanel.group.animations',
      'modelPanel.group.keyframes',
    ] as const) {
      await inspector()
        .getByRole('button', { name: zh(key), exact: true })
        .waitFor();
      expect(
        await inspector()
          .getByRole('button', { name: en(key), exact: true })
          .count(),
      ).toBe(0);
    }
    await page.getByRole('heading', { name: zh('playground.events.title') }).waitFor();
    await page.getByText(zh('playground.variables.selectedPart')).waitFor();
  });

  it('the page raised no errors along the way', () => {
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
  });
});
