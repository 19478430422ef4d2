import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t, type TextKey } from '../../playground/i18n';
import { MODEL_WIDGET, SPACE_WIDGET } from '../../shared/schema/dashboard';
import { encodeBase64Url } from '../../playground/store/url';
import { startPlayground, TOKEN, type Playground } from './support/server';
import { launchChromium, newSession, openPage, SESSION_KEY, spaceSettled, VIEWPORT } from './support/browser';

const en = (key: TextKey, params?: Record<string, string | number>) => t('en', key, params);
const zh = (key: TextKey, params?: Record<string, string | number>) => t('zh_Hans', key, params);

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

const notice = (page: Page) => page.locator('.dash3d-session-notice');
const sessionToken = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);

const SAVED = new RegExp(`^${en('playground.saved', { name: '' }).replace('""', '"')}`);

/**
 * Clicks Save and waits for the editor's message holding `expected` (success or error). Messages
 * are recorded as they appear: with a large document one can come and go (3 s) while Playwright
 * still finishes the click.
 */
async function save(page: Page, expected: string | RegExp) {
  await page.evaluate(() => {
    const w = window as unknown as { __messages?: string[] };
    if (!w.__messages) {
      const seen: string[] = (w.__messages = []);
      const record = () => document.querySelectorAll('.ant-message-notice').forEach((n) => seen.push(n.textContent ?? ''));
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    }
    w.__messages.length = 0;
  });
  await page.getByRole('button', { name: en('playground.save'), exact: true }).click();
  const re = typeof expected === 'string' ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : expected;
  await page.waitForFunction(
    ({ source, flags }) => (window as unknown as { __messages: string[] }).__messages.some((m) => new RegExp(source, flags).test(m)),
    { source: re.source, flags: re.flags },
    { timeout: 120_000 },
  );
}

async function plainPage(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('.dash3d-playground').waitFor({ timeout: 90_000 });
  return page;
}

describe('signing in with the link `npm start` prints', () => {
  it('the link signs the tab in: the code leaves the address, saving works, a reload stays signed in', async () => {
    const page = await plainPage(pg.signInLink);
    await page.waitForFunction((key) => !!sessionStorage.getItem(key), SESSION_KEY, { timeout: 30_000 });
    expect(page.url()).toBe(`${pg.base}/`);
    expect(await notice(page).count()).toBe(0);
    await save(page, SAVED);
    const token = await sessionToken(page);
    expect(token).not.toBe(TOKEN);
    await page.reload();
    await page.locator('.dash3d-playground').waitFor();
    await save(page, SAVED);
    expect(await notice(page).count()).toBe(0);
    await page.context().close();
  });

  it('the same link a second time is refused, with a notice that says why and what to do', async () => {
    const page = await plainPage(pg.signInLink);
    await notice(page).waitFor({ timeout: 30_000 });
    expect(await notice(page).getAttribute('data-session')).toBe('refused');
    expect(await notice(page).textContent()).toContain(en('session.refused.title'));
    expect(page.url()).toBe(`${pg.base}/`);
    expect(await sessionToken(page)).toBeNull();
    await page.context().close();
  });

  it('a page without a session says so in both languages; pasting MEDIA_TOKEN signs it in', async () => {
    const { page } = await openPage(browser, `${pg.base}/`, 'en-US', { signIn: false });
    await notice(page).waitFor({ timeout: 30_000 });
    expect(await notice(page).textContent()).toContain(en('session.signedOut.title'));
    await save(page, en('session.error.unauthorized'));
    await page.getByText('简体中文', { exact: true }).click();
    expect(await notice(page).textContent()).toContain(zh('session.signedOut.title'));
    expect(await notice(page).textContent()).toContain(zh('session.signedOut.body'));

    await notice(page).getByLabel(zh('session.paste.placeholder')).fill(TOKEN);
    await notice(page)
      .getByRole('button', { name: zh('session.paste.submit') })
      .click();
    await notice(page).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await sessionToken(page)).not.toBe(TOKEN);
    await page.context().close();
  });

  it('a session the server no longer knows: the page says the session ended', async () => {
    const { page } = await openPage(browser, `${pg.base}/`);
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    const ended = await fetch(`${pg.base}/api/session`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(await ended.json()).toEqual({ ended: true });
    await save(page, en('session.error.unauthorized'));
    await notice(page).waitFor({ timeout: 30_000 });
    expect(await notice(page).getAttribute('data-session')).toBe('ended');
    expect(await notice(page).textContent()).toContain(en('session.ended.title'));
    await page.context().close();
  });
});

describe('a dashboard over the limit', () => {
  it('a 30 MB dashboard saved from the page answers 413 and the editor says too large, with the limit in MB', async () => {
    // A 30 MB document as another host might have stored it (the files are read without a limit):
    // the bulk sits in a foreign widget's config, which the editor keeps but does not draw.
    const doc = {
      id: 'big',
      name: 'Big',
      widgets: [
        {
          id: 'note',
          type: 'host-note',
          layout: { x: 0, y: 0, w: 200, h: 100 },
          config: { text: 'x'.repeat(30 * 1024 * 1024) },
          children: [],
        },
      ],
    };
    await mkdir(join(pg.dataRoot, 'dashboards'), { recursive: true });
    await writeFile(join(pg.dataRoot, 'dashboards', 'big.json'), JSON.stringify(doc));
    const { page } = await openPage(browser, `${pg.base}/?dashboard=big`);
    await page.locator('[data-frame-id="note"]').waitFor({ timeout: 60_000 });
    const answer = page.waitForResponse((r) => r.url().includes('/api/dashboards/big') && r.request().method() === 'PUT', {
      timeout: 120_000,
    });
    const shown = save(page, en('playground.saveFailed', { reason: en('playground.error.tooLarge', { limit: 10 }) }));
    // The answer itself ({ error, limit }) is checked in tests/server/start.test.ts; here what the user sees.
    expect((await answer).status()).toBe(413);
    await shown;
    await page.context().close();
  });
});

describe('the credential stays on the main thread', () => {
  it('a signed-in page loads a model from the library with no Authorization header on any /media/ request', async () => {
    const doc = {
      id: 'worker-fetch',
      name: 'Worker fetch',
      widgets: [
        {
          id: 'space-1',
          type: SPACE_WIDGET,
          layout: { x: 0, y: 0, w: 640, h: 360 },
          config: {},
          children: [
            {
              id: 'model-1',
              type: MODEL_WIDGET,
              layout: { x: 100, y: 100, w: 200, h: 150 },
              config: { src: { filePath: '/media/built-in/models/turntable.glb' } },
            },
          ],
        },
      ],
    };
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
    // Every request of the context, the render and parse workers' included.
    const media: Array<{ url: string; auth: string | undefined }> = [];
    context.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/media/')) media.push({ url: r.url(), auth: r.headers().authorization });
    });
    const session = await newSession(pg.base);
    await context.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), { key: SESSION_KEY, value: session });
    const page = await context.newPage();
    await page.goto(`${pg.base}/?scene=${encodeBase64Url(JSON.stringify(doc))}&mode=preview`);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)).toBe(session);
    // Settled: the model's file has been fetched and drawn (or reported).
    await spaceSettled(page, 'space-1');
    expect(media.map((m) => new URL(m.url).pathname)).toContain('/media/built-in/models/turntable.glb');
    expect(media.filter((m) => m.auth !== undefined)).toEqual([]);
    await context.close();
  });
});
