import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { t } from '../../playground/i18n';
import { pack } from '../../playground/store/scene-link';
import { startPlayground, TOKEN, type Playground } from './support/server';
import { frame, launchChromium, newSession, SESSION_KEY, spaceSettled, VIEWPORT } from './support/browser';

/*
 * Issue 19 §7 against `npm start`: a page opened without a session (the plain page before signing
 * in, a viewer's shared link to the example, a saved dashboard's link) makes no request that is
 * answered 4xx/5xx and logs nothing to the console, errors and warnings alike; a viewer orbiting
 * the example adds none either. The signed-in editor opening the example is held to the same.
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

const SPACE = 'example-space';

interface Watched {
  page: Page;
  /** Every answer of 400 or more, failed request and console error or warning, as it happened. */
  noise: string[];
}

/**
 * Opens `url` in a fresh context, watching the page and its workers from before the first request:
 * the context sees every request (the page's and its render worker's) and Chromium's own
 * "Failed to load resource" lines arrive as console errors.
 */
async function watchedPage(url: string, opts: { signIn: boolean }): Promise<Watched> {
  const context: BrowserContext = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  if (opts.signIn) {
    await context.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), {
      key: SESSION_KEY,
      value: await newSession(pg.base),
    });
  }
  const noise: string[] = [];
  context.on('response', (r) => r.status() >= 400 && noise.push(`${r.status()} ${r.request().method()} ${r.url()}`));
  context.on('requestfailed', (r) => noise.push(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  const page = await context.newPage();
  // The page's console event carries its workers' lines too (the render worker's three.js warnings).
  page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && noise.push(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => noise.push(`pageerror: ${e.message}`));
  await page.goto(url);
  await page.locator('.dash3d-playground').waitFor({ timeout: 90_000 });
  return { page, noise };
}

/** Waits until nothing the page asked for is still on its way, so every answer has been seen. */
const quiet = (page: Page) => page.waitForLoadState('networkidle');

/** The example as a designer shares it with Copy scene link: the seeded document in `#scene=`. */
async function exampleLink(mode: 'preview' | 'edit'): Promise<string> {
  const res = await pg.get('/api/dashboards/example');
  expect(res.status).toBe(200);
  return `${pg.base}/${mode === 'preview' ? '?mode=preview' : ''}#scene=${await pack(await res.text())}`;
}

/** A viewer's drag across the scene: the camera turns (orbit), measured by the engine's view. */
async function orbit(page: Page) {
  const view = () => page.evaluate((id) => window.__dash3d!.spaces.get(id)!.getView(), SPACE);
  const before = await view();
  const box = (await frame(page, SPACE).locator('.dash3d-space').first().boundingBox())!;
  // Low and to the left: clear of the cards and the group drawn over the middle.
  const x = box.x + box.width * 0.15;
  const y = box.y + box.height * 0.85;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 120, y - 40, { steps: 8 });
  await page.mouse.up();
  await spaceSettled(page, SPACE);
  expect((await view()).position).not.toEqual(before.position);
}

describe('a clean console', () => {
  it('the page opened without a session: the notice, no failing request, nothing in the console', async () => {
    const { page, noise } = await watchedPage(`${pg.base}/`, { signIn: false });
    await page.locator('.dash3d-session-notice[data-session="signedOut"]').waitFor({ timeout: 30_000 });
    await page.getByText(t('en', 'playground.canvas.empty')).waitFor();
    await quiet(page);
    expect(noise).toEqual([]);
    await page.context().close();
  });

  it("a viewer's link to the example without a session: the space draws, orbits, and the console stays clean", async () => {
    const { page, noise } = await watchedPage(await exampleLink('preview'), { signIn: false });
    await spaceSettled(page, SPACE);
    const stats = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.stats(), SPACE);
    expect(stats.models).toMatchObject({ total: 2, loaded: 2 });
    await orbit(page);
    await quiet(page);
    expect(noise).toEqual([]);
    await page.context().close();
  });

  it('a saved dashboard opened without a session says to sign in, without asking; signed in, Retry opens it', async () => {
    const { page, noise } = await watchedPage(`${pg.base}/?dashboard=example&mode=preview`, { signIn: false });
    const notice = page.locator('.dash3d-session-notice[data-session="signedOut"]');
    await notice.waitFor({ timeout: 30_000 });
    await page.getByText(t('en', 'session.error.unauthorized')).first().waitFor();
    await quiet(page);
    expect(noise).toEqual([]);

    await notice.getByLabel(t('en', 'session.paste.placeholder')).fill(TOKEN);
    await notice.getByRole('button', { name: t('en', 'session.paste.submit') }).click();
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('button', { name: t('en', 'playground.error.retry') }).click();
    await spaceSettled(page, SPACE);
    await quiet(page);
    expect(noise).toEqual([]);
    await page.context().close();
  });

  it('the signed-in editor opening the example: the space draws, orbits, and the console stays clean', async () => {
    const { page, noise } = await watchedPage(`${pg.base}/?dashboard=example`, { signIn: true });
    await spaceSettled(page, SPACE);
    await orbit(page);
    await quiet(page);
    expect(noise).toEqual([]);
    await page.context().close();
  });
});
