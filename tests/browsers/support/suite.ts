import { afterAll, afterEach, beforeAll, describe, inject } from 'vitest';
import { BROWSERS, type BrowserName } from './binaries';
import { launch, type BrowserPage } from './driver';

export interface BrowserContext {
  name: BrowserName;
  /** The run's playground (support/setup.ts), http://127.0.0.1:<port>. */
  base: string;
  /** The browser's one tab, launched before the suite's first test. */
  page(): BrowserPage;
}

/**
 * The flows in `body`, once per browser: one launch per browser per file, closed afterwards. A
 * browser that is not installed fails its suite with the Debian package to install.
 */
export function eachBrowser(title: string, body: (ctx: BrowserContext) => void) {
  const run = inject('browsers');
  describe.each(BROWSERS)(`%s: ${title}`, (name) => {
    let page: BrowserPage | undefined;
    beforeAll(async () => {
      const why = run.missing[name];
      if (why) throw new Error(why);
      page = await launch(name, run.display);
    });
    afterAll(async () => {
      await page?.close();
    });
    // A failed flow says what the page said: WebKit's console never reaches the runner otherwise.
    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail' || !page) return;
      const said = await page.errors().catch((e: unknown) => [`(the page's errors could not be read: ${String(e)})`]);
      console.error(`[${name}] page errors so far:\n  ${said.join('\n  ') || '(none)'}`);
    });
    body({
      name,
      base: run.base,
      page: () => {
        if (!page) throw new Error(`${name} did not start`);
        return page;
      },
    });
  });
}
