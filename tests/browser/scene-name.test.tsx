import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor } from './support/harness';
import { objCube } from './support/obj';
import { commands } from 'vitest/browser';
import { card } from './overlays/support';

/*
 * Issue 42 point 5: a space's canvas is named from its config (a11yConfig.name, per language; empty:
 * the widget's title) and described by what it holds, its models by file name and its cards with
 * their values, kept current. Read from the accessibility tree's view of the page (role, name) and
 * the description element the canvas points to.
 */
afterEach(unmountAll);

async function mountCube(config: object, locale: 'en' | 'zh_Hans' = 'en') {
  const url = await commands.writeTempFile('pump.obj', objCube('pump', 0, 50) + '\n');
  const src = { filePath: url, fileList: [{ uid: 'pump', name: 'pump.obj', url }] };
  const t = (value: string) => card({}, [{ label: 'Temperature', value }]);
  const m = await mountSpace(config, { width: 320, height: 200, locale, models: { m: { src, adaptive: false } }, cards: { t: t('21.5') } });
  return { m, setTemperature: (v: string) => m.update(config, { cards: { t: t(v) } }) };
}

const described = (canvas: HTMLElement) =>
  (canvas.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe("the space's name and description", () => {
  it("is named from its config, described by its models and cards, and the description follows a card's value", async () => {
    const { m, setTemperature } = await mountCube({ a11yConfig: { name: { en: 'Pump station', zh_Hans: '泵站' } } });
    const canvas = m.handle.canvas()!;
    await expect.element(page.getByRole('application', { name: 'Pump station' })).toBeInTheDocument();
    await waitFor(() => described(canvas).startsWith('Models: pump.obj. Data cards: Temperature 21.5.') || null, 'the description');
    await setTemperature('44');
    await waitFor(() => described(canvas).includes('Temperature 44.') || null, 'the new value in the description', 5000);
  });

  it("in Chinese; with no name of its own, the widget's title", async () => {
    const { m } = await mountCube({ a11yConfig: { name: { en: 'Pump station' } } }, 'zh_Hans');
    const canvas = m.handle.canvas()!;
    await waitFor(() => (canvas.getAttribute('aria-label') === '3D空间' ? true : null), 'the title as its name');
    await waitFor(() => described(canvas).startsWith('模型：pump.obj。数据卡片：Temperature 21.5。') || null, 'the description in Chinese');
  });
});
