import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { SPACE_WIDGET } from '../../shared/schema/dashboard';
import { encodeBase64Url } from '../../playground/store/url';
import { startPlayground, type Playground } from './support/server';
import { launchChromium, openPage, spaceSettled } from './support/browser';
import { consentText } from '../../shared/i18n/parts/consent';

/*
 * Issue 8 §1 against `npm start`: a `?scene=` link whose space script reaches for the page's own
 * API (fetch /api/dashboards) opens with scripts off, shows the notice naming the hook and sends no
 * such request, with or without mode=preview; after Run scripts the script runs. The same document
 * saved in the dashboard store and opened by ?dashboard= runs without asking.
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

const PROBE = 'consent-probe';
const SCRIPT = `function onReady(THREE, api) {
  self.stolen = 'written by the document';
  fetch('/api/dashboards?${PROBE}=1').catch(() => {});
  api.log('${PROBE} ran: ' + self.stolen);
}`;
const DOC = {
  id: 'link-with-a-script',
  name: 'Link with a script',
  widgets: [{ id: 'space-1', type: SPACE_WIDGET, layout: { x: 0, y: 0, w: 640, h: 360 }, config: { script: SCRIPT } }],
};

/** Requests for the probe URL and the script's log lines, from the page and its workers. */
function watch(page: Page) {
  const requests: string[] = [];
  const logs: string[] = [];
  const onRequest = (r: { url(): string }) => r.url().includes(PROBE) && requests.push(r.url());
  page.on('request', onRequest);
  page.context().on('request', onRequest);
  page.on('console', (m) => m.text().includes(`${PROBE} ran`) && logs.push(m.text()));
  return { requests, logs };
}

const scriptsEnabled = (page: Page) => page.evaluate(async () => (await window.__dash3d!.spaces.get('space-1')!.stats()).scriptsEnabled);

describe('a link does not run code as the designer', () => {
  for (const mode of ['', '&mode=preview']) {
    it(`?scene=${mode ? ' with mode=preview' : ''}: scripts off, the notice, no request; Run scripts runs them`, async () => {
      const { page } = await openPage(browser, `${pg.base}/?scene=${encodeBase64Url(JSON.stringify(DOC))}${mode}`, 'en-US', {
        fresh: true,
      });
      const seen = watch(page);
      await spaceSettled(page, 'space-1');
      const notice = page.locator('.dash3d-consent');
      await notice.getByText(consentText('en', 'consent.title')).waitFor();
      await notice.getByText(consentText('en', 'consent.hook', { name: 'onReady' })).waitFor();
      expect(await scriptsEnabled(page)).toBe(false);
      // Give a script that had run every chance to be seen: the scene is drawn and settled.
      await page.evaluate(() => window.__dash3d!.spaces.get('space-1')!.settled());
      expect(seen.requests).toEqual([]);
      expect(seen.logs).toEqual([]);

      // Keyboard: the button takes focus and Enter presses it.
      const run = notice.getByRole('button', { name: consentText('en', 'consent.run') });
      await run.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => seen.logs.length, { timeout: 60_000 }).toBeGreaterThan(0);
      expect(seen.logs[0]).toContain('written by the document');
      await expect.poll(() => seen.requests.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await notice.count()).toBe(0);
      expect(await scriptsEnabled(page)).toBe(true);
      await page.context().close();
    });
  }

  it('the same document from the dashboard store runs without asking', async () => {
    const put = await fetch(`${pg.base}/api/dashboards/${DOC.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${pg.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(DOC),
    });
    expect(put.status).toBe(200);
    const { page } = await openPage(browser, `${pg.base}/?dashboard=${DOC.id}`, 'en-US', { fresh: true });
    const seen = watch(page);
    await spaceSettled(page, 'space-1');
    await expect.poll(() => seen.logs.length, { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.locator('.dash3d-consent').count()).toBe(0);
    expect(await scriptsEnabled(page)).toBe(true);
    await page.context().close();
  });
});
