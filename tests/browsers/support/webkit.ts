import { spawn } from 'node:child_process';
import { Builder, Button, By, Key as SeleniumKey, Origin, until, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../../e2e/support/server';
import { MINIBROWSER, WEBKIT_DRIVER } from './binaries';
import { installErrorHook, VIEWPORT, type BrowserPage, type Key } from './driver';

/** Resolves with `work`, or rejects after `ms` naming `what`: a WebDriver call that never answers must not hang the run. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver, selenium-webdriver), in a
 * window on the run's Xvfb (MiniBrowser has no headless mode; without a display it exits and the
 * driver would wait for ever, hence the deadlines). It has no WebGL on an OffscreenCanvas, so the
 * product runs its main-thread fallback here. No BiDi: the page's errors are collected in the page.
 */
export async function launchWebKit(display: string): Promise<BrowserPage> {
  const port = await freePort();
  const server = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverLog = '';
  server.stderr.on('data', (d) => (serverLog += d));
  // Waited for: MiniBrowser is the server's child, and a server gone first leaves it to init.
  const stopServer = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  let driver: WebDriver;
  try {
    // Up once it answers /status.
    await within(
      20_000,
      'WebKitWebDriver start',
      (async () => {
        for (;;) {
          if (server.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${server.exitCode}: ${serverLog}`);
          if ((await fetch(`http://127.0.0.1:${port}/status`).catch(() => null))?.ok) return;
          await new Promise((r) => setTimeout(r, 100));
        }
      })(),
    );
    driver = await within(
      45_000,
      `MiniBrowser session on DISPLAY=${display} (MiniBrowser exits at once without a display)`,
      new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
        .build(),
    );
    await driver.manage().setTimeouts({ script: 120_000, pageLoad: 90_000 });
    // The window's chrome takes some height: ask for more, so the page gets at least VIEWPORT.
    await driver
      .manage()
      .window()
      .setRect({ x: 0, y: 0, width: VIEWPORT.width, height: VIEWPORT.height + 100 });
  } catch (err) {
    await stopServer();
    throw err;
  }

  const actions = () => driver.actions({ async: true });
  const at = (x: number, y: number) => ({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT, duration: 0 });
  const keys: Record<Key, () => Promise<void>> = {
    Enter: () => actions().sendKeys(SeleniumKey.ENTER).perform(),
    Escape: () => actions().sendKeys(SeleniumKey.ESCAPE).perform(),
    Tab: () => actions().sendKeys(SeleniumKey.TAB).perform(),
    ArrowLeft: () => actions().sendKeys(SeleniumKey.ARROW_LEFT).perform(),
    Plus: () => actions().sendKeys('+').perform(),
    Home: () => actions().sendKeys(SeleniumKey.HOME).perform(),
    PageDown: () => actions().sendKeys(SeleniumKey.PAGE_DOWN).perform(),
    ShiftArrowRight: () => actions().keyDown(SeleniumKey.SHIFT).sendKeys(SeleniumKey.ARROW_RIGHT).keyUp(SeleniumKey.SHIFT).perform(),
    SelectAll: () => actions().keyDown(SeleniumKey.CONTROL).sendKeys('a').keyUp(SeleniumKey.CONTROL).perform(),
  };
  const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> =>
    // WebDriver's Execute Script awaits a returned promise; the function travels as its source.
    within(150_000, 'evaluate', driver.executeScript<R>(`return (${fn.toString()})(arguments[0]);`, arg ?? null));

  return {
    name: 'webkit',
    goto: async (url) => {
      await within(120_000, `goto ${url}`, driver.get(url));
      // As early as classic WebDriver allows: errors during the page's first scripts are not seen,
      // which is why the flows also check what the page shows (data-state, the error banner).
      await evaluate(installErrorHook, undefined);
    },
    evaluate,
    screenshot: async () => Buffer.from(await within(60_000, 'screenshot', driver.takeScreenshot()), 'base64'),
    move: ({ x, y }) => actions().move(at(x, y)).perform(),
    down: () => actions().press(Button.LEFT).perform(),
    up: () => actions().release(Button.LEFT).perform(),
    click: ({ x, y }) => actions().move(at(x, y)).press(Button.LEFT).release(Button.LEFT).perform(),
    type: (text) => actions().sendKeys(text).perform(),
    press: (key) => keys[key](),
    // WebDriver names keys by character; its key table gives 'w' the code KeyW.
    hold: (key, ms) => {
      const ch = { KeyW: 'w', KeyS: 's' }[key];
      return actions().keyDown(ch).pause(ms).keyUp(ch).perform();
    },
    // selenium-webdriver has wheel actions (Actions#scroll); its published types do not list them yet.
    wheel: ({ x, y }, deltaY) =>
      (actions() as unknown as { scroll(...a: unknown[]): { perform(): Promise<void> } })
        .scroll(Math.round(x), Math.round(y), 0, deltaY, Origin.VIEWPORT)
        .perform(),
    // WebDriver's way into a file input (hidden ones too): its paths as keys, one per line.
    setFiles: async (selector, paths) => {
      const input = await driver.wait(until.elementLocated(By.css(selector)), 30_000, `webkit: no ${selector}`);
      await within(60_000, 'setFiles', input.sendKeys(paths.join('\n')));
    },
    errors: () => evaluate(() => [...((window as unknown as { __browsersErrors?: string[] }).__browsersErrors ?? [])], undefined),
    close: async () => {
      await within(30_000, 'MiniBrowser quit', driver.quit()).catch(() => undefined);
      await stopServer();
    },
  };
}
