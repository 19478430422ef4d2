import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { encodeBase64Url } from '../../playground/store/url';
import { LINK_LIMITS, bytesToBase64Url, pack } from '../../playground/store/scene-link';
import { startPlayground, type Playground } from './support/server';
import { clickSteady, dashboardDoc, launchChromium, openPage } from './support/browser';

const en = (key: TextKey, params?: Record<string, string | number>) => t('en', key, params);

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

/**
 * A valid document of about `chars` characters that deflate cannot shrink: host widgets (the
 * playground shows them as frames of an unknown type) carrying random base64url text.
 */
function bigDoc(id: string, chars: number) {
  const each = Math.ceil(chars / 10);
  return {
    id,
    name: `大文档 ${id}`,
    version: 1,
    widgets: Array.from({ length: 10 }, (_, i) => ({
      id: `note-${i}`,
      type: 'host-note',
      layout: { x: 0, y: i * 40, w: 200, h: 30 },
      config: { text: randomBytes(each).toString('base64url').slice(0, each) },
      children: [],
    })),
  };
}

/** What the editor holds once the page has opened a document. */
async function openedDoc(page: Page) {
  await page.waitForFunction(() => window.__dash3d?.dashboard() != null, null, { timeout: 90_000 });
  return dashboardDoc(page);
}

async function copyLink(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: pg.base });
  // The clipboard answers only a focused document: another page of this browser may hold focus.
  await page.bringToFront();
  await page.getByRole('button', { name: en('playground.copyLink') }).click();
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

const prefix = (key: TextKey) => en(key, { link: '', reason: '' }).replace(/[:：]\s*$/, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The toolbar's answer to a copy: the `done` message, or what the page said instead (the link
 * shown because the clipboard refused, a failed save), so a failure names the outcome instead of
 * timing out. The clipboard refuses a page that lost focus to another page of this browser (other
 * test files run beside this one): that outcome is tried once more with the page in front.
 */
async function copyOutcome(page: Page, act: () => Promise<void>, done: TextKey): Promise<string> {
  const said = [done, 'playground.linkNotCopied', 'playground.saveFailed'] as const;
  const notices = page.locator('.ant-message-notice', { hasText: new RegExp(said.map((k) => escape(prefix(k))).join('|')) });
  for (let attempt = 0; ; attempt++) {
    // The last answer has gone (antd shows a message for 3 s): the next one is this try's.
    await notices.first().waitFor({ state: 'detached' });
    await page.bringToFront();
    const saves: string[] = [];
    const onResponse = (r: { url(): string; status(): number; request(): { method(): string } }) => {
      if (r.url().includes('/api/dashboards')) saves.push(`${r.request().method()} ${r.status()}`);
    };
    page.on('response', onResponse);
    await act();
    try {
      await notices.first().waitFor();
    } catch (err) {
      // Say what the page did instead: a save never answered, the dialog still open, other messages.
      const shown = await page.locator('.ant-message-notice').allTextContents();
      const dialogs = await page.locator('.ant-modal-confirm').count();
      throw new Error(
        `no answer to the copy (requests to /api/dashboards: ${saves.join(', ') || 'none'}; dialogs open: ${dialogs}; messages: ${shown.join(' | ') || 'none'})`,
        { cause: err },
      );
    } finally {
      page.off('response', onResponse);
    }
    const text = (await notices.first().textContent()) ?? '';
    if (attempt > 0 || !text.includes(prefix('playground.linkNotCopied'))) return text;
  }
}

describe('share links', () => {
  it('a 200 kB #scene= link opens, and Copy scene link gives a #scene= link that opens the same document', async () => {
    const doc = bigDoc('big-link', 205_000);
    const packed = await pack(JSON.stringify(doc));
    expect(packed.length).toBeGreaterThan(200_000);
    const { page, errors } = await openPage(browser, `${pg.base}/#scene=${packed}`);
    const sent: string[] = [];
    page.on('request', (r) => sent.push(r.url()));
    expect(await openedDoc(page)).toEqual(doc);
    await page.reload();
    expect(await openedDoc(page)).toEqual(doc);
    // The fragment stays in the browser: no request (page, modules, API) carried the document.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((u) => u.includes('scene=') || u.includes(packed.slice(0, 64)))).toEqual([]);
    expect(await page.locator('.dash3d-frame').count()).toBe(10);

    expect(await copyOutcome(page, () => copyLink(page), 'playground.linkCopied')).toBe(en('playground.linkCopied'));
    const link = await clipboard(page);
    expect(link.startsWith(`${pg.base}/#scene=`)).toBe(true);
    expect(link.length).toBeLessThanOrEqual(LINK_LIMITS.maxShareChars);
    await page.close();

    const again = await openPage(browser, link);
    expect(await openedDoc(again.page)).toEqual(doc);
    await again.page.close();
    expect(errors).toEqual([]);
  });

  it('an old ?scene= link (plain base64url JSON) still opens', async () => {
    const doc = { id: 'old-link', name: '旧链接 old link', version: 1, widgets: [] };
    const { page } = await openPage(browser, `${pg.base}/?scene=${encodeBase64Url(JSON.stringify(doc))}`);
    expect(await openedDoc(page)).toEqual(doc);
    await page.close();
  });

  it('a scene too long to share says so and offers a saved ?dashboard= link instead', async () => {
    const doc = bigDoc('too-long', 300_000);
    const { page } = await openPage(browser, `${pg.base}/#scene=${await pack(JSON.stringify(doc))}`);
    expect(await openedDoc(page)).toEqual(doc);
    await copyLink(page);
    const dialog = page.locator('.dash3d-link-too-long');
    await dialog.locator('.ant-modal-confirm-title', { hasText: en('playground.link.tooLong.title') }).waitFor();
    const body = await dialog.textContent();
    expect(body).toContain(`${LINK_LIMITS.maxShareChars / 1024} kB`);
    const size = Number(/the link is (\d+) kB/.exec(body ?? '')?.[1]);
    expect(size).toBeGreaterThan(LINK_LIMITS.maxShareChars / 1024);

    let asked = true;
    const saveAndShare = async () => {
      // A second try (the clipboard refused the first) asks again: the dialog closed on the first.
      if (!asked) {
        await dialog.waitFor({ state: 'detached' });
        await copyLink(page);
      }
      asked = false;
      await clickSteady(dialog.getByRole('button', { name: en('playground.link.saveAndShare') }));
    };
    expect(await copyOutcome(page, saveAndShare, 'playground.link.savedCopied')).toBe(en('playground.link.savedCopied'));
    expect(await clipboard(page)).toBe(`${pg.base}/?dashboard=too-long`);
    const stored = await pg.get('/api/dashboards/too-long');
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { widgets: unknown }).widgets).toEqual(doc.widgets);
    await page.close();
  });

  it('a link that inflates past 10 MB is refused with the limit named', async () => {
    const bomb = bytesToBase64Url(deflateRawSync(Buffer.alloc(64 * 2 ** 20)));
    const { page } = await openPage(browser, `${pg.base}/#scene=${bomb}`);
    await page
      .locator('.dash3d-load-issues')
      .getByText(en('playground.error.sceneTooLarge', { limit: 10 }))
      .waitFor();
    await page.close();
  });
});

describe('documents the editor refuses, field by field', () => {
  it('duplicate widget ids and 5000-deep nesting are named in the load-issues panel', async () => {
    const layout = { x: 0, y: 0, w: 100, h: 50 };
    const dup = {
      id: 'dup',
      name: 'dup',
      widgets: [
        { id: 'a', type: 'host-note', layout },
        { id: 'a', type: 'host-note', layout },
      ],
    };
    let { page } = await openPage(browser, `${pg.base}/#scene=${await pack(JSON.stringify(dup))}`);
    const panel = page.locator('.dash3d-load-issues');
    await panel.getByText('widgets.1.id').waitFor();
    await panel.getByText(en('msg.duplicateWidgetId', { id: 'a' })).waitFor();

    const deep = '{"widgets":[' + '{"id":"w","type":"t","layout":{"w":1,"h":1},"children":['.repeat(5000) + ']}'.repeat(5000) + ']}';
    // In a new page: a fragment-only change in the same tab would not reload it.
    await page.close();
    ({ page } = await openPage(browser, `${pg.base}/#scene=${await pack(deep)}`));
    await page
      .locator('.dash3d-load-issues')
      .getByText(en('msg.nestingTooDeep', { limit: 32 }))
      .waitFor();
    await page.close();
  });
});

describe('live variables', () => {
  it('change by themselves under npm start, and __dash3d.variables writes one the panel then shows', async () => {
    const { page } = await openPage(browser, `${pg.base}/`);
    const panel = page.locator('.ant-descriptions').filter({ hasText: en('playground.variables.title') });
    await panel.getByText(en('playground.variables.temperature')).waitFor();
    const before = await panel.textContent();
    // No clock: wait until the panel reads differently (the device ticks once a second).
    await page.waitForFunction(
      ({ prev, title }) =>
        [...document.querySelectorAll('.ant-descriptions')].find((d) => d.textContent?.includes(title))?.textContent !== prev,
      { prev: before, title: en('playground.variables.title') },
      { timeout: 30_000 },
    );

    // selectedPart is not simulated, so what the test writes stays until the panel shows it.
    const read = await page.evaluate(() => {
      const v = window.__dash3d!.variables;
      v.write('temperature', 87.5);
      const t = v.read('temperature');
      v.write('selectedPart', 'Arm_左臂');
      return { t, names: v.names() };
    });
    expect(read).toEqual({ t: 87.5, names: ['temperature', 'pressure', 'running', 'speed', 'valve', 'flow', 'selectedPart'] });
    await panel.getByText('Arm_左臂').waitFor();
    await page.close();
  });
});
