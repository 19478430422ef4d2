import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { SPACE_WIDGET } from '../../shared/schema/dashboard';
import { encodeBase64Url } from '../../playground/store/url';
import { startPlayground, type Playground } from './support/server';
import { enginePixels, launchChromium, openPage, spaceSettled } from './support/browser';
import { hexToRgb, rgbDistance } from './support/png';

const en = (key: TextKey, params?: Record<string, string>) => t('en', key, params);

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

const doc = (spaceConfig: Record<string, unknown>) => ({
  id: 'from-a-link',
  name: 'From a link',
  widgets: [{ id: 'space-1', type: SPACE_WIDGET, layout: { x: 0, y: 0, w: 640, h: 360 }, config: spaceConfig }],
});
const BROKEN = doc({ controlConfig: { orbitConfig: { dampingFactor: 7 } } });

describe('opening dashboards from the address', () => {
  it('?scene=<base64url>&mode=preview shows the scene without the editor around it', async () => {
    const scene = encodeBase64Url(JSON.stringify(doc({ sceneConfig: { background: '#30a050' } })));
    const { page } = await openPage(browser, `${pg.base}/?scene=${scene}&mode=preview`);
    await spaceSettled(page, 'space-1');
    expect(rgbDistance(await enginePixels(page, 'space-1', { x0: 0.3, y0: 0.06, x1: 0.7, y1: 0.2 }), hexToRgb('#30a050'))).toBeLessThan(10);
    expect(await page.locator('.dash3d-palette, .dash3d-inspector, .dash3d-frame__move, .dash3d-frame__resize').count()).toBe(0);
    expect(await page.locator('.dash3d-playground').getAttribute('data-mode')).toBe('preview');

    // Back to edit mode: handles, palette and the address follow.
    await page.getByText(en('playground.mode.edit'), { exact: true }).click();
    await page.locator('.dash3d-frame__move').waitFor();
    await page.locator('.dash3d-palette').waitFor();
    expect(new URL(page.url()).searchParams.get('mode')).toBeNull();
    await page.close();
  });

  it('a broken ?scene= document is reported field by field, not replaced', async () => {
    const { page } = await openPage(browser, `${pg.base}/?scene=${encodeBase64Url(JSON.stringify(BROKEN))}`);
    const panel = page.locator('.dash3d-load-issues');
    await panel.getByText(en('playground.error.title')).waitFor();
    await panel.getByText('widgets.0.config.controlConfig.orbitConfig.dampingFactor').waitFor();
    await panel.getByText(en('msg.valueRange')).waitFor();
    expect(await page.locator('.dash3d-frame').count()).toBe(0);
    expect(await page.getByRole('button', { name: en('playground.save') }).isDisabled()).toBe(true);

    await page.goto(`${pg.base}/?scene=not*base64`);
    await page.locator('.dash3d-load-issues').getByText(en('playground.error.badScene')).waitFor();
    await page.close();
  });

  it('a broken saved dashboard is reported and stays stored as it was', async () => {
    const body = JSON.stringify(BROKEN);
    const put = await fetch(`${pg.base}/api/dashboards/broken-1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${pg.token}`, 'content-type': 'application/json' },
      body,
    });
    expect(put.status).toBe(200);
    const { page } = await openPage(browser, `${pg.base}/?dashboard=broken-1`);
    const panel = page.locator('.dash3d-load-issues');
    await panel.getByText(en('playground.error.sourceSaved', { id: 'broken-1' }), { exact: false }).waitFor();
    await panel.getByText(en('msg.valueRange')).waitFor();
    expect(await (await pg.get('/api/dashboards/broken-1')).text()).toBe(body);

    await page.goto(`${pg.base}/?dashboard=never-saved`);
    await page.locator('.dash3d-load-issues').getByText(en('playground.error.notFound')).waitFor();
    await page.close();
  });
});
