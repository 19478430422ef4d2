import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { CARD_WIDGET } from '../../shared/schema/dashboard';
import { startPlayground, type Playground } from './support/server';
import { frame, launchChromium, openPage, spaceSettled } from './support/browser';

const en = (key: TextKey) => t('en', key);
const zh = (key: TextKey) => t('zh_Hans', key);

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

describe('the example dashboard the service seeds', () => {
  it("the empty editor offers 'Open the example', which opens the scene with its model, cards and snapshots", async () => {
    const { page, errors } = await openPage(browser, `${pg.base}/`);
    await page.getByText(en('playground.canvas.empty')).waitFor();
    await page.getByRole('button', { name: en('playground.example.open') }).click();
    await frame(page, SPACE).waitFor();
    await spaceSettled(page, SPACE);
    expect(new URL(page.url()).searchParams.get('dashboard')).toBe('example');
    const doc = await page.evaluate(() => window.__dash3d!.dashboard());
    const space = doc!.widgets[0]!;
    expect(space.children.filter((w) => w.type === CARD_WIDGET)).toHaveLength(3);
    // Its models (a turntable and the pump line its rules move) came from the built-in library and are drawn.
    const stats = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.stats(), SPACE);
    expect(stats.models).toMatchObject({ total: 2, loaded: 2 });
    await expect
      .poll(() => frame(page, SPACE).locator('.dash3d-snapshots button').allTextContents())
      .toEqual(['Overview 总览', 'Top 俯视']);
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
    await page.close();
  });

  it("its pump line answers the live data with no code: the pump's colour follows the temperature, and an alarm tints it", async () => {
    const { page, errors } = await openPage(browser, `${pg.base}/?dashboard=example&mode=preview`);
    await spaceSettled(page, SPACE);
    /** The mean colour of the middle of the pump's front, as the engine drew it (the pump stands at the space's left). */
    const pump = () =>
      page.evaluate(async (sid) => {
        const h = window.__dash3d!.spaces.get(sid)!;
        await h.settled();
        const p = await h.readPixels();
        const sum = [0, 0, 0];
        let n = 0;
        for (let y = Math.floor(p.height * 0.53); y < p.height * 0.6; y++)
          for (let x = Math.floor(p.width * 0.06); x < p.width * 0.12; x++, n++)
            for (let c = 0; c < 3; c++) sum[c]! += p.data[(y * p.width + x) * 4 + c]!;
        return sum.map((v) => v / n);
      }, SPACE);
    const write = (value: number) => page.evaluate((v) => window.__dash3d!.variables.write('temperature', v), value);
    const blue = (c: number[]) => c[2]! > c[0]! + 60;
    const yellow = (c: number[]) => c[0]! > c[2]! + 60 && c[1]! > c[2]! + 60;
    const red = (c: number[]) => c[0]! > c[1]! + 60 && c[0]! > c[2]! + 60;
    // The ramp: blue at 20 °C, yellow at 40 °C (the device drifts a few tenths a second from what is written).
    await write(20);
    await expect.poll(async () => blue(await pump()), { timeout: 15_000 }).toBe(true);
    await write(39.5);
    await expect.poll(async () => yellow(await pump()), { timeout: 15_000 }).toBe(true);
    // Above 40 °C the temperature card's alarm level blinks and tints the pump red with it.
    await write(45);
    await expect.poll(async () => red(await pump()), { timeout: 15_000, interval: 100 }).toBe(true);
    await write(20);
    await expect.poll(async () => blue(await pump()), { timeout: 15_000 }).toBe(true);
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
    await page.close();
  });

  it('Open lists the example first, tagged, in both languages', async () => {
    const { page } = await openPage(browser, `${pg.base}/`, 'zh-CN');
    await page.getByRole('button', { name: zh('playground.example.open') }).waitFor();
    await page.getByRole('button', { name: zh('playground.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: zh('playground.openDialog.title') });
    const first = dialog.getByRole('listitem').first();
    await expect.poll(() => first.textContent()).toContain(zh('playground.example.tag'));
    expect(await first.textContent()).toContain('示例：泵站');
    await page.close();
  });

  it('Capture current view in the space panel stores the running camera and a JPEG on the service', async () => {
    const { page } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    await page.locator(`.dash3d-outline__item[data-widget-id="${SPACE}"]`).click();
    await page.getByRole('button', { name: en('settings.group.snapshots'), exact: true }).click();
    const view = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.getView(), SPACE);
    await page.getByRole('button', { name: en('snapshots.capture') }).click();
    await page.getByText(t('en', 'snapshots.captured', { name: 'Snapshot 3' })).waitFor();
    const config = (await page.evaluate(() => window.__dash3d!.dashboard()))!.widgets[0]!.config as {
      snapshotConfig: { snapshotList: { name: string; position: unknown; target: unknown; img: string }[] };
    };
    const shot = config.snapshotConfig.snapshotList[2]!;
    expect(shot).toMatchObject({ name: 'Snapshot 3', position: view.position, target: view.target });
    const stored = await readFile(join(pg.mediaRoot, decodeURIComponent(new URL(shot.img, pg.base).pathname.replace(/^\/media\//, ''))));
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await page.close();
  });
});
