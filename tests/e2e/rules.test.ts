import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { startPlayground, type Playground } from './support/server';
import { clickSteady, dashboardDoc, frame, launchChromium, openPage, spaceSettled } from './support/browser';

/**
 * Issue 40 in the editor, as a designer works: the example's model gets a rule from its panel (a
 * variable, a condition, the default colour), the scene answers the variable, the edit undoes one
 * step at a time, and a saved and reloaded dashboard still applies it; the panel in both languages.
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
const MODEL = 'example-model';

/** Share of the scene's pixels in the rule's colour (#ff4d4f, lit): clearly red, nothing else in the example is. */
const redShare = (page: Page) =>
  page.evaluate(async (sid) => {
    const h = window.__dash3d!.spaces.get(sid)!;
    await h.settled();
    const p = await h.readPixels();
    let n = 0;
    for (let i = 0; i < p.data.length; i += 4) if (p.data[i]! > p.data[i + 1]! + 80 && p.data[i]! > p.data[i + 2]! + 60) n++;
    return n / (p.data.length / 4);
  }, SPACE);

const rulesOf = async (page: Page) => {
  const doc = (await dashboardDoc(page))!;
  const model = doc.widgets[0]!.children.find((c) => c.id === MODEL)!;
  return ((model.config as { rules?: { variable: string; condition: { kind: string } }[] }).rules ?? []).map((r) => ({
    variable: r.variable,
    kind: r.condition.kind,
  }));
};

/** The playground's own device does not simulate this one: only these writes change it. */
const setAlarm = (page: Page, on: boolean) => page.evaluate((v) => window.__dash3d!.variables.write('alarm', v), on);

/** The open antd dropdown's option with this text. */
async function choose(page: Page, combobox: ReturnType<Page['locator']>, text: string) {
  await combobox.click();
  await clickSteady(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text }).first(),
  );
}

describe('rules from the model panel, end to end', () => {
  it('a rule added in the panel drives the scene, undoes step by step, and survives save and reload; both languages', async () => {
    const { page, errors } = await openPage(browser, `${pg.base}/?dashboard=example`);
    await spaceSettled(page, SPACE);
    await setAlarm(page, false);
    const before = await redShare(page);
    expect(before).toBeLessThan(0.001);

    await page.locator(`.dash3d-outline__item[data-widget-id="${MODEL}"]`).click();
    const inspector = page.locator('.dash3d-inspector');
    await inspector.getByRole('button', { name: /^Rules/ }).click();
    await clickSteady(inspector.getByRole('button', { name: 'Add rule' }));
    await inspector.getByRole('combobox', { name: 'Variable' }).fill('alarm');
    await inspector.getByRole('combobox', { name: 'Variable' }).blur();
    await expect.poll(() => rulesOf(page)).toEqual([{ variable: 'alarm', kind: 'above' }]);
    await choose(page, inspector.getByRole('combobox', { name: 'When' }), 'Is true');
    await expect.poll(() => rulesOf(page)).toEqual([{ variable: 'alarm', kind: 'isTrue' }]);

    // The variable turns true: the model takes the rule's colour; false: its own again.
    await setAlarm(page, true);
    await expect.poll(() => redShare(page), { timeout: 15_000 }).toBeGreaterThan(0.01);
    await setAlarm(page, false);
    await expect.poll(() => redShare(page), { timeout: 15_000 }).toBeLessThan(0.001);

    // One Ctrl+Z is one edit: the condition first, then the variable.
    await page.locator('body').click({ position: { x: 5, y: 990 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => rulesOf(page)).toEqual([{ variable: 'alarm', kind: 'above' }]);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => rulesOf(page)).toEqual([{ variable: 'alarm', kind: 'isTrue' }]);

    // Saved, reloaded: the rule is in the stored document and drives the scene again.
    await page.getByLabel('Dashboard name').fill('Rules at work');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved "Rules at work"').waitFor();
    const saved = await dashboardDoc(page);
    await page.reload();
    await frame(page, SPACE).waitFor();
    await spaceSettled(page, SPACE);
    expect(await dashboardDoc(page)).toEqual(saved);
    expect(await rulesOf(page)).toEqual([{ variable: 'alarm', kind: 'isTrue' }]);
    await setAlarm(page, true);
    await expect.poll(() => redShare(page), { timeout: 15_000 }).toBeGreaterThan(0.01);

    // The panel in Chinese.
    await page.locator(`.dash3d-outline__item[data-widget-id="${MODEL}"]`).click();
    await page.getByText('简体中文', { exact: true }).click();
    await inspector.getByRole('button', { name: /^规则/ }).click();
    await inspector.getByRole('button', { name: '添加规则' }).waitFor();
    await inspector.getByText('为真').first().waitFor();
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
    await page.close();
  });
});
