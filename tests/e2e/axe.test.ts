import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { t } from '../../playground/i18n';
import { startPlayground, type Playground } from './support/server';
import { clickSteady, launchChromium, openPage, spaceSettled } from './support/browser';
import { stillExample } from './support/still';

/*
 * Issue 42 point 6: axe-core 4.14 (WCAG 2.0 / 2.1 A and AA) on the pages a viewer and a designer
 * use, in both languages: the example in preview, edit mode with every group of the space's
 * settings open, the material editor, and the media library dialog (a model's library, opened on
 * the built-in models' folder: its path, its list of files with their thumbnails, its buttons).
 * Serious and critical findings fail. The scans read the DOM, not the moving picture: they open the
 * example's still copy (support/still.ts), the same widgets, cards and panels.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SPACE = 'example-space';

let pg: Playground;
let browser: Browser;
let example: string;
beforeAll(async () => {
  pg = await startPlayground();
  browser = await launchChromium();
  example = await stillExample(pg.base);
});
afterAll(async () => {
  await browser?.close();
  await pg?.stop();
});

interface Finding {
  id: string;
  impact: string;
  nodes: string[];
}

/** axe on the page, or on the elements `within` selects (a panel that changed: faster than the page). */
async function scan(page: Page, within?: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(
    async ({ tags, within }) => {
      const axe = (
        window as unknown as {
          axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
        }
      ).axe;
      const r = await axe.run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values: tags } });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    },
    { tags: TAGS, within },
  );
}
const serious = (f: Finding[]) => f.filter((v) => v.impact === 'serious' || v.impact === 'critical');

describe('axe', () => {
  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['zh-CN', 'zh_Hans'],
  ] as const) {
    it(`the example in preview, as a viewer (${lang})`, async () => {
      const { page } = await openPage(browser, `${pg.base}/?dashboard=${example}&mode=preview`, locale);
      await spaceSettled(page, SPACE);
      const found = await scan(page);
      expect(serious(found), JSON.stringify(found)).toEqual([]);
      await page.close();
    });

    // The designer's surfaces one after the other in one page of edit mode (one page, not three:
    // a page's start costs seconds of CPU, issue 44).
    let editor: Page | undefined;
    it(`edit mode with the space's settings open (${lang})`, async () => {
      ({ page: editor } = await openPage(browser, `${pg.base}/?dashboard=${example}`, locale));
      const page = editor;
      await spaceSettled(page, SPACE);
      await page
        .locator(`[data-widget-id="${SPACE}"]`)
        .first()
        .click({ position: { x: 5, y: 5 } });
      // Every group of the space's settings open at once.
      const closed = page.locator('.ant-collapse-header[aria-expanded="false"]');
      await closed.first().waitFor();
      for (let i = await closed.count(); i > 0; i--) await closed.first().click();
      const found = await scan(page);
      expect(serious(found), JSON.stringify(found)).toEqual([]);
    });

    // Each kind of widget's settings, every group open: a model with rules, a card with levels, a
    // component group. Only the inspector changed since the scan above: it alone is scanned.
    it.each(['example-line', 'example-card-temperature', 'example-group'])(`edit mode with %s's settings open (${lang})`, async (id) => {
      const page = editor!;
      await clickSteady(page.locator(`.dash3d-outline__item[data-widget-id="${id}"]`));
      const inspector = page.locator(`.dash3d-inspector[data-widget-id="${id}"]`);
      await inspector.waitFor();
      // Its panel is a part loaded when first shown; a group opened may hold groups of its own.
      await inspector.locator('.ant-collapse-header, .ant-form-item').first().waitFor();
      const closed = inspector.locator('.ant-collapse-header[aria-expanded="false"]');
      for (let n = 0; n < 40 && (await closed.count()) > 0; n++) await clickSteady(closed.first());
      expect(await closed.count()).toBe(0);
      // The panel's controls are there to be scanned (not a panel still loading).
      expect(await inspector.locator('input, button, [role="switch"]').count()).toBeGreaterThan(5);
      const found = await scan(page, '.dash3d-inspector');
      expect(serious(found), JSON.stringify(found)).toEqual([]);
    });

    it(`the material editor (${lang})`, async () => {
      const page = editor!;
      await page.getByRole('button', { name: t(lang, 'playground.materialEditor'), exact: true }).click();
      await page.locator('.dash3d-material-editor').waitFor();
      const found = await scan(page);
      expect(serious(found), JSON.stringify(found)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('.dash3d-material-editor').waitFor({ state: 'hidden' });
    });

    it(`the media library dialog (${lang})`, async () => {
      const page = editor!;
      await page.locator('.dash3d-outline__item[data-widget-id="example-model"]').click();
      await page
        .locator('.dash3d-inspector')
        .getByRole('button', { name: t(lang, 'modelLibrary.button') })
        .click();
      const dialog = page.getByRole('dialog');
      await clickSteady(dialog.getByRole('button', { name: t(lang, 'settings.openFolder', { name: 'built-in' }) }));
      await clickSteady(dialog.getByRole('button', { name: t(lang, 'settings.openFolder', { name: 'models' }) }));
      await dialog.getByRole('button', { name: t(lang, 'modelLibrary.choose', { name: 'cube.obj' }) }).waitFor();
      const found = await scan(page);
      expect(serious(found), JSON.stringify(found)).toEqual([]);
      await page.close();
    });
  }
});
