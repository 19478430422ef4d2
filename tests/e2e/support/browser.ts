import { type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright';
import { isMoving } from '../../browser/support/motion';
import { decodePng, meanRgb } from './png';
import { TOKEN } from './server';

export { launchChromium } from '../../chromium-gl';

/** Wide enough for palette + a 1000x600 space + the settings panel side by side. */
export const VIEWPORT = { width: 1700, height: 1000 };

export interface OpenedPage {
  page: Page;
  /** Uncaught page errors and console errors, for failure messages and checks. */
  errors: string[];
}

/** Where the playground keeps its session token (playground/host/session.ts). */
export const SESSION_KEY = 'dash3d.session';

/**
 * A session for a page of the playground at `origin`, by trading the e2e MEDIA_TOKEN through the
 * real API (POST /api/session), as a tool would. The one-time link is tested on its own (session.test.ts).
 */
export async function newSession(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/session`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
  if (res.status !== 200) throw new Error(`signing in at ${origin}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export interface OpenOptions {
  /** Sign the page in before it loads (default true); false opens it signed out. */
  signIn?: boolean;
  /** More of the context's options: a tablet's (hasTouch, deviceScaleFactor). */
  context?: BrowserContextOptions;
  /** A browser context of its own (closed with `page.context().close()`), for a test that watches the context's requests or needs cold caches. */
  fresh?: boolean;
}

/**
 * Contexts shared by a browser's pages, one per locale and options. Opening the example in a new
 * context cost 10 to 16 core-seconds here, as a new page of a context whose earlier page was closed
 * 5.4 to 6.3 (its HTTP and code caches and the prefiltered environment warm): an e2e file opens
 * one page per test and closes it with `page.close()`. Nothing a test sets outlives its page: the
 * playground keeps its session and consents in sessionStorage, which is the tab's, and sets no cookie.
 */
const shared = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

function contextFor(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  let byKey = shared.get(browser);
  if (!byKey) shared.set(browser, (byKey = new Map<string, Promise<BrowserContext>>()));
  const key = JSON.stringify(options);
  let context = byKey.get(key);
  if (!context) {
    context = browser.newContext(options);
    byKey.set(key, context);
    // A test that closes the context anyway (or a crash) leaves the next one a new context.
    void context.then((c) => c.on('close', () => byKey.delete(key)));
  }
  return context;
}

/**
 * Opens the playground in a new page, signed in by default: the page gets a session token in
 * sessionStorage before its scripts run, as the sign-in link leaves it. The page's context is
 * shared with the other pages of this browser, locale and options (above) unless `fresh`.
 */
export async function openPage(browser: Browser, url: string, locale = 'en-US', opts: OpenOptions = {}): Promise<OpenedPage> {
  const options = { viewport: VIEWPORT, locale, ...opts.context };
  const context = opts.fresh ? await browser.newContext(options) : await contextFor(browser, options);
  const page = await context.newPage();
  if (opts.signIn !== false) {
    const session = await newSession(new URL(url).origin);
    await page.addInitScript(
      ({ key, value }) => {
        if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
      },
      { key: SESSION_KEY, value: session },
    );
  }
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('crash', () => errors.push('crash: the page crashed'));
  await page.goto(url);
  await page.locator('.dash3d-playground').waitFor({ timeout: 90_000 });
  return { page, errors };
}

/** The frame of a widget on the canvas. */
export const frame = (page: Page, id: string) => page.locator(`[data-frame-id="${id}"]`);

/** Waits until the space's scene is ready, its handle is exposed and every pending asset settled. */
export async function spaceSettled(page: Page, id: string, timeout = 90_000) {
  await frame(page, id).locator('.dash3d-space[data-state="ready"]').first().waitFor({ timeout });
  await page.waitForFunction((sid) => !!window.__dash3d?.spaces.get(sid)?.mode, id, { timeout });
  await page.evaluate((sid) => window.__dash3d!.spaces.get(sid)!.settled(), id);
}

/** Config patches the space's engine received so far (stats().patches, through the test hook). */
export const patches = (page: Page, id: string) =>
  page.evaluate(async (sid) => (await window.__dash3d!.spaces.get(sid)!.stats()).patches, id);

/** A rectangle in fractions of an image's width and height. */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const MIDDLE: Region = { x0: 0.3, y0: 0.3, x1: 0.7, y1: 0.7 };

/** Mean colour of a region of the scene as the engine drew it (readPixels through the test hook). */
export async function enginePixels(page: Page, id: string, region: Region = MIDDLE): Promise<[number, number, number]> {
  return page.evaluate(
    async ({ sid, r }) => {
      const h = window.__dash3d!.spaces.get(sid)!;
      await h.settled();
      const p = await h.readPixels();
      const sum: [number, number, number] = [0, 0, 0];
      let n = 0;
      for (let y = Math.floor(p.height * r.y0); y < Math.floor(p.height * r.y1); y++)
        for (let x = Math.floor(p.width * r.x0); x < Math.floor(p.width * r.x1); x++) {
          const i = (y * p.width + x) * 4;
          sum[0] += p.data[i]!;
          sum[1] += p.data[i + 1]!;
          sum[2] += p.data[i + 2]!;
          n++;
        }
      return sum.map((s) => Math.round(s / n)) as [number, number, number];
    },
    { sid: id, r: region },
  );
}

/** Mean colour of a region of an element as it is on screen (a screenshot, decoded). */
export async function screenPixels(target: Locator, r: Region = MIDDLE): Promise<[number, number, number]> {
  return meanRgb(decodePng(await target.screenshot({ animations: 'disabled' })), r.x0, r.y0, r.x1, r.y1);
}

/** The dashboard document the editor holds (window.__dash3d.dashboard()). */
export const dashboardDoc = (page: Page) => page.evaluate(() => window.__dash3d!.dashboard());

/**
 * Waits for `target` to be visible; if it never is, the error says what the page showed instead
 * (its address, open dialogs, alerts and spinners), so a failure on a loaded CI run is explained.
 */
export async function visibleOrExplain(page: Page, target: Locator, timeout = 30_000, more: () => string = () => '') {
  try {
    await target.waitFor({ timeout });
  } catch (err) {
    const shown = await page
      .evaluate(() => {
        const texts = (sel: string) =>
          [...document.querySelectorAll(sel)].map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200));
        return { dialogs: texts('[role="dialog"]'), alerts: texts('[role="alert"]'), spinners: texts('.ant-spin') };
      })
      .catch((e: unknown) => `(the page did not answer: ${(e as Error).message})`);
    throw new Error(`${(err as Error).message}\nat ${page.url()} the page showed ${JSON.stringify(shown)}${more()}`, { cause: err });
  }
}

/**
 * Click as a user does: once the element stands still (tests/browser/support/motion.ts, as the
 * browser tests' clickSteady). An antd panel that opens (a Collapse's height, a dialog's zoom)
 * moves what is below it; Playwright waits for two animation frames with the same box, which a
 * loaded machine's slow frames can fool, and a click at the old place misses (e2e/rules: 'Add rule'
 * clicked as the Rules group opened added no rule in a CI run).
 */
export async function clickSteady(target: Locator): Promise<void> {
  await target.waitFor();
  const deadline = Date.now() + 10_000;
  while (await target.evaluate(isMoving)) {
    if (Date.now() > deadline) throw new Error(`${String(target)} was still moving after 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await target.click();
}
