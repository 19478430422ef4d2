import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { SPACE_WIDGET } from '../../shared/schema/dashboard';
import { startPlayground, type Playground } from './support/server';
import {
  clickSteady,
  dashboardDoc,
  enginePixels,
  frame,
  launchChromium,
  openPage,
  patches,
  screenPixels,
  spaceSettled,
  visibleOrExplain,
} from './support/browser';
import { hexToRgb, rgbDistance } from './support/png';

const en = (key: TextKey, params?: Record<string, string>) => t('en', key, params);
const zh = (key: TextKey, params?: Record<string, string>) => t('zh_Hans', key, params);

let pg: Playground;
let browser: Browser;
let page: Page;
let errors: string[];
let spaceId = '';

beforeAll(async () => {
  pg = await startPlayground();
  browser = await launchChromium();
  ({ page, errors } = await openPage(browser, `${pg.base}/`));
});

afterAll(async () => {
  await browser?.close();
  await pg?.stop();
});

const palette = () => page.locator('.dash3d-palette');
const inspector = () => page.locator('.dash3d-inspector');
/** The scene's area without the editor's handle (top-left) and the ground (lower half). */
const SKY = { x0: 0.3, y0: 0.06, x1: 0.7, y1: 0.22 };

async function setBackground(colour: string) {
  const field = inspector().getByLabel(en('settings.background'), { exact: true });
  await field.fill(colour);
  await field.press('Enter');
}

describe('the playground against `npm start`', () => {
  it("fresh start: an empty dashboard, the palette offering the plug-in's widgets, nothing saved yet", async () => {
    await expect(page.title()).resolves.toBe(en('playground.title'));
    for (const key of ['widgets.space.title', 'widgets.model.title', 'widgets.card.title', 'widgets.group.title'] as const) {
      await palette()
        .getByRole('button', { name: en('playground.palette.add', { name: en(key) }) })
        .waitFor();
    }
    await page.getByText(en('playground.canvas.empty')).waitFor();
    // Nothing saved yet: only the example the service seeds on its first start.
    expect(await (await pg.get('/api/dashboards')).json()).toMatchObject([{ id: 'example' }]);
  });

  it("the palette follows the role and the host's layout inheritance", async () => {
    const group = palette().getByRole('button', { name: en('playground.palette.add', { name: en('widgets.group.title') }) });
    await page.getByLabel(en('playground.layoutInheritance')).click();
    await group.waitFor({ state: 'detached' });
    expect(await palette().getByRole('button').count()).toBe(3);
    await page.getByLabel(en('playground.layoutInheritance')).click();
    await group.waitFor();

    await page.getByText(en('playground.role.viewer'), { exact: true }).click();
    await page.getByText(en('playground.palette.empty')).waitFor();
    expect(await page.locator('.dash3d-palette').count()).toBe(0);
    await page.getByText(en('playground.role.designer'), { exact: true }).click();
    await palette().waitFor();
  });

  it('adds a 3D space; its background colour set in the panel shows in the canvas pixels', async () => {
    await palette()
      .getByRole('button', { name: en('playground.palette.add', { name: en('widgets.space.title') }) })
      .click();
    const space = page.locator(`.dash3d-frame[data-widget-type="${SPACE_WIDGET}"]`);
    spaceId = (await space.getAttribute('data-frame-id'))!;
    expect(spaceId).toBeTruthy();
    expect(await space.boundingBox()).toMatchObject({ width: 1000, height: 600 });
    await spaceSettled(page, spaceId);

    await setBackground('#c83232');
    await expect
      .poll(() => dashboardDoc(page).then((d) => d?.widgets[0]?.config.sceneConfig), { timeout: 10_000 })
      .toMatchObject({ background: '#c83232' });
    await spaceSettled(page, spaceId);
    const target = hexToRgb('#c83232');
    // What the engine drew, and what is on screen (the page composited, handles and all).
    expect(rgbDistance(await enginePixels(page, spaceId, SKY), target)).toBeLessThan(10);
    const canvas = frame(page, spaceId).locator('canvas').first();
    await expect.poll(async () => rgbDistance(await screenPixels(canvas, SKY), target), { timeout: 15_000 }).toBeLessThan(10);

    await setBackground('#2050a0');
    await expect.poll(async () => rgbDistance(await screenPixels(canvas, SKY), hexToRgb('#2050a0')), { timeout: 15_000 }).toBeLessThan(10);
  });

  it("an out-of-range damping factor shows 'Exceeding the value range' and never reaches the worker", async () => {
    await inspector()
      .getByRole('button', { name: en('settings.group.controls') })
      .click();
    const damping = inspector().getByRole('spinbutton', { name: en('settings.dampingFactor'), exact: true });
    await damping.waitFor();
    await spaceSettled(page, spaceId);
    const before = await patches(page, spaceId);
    const pixelsBefore = await enginePixels(page, spaceId, SKY);

    await damping.fill('1.5');
    await inspector().getByText(en('msg.valueRange')).waitFor();
    // Give a wrongly sent patch every chance to arrive before counting.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await spaceSettled(page, spaceId);
    expect(await patches(page, spaceId)).toBe(before);
    expect(await enginePixels(page, spaceId, SKY)).toEqual(pixelsBefore);
    const doc = await dashboardDoc(page);
    expect(
      (doc!.widgets[0]!.config as { controlConfig: { orbitConfig: { dampingFactor: number } } }).controlConfig.orbitConfig.dampingFactor,
    ).toBe(0.05);

    // A value inside the range goes through: the counter proves the check above could fail.
    await damping.fill('0.2');
    await inspector().getByText(en('msg.valueRange')).waitFor({ state: 'detached' });
    await expect.poll(() => patches(page, spaceId), { timeout: 10_000 }).toBeGreaterThan(before);
  });

  it('switches language without a reload: the editor, antd and the widget panels change', async () => {
    const url = page.url();
    await page.getByText('简体中文', { exact: true }).click();
    await page.getByRole('heading', { name: zh('playground.palette.title'), exact: true }).waitFor();
    await inspector().getByText(zh('settings.background'), { exact: true }).waitFor();
    await palette()
      .getByRole('button', { name: zh('playground.palette.add', { name: zh('widgets.space.title') }) })
      .waitFor();
    expect(await page.getByRole('button', { name: en('playground.save') }).count()).toBe(0);
    await page.getByRole('button', { name: zh('playground.save') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    expect(page.url()).toBe(url);
    // The scene was not restarted by the switch.
    expect(await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.restarts, spaceId)).toBe(0);

    await page.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: en('playground.palette.title'), exact: true }).waitFor();
  });

  it('saves to the server and a reload opens the same dashboard', async () => {
    await page.getByLabel(en('playground.name')).fill('Plant overview');
    await page.getByRole('button', { name: en('playground.save') }).click();
    await page.getByText(en('playground.saved', { name: 'Plant overview' })).waitFor();
    const doc = await dashboardDoc(page);
    expect(new URL(page.url()).searchParams.get('dashboard')).toBe(doc!.id);
    const stored: unknown = await (await pg.get(`/api/dashboards/${doc!.id}`)).json();
    expect(stored).toEqual(doc);
    expect(await (await pg.get('/api/dashboards')).json()).toMatchObject([{ id: 'example' }, { id: doc!.id, name: 'Plant overview' }]);

    await page.reload();
    await frame(page, spaceId).waitFor();
    await spaceSettled(page, spaceId);
    expect(await dashboardDoc(page)).toEqual(doc);
    await expect.poll(() => page.getByLabel(en('playground.name')).inputValue()).toBe('Plant overview');
    expect(rgbDistance(await enginePixels(page, spaceId, SKY), hexToRgb('#2050a0'))).toBeLessThan(10);

    // New, then Open lists the saved dashboard and brings it back.
    await page.getByRole('button', { name: en('playground.new') }).click();
    await page.getByText(en('playground.canvas.empty')).waitFor();
    expect(new URL(page.url()).searchParams.get('dashboard')).toBeNull();
    await page.getByRole('button', { name: en('playground.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: en('playground.openDialog.title') });
    await clickSteady(dialog.getByRole('button', { name: /Plant overview/ }));
    // A fresh-clone CI run waited 30 s here for the space in vain: the message says what was shown instead.
    await visibleOrExplain(
      page,
      frame(page, spaceId),
      30_000,
      () => `\npage errors: ${JSON.stringify(errors)}\nthe server's last output: ${pg.output().slice(-2000)}`,
    );
    expect(await dashboardDoc(page)).toEqual(doc);
    expect(new URL(page.url()).searchParams.get('dashboard')).toBe(doc!.id);
  });

  it('the page raised no errors along the way', () => {
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
  });
});
