import puppeteer from 'puppeteer-core';
import { FIREFOX } from './binaries';
import { VIEWPORT, type BrowserPage, type Key } from './driver';

/**
 * Debian's Firefox ESR over WebDriver BiDi (puppeteer-core, no geckodriver). In a real window on the
 * run's Xvfb: headless Firefox has no WebGL here; windowed, with webgl.force-enabled (llvmpipe is
 * on Firefox's block list), it has WebGL2 in the page and in workers.
 */
export async function launchFirefox(display: string): Promise<BrowserPage> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: false,
    timeout: 60_000,
    protocolTimeout: 120_000,
    defaultViewport: VIEWPORT,
    env: { ...process.env, DISPLAY: display },
    extraPrefsFirefox: { 'webgl.force-enabled': true },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  page.setDefaultTimeout(90_000);
  // BiDi forwards the log: every error from the first script on, across navigations.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    // The engine's own warnings (a restart and its reason) in the run's log, where a later
    // failure ("the 3D space is not running") is otherwise unexplained.
    else if (/^warn/.test(m.type()) && m.text().startsWith('[dash3d] render worker')) console.log(`firefox: ${m.text()}`);
  });
  const keys: Record<Key, () => Promise<void>> = {
    Enter: () => page.keyboard.press('Enter'),
    Escape: () => page.keyboard.press('Escape'),
    Tab: () => page.keyboard.press('Tab'),
    ArrowLeft: () => page.keyboard.press('ArrowLeft'),
    Plus: () => page.keyboard.press('+'),
    Home: () => page.keyboard.press('Home'),
    PageDown: () => page.keyboard.press('PageDown'),
    ShiftArrowRight: async () => {
      await page.keyboard.down('Shift');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.up('Shift');
    },
    SelectAll: async () => {
      await page.keyboard.down('Control');
      await page.keyboard.press('KeyA');
      await page.keyboard.up('Control');
    },
  };
  return {
    name: 'firefox',
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>,
    screenshot: () => page.screenshot({ type: 'png' }),
    move: ({ x, y }) => page.mouse.move(x, y),
    down: () => page.mouse.down(),
    up: () => page.mouse.up(),
    click: ({ x, y }) => page.mouse.click(x, y),
    type: (text) => page.keyboard.type(text),
    press: (key) => keys[key](),
    hold: async (key, ms) => {
      await page.keyboard.down(key);
      await new Promise((r) => setTimeout(r, ms));
      await page.keyboard.up(key);
    },
    wheel: async ({ x, y }, deltaY) => {
      await page.mouse.move(x, y);
      await page.mouse.wheel({ deltaY });
    },
    setFiles: async (selector, paths) => {
      const input = await page.waitForSelector(selector);
      if (!input) throw new Error(`firefox: no ${selector}`);
      await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(...paths);
    },
    errors: () => Promise.resolve([...errors]),
    close: () => browser.close(),
  };
}
