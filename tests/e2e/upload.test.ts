import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { MODEL_WIDGET, SPACE_WIDGET, type Widget } from '../../shared/schema/dashboard';
import { FIXTURES, startPlayground, type Playground } from './support/server';
import { dashboardDoc, enginePixels, frame, launchChromium, openPage, spaceSettled } from './support/browser';

const en = (key: TextKey, params?: Record<string, string>) => t('en', key, params);
const ROBOT = join(FIXTURES, 'gltf', 'RobotExpressive.glb');

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

const addButton = (key: TextKey) =>
  page.locator('.dash3d-palette').getByRole('button', { name: en('playground.palette.add', { name: en(key) }) });
const modelSrc = async () => {
  const doc = await dashboardDoc(page);
  const model = doc!.widgets[0]!.children.find((w: Widget) => w.id === modelId)!;
  return (model.config as { src: { filePath: string; fileList: { name: string; url: string }[] } }).src;
};
const fileInput = () => page.locator('.dash3d-inspector .dash3d-model-upload input[type="file"]');

/** Every file under the media root, relative to it: what is really on disk. */
const filesOnDisk = async () => (await readdir(pg.mediaRoot, { recursive: true })).map(String);

describe('model upload through the playground', () => {
  it('a model dragged from the palette onto a 3D space becomes its child', async () => {
    await addButton('widgets.space.title').click();
    spaceId = (await page.locator(`.dash3d-frame[data-widget-type="${SPACE_WIDGET}"]`).getAttribute('data-frame-id'))!;
    await spaceSettled(page, spaceId);

    await addButton('widgets.model.title').dragTo(frame(page, spaceId), { targetPosition: { x: 500, y: 300 } });
    const model = frame(page, spaceId).locator(`[data-widget-type="${MODEL_WIDGET}"]`);
    await model.waitFor();
    modelId = (await model.getAttribute('data-frame-id'))!;
    const doc = await dashboardDoc(page);
    expect(doc!.widgets.map((w: Widget) => w.id)).toEqual([spaceId]);
    // Centred on the drop point, relative to the space: (500 - 300/2, 300 - 200/2).
    expect(doc!.widgets[0]!.children).toMatchObject([{ id: modelId, type: MODEL_WIDGET, layout: { x: 350, y: 200, w: 300, h: 200 } }]);
    // Inside a space the model does not ask to be placed in one.
    expect(await page.getByText(en('ui.placeInSpace')).count()).toBe(0);
  });

  it('widgets move and resize with their handles; a model moved out of the space asks to be put back', async () => {
    const drag = async (handle: Locator, dx: number, dy: number) => {
      const b = (await handle.boundingBox())!;
      await page.mouse.move(b.x + 6, b.y + 6);
      await page.mouse.down();
      await page.mouse.move(b.x + 6 + dx / 2, b.y + 6 + dy / 2, { steps: 5 });
      await page.mouse.move(b.x + 6 + dx, b.y + 6 + dy, { steps: 5 });
      await page.mouse.up();
    };
    const moveHandle = page.locator(`[data-frame-id="${modelId}"] > .dash3d-frame__move`);
    // Out: 500 px down puts the pointer below the 600 px high space.
    await drag(moveHandle, 0, 500);
    await expect.poll(async () => (await dashboardDoc(page))!.widgets.map((w: Widget) => w.id)).toEqual([spaceId, modelId]);
    await page.getByText(en('ui.placeInSpace')).waitFor();
    // And back in: the same way up.
    await drag(moveHandle, 0, -500);
    await expect.poll(async () => (await dashboardDoc(page))!.widgets[0]!.children.map((w: Widget) => w.id)).toEqual([modelId]);
    await page.getByText(en('ui.placeInSpace')).waitFor({ state: 'detached' });
    expect((await dashboardDoc(page))!.widgets[0]!.children[0]!.layout).toEqual({ x: 350, y: 200, w: 300, h: 200 });

    // The space's corner: the layout and the scene's drawing buffer follow.
    await drag(page.locator(`[data-frame-id="${spaceId}"] > .dash3d-frame__resize`), -200, -100);
    await expect.poll(async () => (await dashboardDoc(page))!.widgets[0]!.layout).toMatchObject({ w: 800, h: 500 });
    await expect
      .poll(() =>
        page.evaluate(async (id) => {
          const p = await window.__dash3d!.spaces.get(id)!.readPixels();
          return [p.width, p.height];
        }, spaceId),
      )
      .toEqual([800, 500]);
  });

  it("uploads RobotExpressive.glb into the model's source: stored byte for byte, listed by the server", async () => {
    // Selected from the dashboard's widget list: the model's own panel opens.
    await page.locator(`.dash3d-outline__item[data-widget-id="${modelId}"]`).click();
    await page.locator(`.dash3d-inspector[data-widget-id="${modelId}"]`).waitFor();
    const emptyScene = await enginePixels(page, spaceId);
    await fileInput().setInputFiles(ROBOT);
    await page.getByText(en('upload.done', { name: 'RobotExpressive.glb' })).waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await modelSrc()).fileList.length, { timeout: 10_000 }).toBe(1);

    const src = await modelSrc();
    const match = /^\/media\/(3d\/[0-9A-Za-z]{32})\/RobotExpressive\.glb$/.exec(src.fileList[0]!.url);
    expect(match, src.fileList[0]!.url).not.toBeNull();
    const catalog = match![1]!;
    expect(src.filePath).toBe(src.fileList[0]!.url);

    const original = await readFile(ROBOT);
    expect((await readFile(join(pg.mediaRoot, catalog, 'RobotExpressive.glb'))).equals(original)).toBe(true);
    const listing: unknown = await (await pg.get(`/core/mediaLibrary?catalog=${catalog}`)).json();
    expect(listing).toMatchObject([{ name: 'RobotExpressive.glb', path: `${catalog}/RobotExpressive.glb`, size: original.length }]);
    const served = Buffer.from(await (await fetch(pg.base + src.fileList[0]!.url)).arrayBuffer());
    expect(served.equals(original)).toBe(true);

    // The space's worker loads and draws it: the middle of the scene changes, no error panel.
    await expect
      .poll(async () => page.evaluate(async (sid) => (await window.__dash3d!.spaces.get(sid)!.stats()).models, spaceId), {
        timeout: 60_000,
      })
      .toMatchObject({ total: 1, loaded: 1 });
    await spaceSettled(page, spaceId);
    const withRobot = await enginePixels(page, spaceId);
    expect(Math.max(...withRobot.map((c, i) => Math.abs(c - emptyScene[i]!)))).toBeGreaterThan(3);
    expect(await page.getByText(en('ui.sceneError')).count()).toBe(0);
  });

  it("refuses a .exe with the spec's message and stores nothing", async () => {
    const before = await filesOnDisk();
    await fileInput().setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ not really a program'),
    });
    await page.getByText(en('msg.unsupportedFormat', { ext: 'exe' })).waitFor();
    expect(en('msg.unsupportedFormat', { ext: 'exe' })).toBe('unsupported file format not configured in the media library: exe');
    expect(await filesOnDisk()).toEqual(before);
    expect((await modelSrc()).fileList.map((f) => f.name)).toEqual(['RobotExpressive.glb']);
  });
});
