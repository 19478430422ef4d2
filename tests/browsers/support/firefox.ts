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
  /**
   * One user input, given 30 s. In one run (AC, docs/testing.md) Firefox never finished an
   * `input.performActions` (a click, after the context-loss test) and then none that followed, each
   * failing only at the 120 s protocol timeout with nothing said about the page. Now the first such
   * wait fails sooner, saying whether the page still answers and still gets animation frames
   * (Firefox hands a mouse move to the page on its next refresh tick), its visibility and focus.
   */
  const input = async (what: string, action: () => Promise<void>) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), 30_000)));
    const done = action().then(() => 'done' as const);
    done.catch(() => undefined); // raced below; a late action's own failure is not unhandled
    try {
      if ((await Promise.race([done, late])) === 'done') return;
    } finally {
      clearTimeout(timer);
    }
    const state = await Promise.race([
      page.evaluate(async () => {
        const frame = await Promise.race([
          new Promise<string>((r) => requestAnimationFrame(() => r('animation frames run'))),
          new Promise<string>((r) => setTimeout(() => r('NO animation frame in 2 s'), 2000)),
        ]);
        return `${frame}, visibility ${document.visibilityState}, focus ${document.hasFocus()}`;
      }),
      new Promise<string>((r) => setTimeout(() => r('the page did not answer an evaluate in 10 s either'), 10_000)),
    ]).catch((e: unknown) => `the page could not be read: ${String(e)}`);
    throw new Error(`firefox: ${what} was not done within 30 s (WebDriver BiDi input.performActions); the page: ${state}`);
  };
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
    move: ({ x, y }) => input(`a mouse move to (${x}, ${y})`, () => page.mouse.move(x, y)),
    down: () => input('a mouse button press', () => page.mouse.down()),
    up: () => input('a mouse button release', () => page.mouse.up()),
    click: ({ x, y }) => input(`a click at (${x}, ${y})`, () => page.mouse.click(x, y)),
    type: (text) => input(`typing ${JSON.stringify(text)}`, () => page.keyboard.type(text)),
    press: (key) => input(`the key ${key}`, () => keys[key]()),
    hold: (key, ms) =>
      input(`holding ${key}`, async () => {
        await page.keyboard.down(key);
        await new Promise((r) => setTimeout(r, ms));
        await page.keyboard.up(key);
      }),
    wheel: ({ x, y }, deltaY) =>
      input('a wheel turn', async () => {
        await page.mouse.move(x, y);
        await page.mouse.wheel({ deltaY });
      }),
    setFiles: async (selector, paths) => {
      const input = await page.waitForSelector(selector);
      if (!input) throw new Error(`firefox: no ${selector}`);
      await (input as import('puppeteer-core').ElementHandle<HTMLInputElement>).uploadFile(...paths);
    },
    errors: () => Promise.resolve([...errors]),
    close: () => browser.close(),
  };
}
