import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import type { Dashboard, Widget } from '../../shared/schema/dashboard';
import type { ModelConfig } from '../../shared/schema/model';
import { parseAirm } from '../../shared/schema/material';
import { encodeBase64Url } from '../../playground/store/url';
import { startPlayground, type Playground } from './support/server';
import { cubeInSpaceDoc } from './support/cube-doc';
import { dashboardDoc, enginePixels, frame, launchChromium, openPage, screenPixels, spaceSettled } from './support/browser';

/**
 * Issue 11's walk through the playground: the material editor opened from the toolbar, a red
 * glossy material made in its form and saved to the media library, then given to the built-in
 * cube's only material ('CubeBlue') in a space; after a reload the cube is red.
 */
const en = (key: TextKey, params?: Record<string, string>) => t('en', key, params);

const SPACE = 'space-material';
const MODEL = 'model-cube';
const NAME = 'Glossy red';

const DOC = cubeInSpaceDoc({ id: 'material-on-cube', name: 'A library material on the cube', spaceId: SPACE, modelId: MODEL });

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

const editor = () => page.locator('.dash3d-material-editor');
const form = () => editor().locator('.dash3d-material-form');
const modelConfig = (doc: Dashboard | null) => doc!.widgets[0]!.children.find((w: Widget) => w.id === MODEL)!.config as ModelConfig;
const modelsLoaded = () => page.evaluate(async (sid) => (await window.__dash3d!.spaces.get(sid)!.stats()).models, SPACE);
const listing = async (catalog: string) =>
  (await (await pg.get(`/core/mediaLibrary?catalog=${catalog}`)).json()) as { name: string; path: string }[];
/** Red stands out: clearly more red than green or blue. */
const isRed = ([r, g, b]: readonly number[]) => r! > 50 && r! > 2 * g! && r! > 2 * b!;

describe('the material editor in the playground', () => {
  let savedPath = '';
  let bluePixels: [number, number, number] = [0, 0, 0];

  it('the cube first wears its own blue material', async () => {
    await spaceSettled(page, SPACE);
    await expect.poll(modelsLoaded, { timeout: 120_000 }).toMatchObject({ total: 1, loaded: 1 });
    bluePixels = await enginePixels(page, SPACE);
    expect(bluePixels[2], bluePixels.join(',')).toBeGreaterThan(bluePixels[0]);
  });

  it('opened from the toolbar, a red glossy material is made in the form, previewed, and saved to the library', async () => {
    await page.getByRole('button', { name: en('playground.materialEditor'), exact: true }).click();
    await editor().locator('.dash3d-material-preview[data-state="ready"]').waitFor({ timeout: 90_000 });

    const name = form().getByLabel(en('materialForm.name'), { exact: true });
    await name.fill(NAME);
    const colour = form().getByLabel(en('materialForm.color'), { exact: true });
    await colour.fill('#ff0000');
    await colour.press('Enter');
    const roughness = form().getByLabel(en('materialForm.roughness'), { exact: true });
    await roughness.fill('0.1');
    await roughness.press('Enter');
    // The preview (its canvas as the page shows it) turns red.
    await expect
      .poll(async () => screenPixels(editor().locator('.dash3d-material-preview'), { x0: 0.4, y0: 0.4, x1: 0.6, y1: 0.6 }), {
        timeout: 30_000,
      })
      .toSatisfy(isRed);

    // The library's save box took the form's name.
    const library = editor().locator('.dash3d-material-library');
    await expect.poll(() => library.getByLabel(en('library.name'), { exact: true }).inputValue()).toBe(NAME);
    await library.getByRole('button', { name: en('library.save'), exact: true }).click();
    await library.getByText(en('library.saved', { name: NAME })).waitFor({ timeout: 30_000 });

    // On the server: a custom_<32> folder holding '<name>-<type>.airm' and its cut.jpg.
    const folders = (await listing('3d/materials')).filter((e) => /^custom_[A-Za-z0-9]{32}$/.test(e.name));
    expect(folders).toHaveLength(1);
    const files = (await listing(folders[0]!.path)).map((e) => e.name).sort();
    expect(files).toEqual([`${NAME}-physical.airm`, 'cut.jpg']);
    savedPath = `${folders[0]!.path}/${NAME}-physical.airm`;
    const stored = parseAirm(await (await pg.get(`/media/${savedPath.split('/').map(encodeURIComponent).join('/')}`)).text());
    expect(stored.ok && stored.material).toMatchObject({ name: NAME, type: 'physical', color: '#ff0000', roughness: 0.1 });
    // The new material is listed among the user's, by its display name.
    await library.getByRole('option', { name: NAME }).waitFor();

    await page.keyboard.press('Escape');
    await editor().waitFor({ state: 'detached' });
  });

  it("given to the cube's material in the model panel and saved with the dashboard: after a reload the cube is red", async () => {
    expect(savedPath).not.toBe('');
    await page.locator(`.dash3d-outline__item[data-widget-id="${MODEL}"]`).click();
    const panel = page.locator(`.dash3d-inspector[data-widget-id="${MODEL}"]`);
    await panel.waitFor();
    await panel.getByRole('button', { name: en('modelPanel.group.materials'), exact: true }).click();
    const row = panel.getByLabel(en('modelPanel.materialFor', { name: 'CubeBlue' }), { exact: true });
    await row.click();
    await page.keyboard.type(NAME);
    const listbox = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await listbox.locator('.ant-select-item-option').filter({ hasText: NAME }).click();
    await expect
      .poll(async () => modelConfig(await dashboardDoc(page)).materialsConfig.materials, { timeout: 15_000 })
      .toEqual({ CubeBlue: savedPath });
    await expect.poll(async () => isRed(await enginePixels(page, SPACE)), { timeout: 30_000 }).toBe(true);

    await page.getByRole('button', { name: en('playground.save'), exact: true }).click();
    await page.getByText(en('playground.saved', { name: DOC.name })).waitFor();
    const stored = (await (await pg.get(`/api/dashboards/${DOC.id}`)).json()) as Dashboard;
    expect(modelConfig(stored).materialsConfig.materials).toEqual({ CubeBlue: savedPath });

    await page.reload();
    await frame(page, SPACE).waitFor();
    await spaceSettled(page, SPACE);
    await expect.poll(modelsLoaded, { timeout: 120_000 }).toMatchObject({ total: 1, loaded: 1 });
    const red = await enginePixels(page, SPACE);
    expect(isRed(red), `${red.join(',')} (blue before: ${bluePixels.join(',')})`).toBe(true);
  });

  it("edited from the part's Edit button and saved again: the cube wears the change the next time the space loads it", async () => {
    const panel = page.locator(`.dash3d-inspector[data-widget-id="${MODEL}"]`);
    if (!(await panel.isVisible())) await page.locator(`.dash3d-outline__item[data-widget-id="${MODEL}"]`).click();
    const materials = panel.getByRole('button', { name: en('modelPanel.group.materials'), exact: true });
    if ((await materials.getAttribute('aria-expanded')) !== 'true') await materials.click();
    await panel.getByRole('button', { name: en('materialEditor.editMaterial', { name: 'CubeBlue' }), exact: true }).click();
    // The editor opens on the part's library material.
    await editor().locator('.dash3d-material-preview[data-state="ready"]').waitFor({ timeout: 90_000 });
    const name = form().getByLabel(en('materialForm.name'), { exact: true });
    await expect.poll(() => name.inputValue(), { timeout: 30_000 }).toBe(NAME);
    const colour = form().getByLabel(en('materialForm.color'), { exact: true });
    await colour.fill('#00ff00');
    await colour.press('Enter');
    const library = editor().locator('.dash3d-material-library');
    await library.getByRole('button', { name: en('library.save'), exact: true }).click();
    await library.getByText(en('library.saved', { name: NAME })).waitFor({ timeout: 30_000 });
    // Saved into its own folder: the same file, so the part's assignment is unchanged.
    const stored = parseAirm(await (await pg.get(`/media/${savedPath.split('/').map(encodeURIComponent).join('/')}`)).text());
    expect(stored.ok && stored.material.color).toBe('#00ff00');
    await page.keyboard.press('Escape');
    await editor().waitFor({ state: 'detached' });
    expect(modelConfig(await dashboardDoc(page)).materialsConfig.materials).toEqual({ CubeBlue: savedPath });

    await page.reload();
    await frame(page, SPACE).waitFor();
    await spaceSettled(page, SPACE);
    await expect.poll(modelsLoaded, { timeout: 120_000 }).toMatchObject({ total: 1, loaded: 1 });
    const [r, g, b] = await enginePixels(page, SPACE);
    expect(g > 50 && g > 2 * r && g > 2 * b, `${r},${g},${b}`).toBe(true);
  });

  it('the page raised no errors along the way', () => {
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
  });
});
