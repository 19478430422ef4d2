import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { DataCardWidget } from '../../../src/widgets/data-card/DataCardWidget';
import { DataCardSettings } from '../../../src/widgets/data-card/DataCardSettings';
import {
  CARD_ACTIVE_BODY_SELECTOR,
  CARD_BODY_SELECTOR,
  CARD_DATA_ITEM_SELECTOR,
  CardConfigSchema,
  type CardConfig,
  type CardConfigInput,
} from '../../../shared/schema/card';
import { waitFor } from '../support/harness';
import { clickSteady } from '../support/click';
import { fakeHost, memoryVariables, mount, unmountWidgets } from './support';

afterEach(() => {
  unmountWidgets();
  document.getElementById('card-theme')?.remove();
});

const card = (input: CardConfigInput) => CardConfigSchema.parse(input);
const items = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(CARD_DATA_ITEM_SELECTOR)];

describe('the 3D data card', () => {
  it('lays out its items lineCount per row at cardWidth, with the leader line box', () => {
    const config = card({
      cardConfig: { cardWidth: 300, lineWidth: 60, lineHeight: 40 },
      dataConfig: {
        lineCount: '2',
        dataList: [
          { label: 'A', value: 1 },
          { label: 'B', value: 'two' },
          { label: 'C', value: 3 },
        ],
      },
    });
    const r = mount(<DataCardWidget id="c1" config={config} host={fakeHost()} />);
    const body = r.container.querySelector<HTMLElement>(CARD_BODY_SELECTOR)!;
    expect(body.offsetWidth).toBe(300);
    const [a, b, c] = items(r.container);
    expect(items(r.container).map((i) => i.textContent)).toEqual(['A1', 'Btwo', 'C3']);
    // Two per row: A and B share a row, C starts the next one.
    expect(a!.offsetTop).toBe(b!.offsetTop);
    expect(c!.offsetTop).toBeGreaterThan(a!.offsetTop);
    const line = r.container.querySelector('svg.dash3d-card__line')!;
    expect([line.getAttribute('width'), line.getAttribute('height')]).toEqual(['60', '40']);
  });

  it('shows a {{variable}} value live from the host', async () => {
    const variables = memoryVariables({ temperature: 21.5 });
    const config = card({
      dataConfig: {
        dataList: [
          { label: 'T', value: '{{ temperature }}' },
          { label: 'raw', value: '{{x' },
        ],
      },
    });
    const r = mount(<DataCardWidget id="c1" config={config} host={fakeHost({ variables })} />);
    const [t, raw] = items(r.container);
    expect(t!.textContent).toBe('T21.5');
    expect(raw!.textContent).toBe('raw{{x');
    variables.set('temperature', 22);
    await waitFor(() => t!.textContent === 'T22', 'the new temperature');
  });

  it('outside a space, a click or Enter on the card emits its click widget event', async () => {
    const events: [string, unknown][] = [];
    const config = card({ dataConfig: { dataList: [{ label: 'A', value: 1 }] } });
    const r = mount(
      <DataCardWidget id="c1" config={config} host={fakeHost()} onWidgetEvent={(name, payload) => events.push([name, payload])} />,
    );
    const body = r.container.querySelector<HTMLElement>(CARD_BODY_SELECTOR)!;
    await userEvent.click(body);
    expect(events).toEqual([['click', { id: 'c1' }]]);
    body.focus();
    await userEvent.keyboard('{Enter}');
    expect(events).toHaveLength(2);
  });

  it('the theme selectors style the body, the active body (hover) and the data items', async () => {
    const style = document.createElement('style');
    style.id = 'card-theme';
    style.textContent = `${CARD_BODY_SELECTOR} { background: rgb(1, 2, 3); } ${CARD_ACTIVE_BODY_SELECTOR} { background: rgb(4, 5, 6); } ${CARD_DATA_ITEM_SELECTOR} { color: rgb(7, 8, 9); }`;
    document.head.appendChild(style);
    const r = mount(<DataCardWidget id="c1" config={card({ dataConfig: { dataList: [{ label: 'A', value: 1 }] } })} host={fakeHost()} />);
    const body = r.container.querySelector<HTMLElement>(CARD_BODY_SELECTOR)!;
    expect(getComputedStyle(body).backgroundColor).toBe('rgb(1, 2, 3)');
    expect(getComputedStyle(items(r.container)[0]!).color).toBe('rgb(7, 8, 9)');
    await userEvent.hover(body);
    await waitFor(() => getComputedStyle(body).backgroundColor === 'rgb(4, 5, 6)', 'the active style on hover');
  });
});

describe('the data card settings', () => {
  function panel(initial: CardConfig, locale: 'en' | 'zh_Hans' = 'en') {
    const changes: CardConfig[] = [];
    function Owner() {
      const [config, setConfig] = useState(initial);
      return (
        <DataCardSettings
          id="c1"
          config={config}
          host={fakeHost({ locale })}
          onChange={(n) => {
            changes.push(n);
            setConfig(n);
          }}
        />
      );
    }
    const r = mount(<Owner />, { width: 420, height: 900 });
    return { r, last: () => changes[changes.length - 1], changes };
  }

  it('adds and removes data items', async () => {
    const { r, last } = panel(card({}));
    const add = [...r.container.querySelectorAll('button')].find((b) => b.textContent === 'Add data item')!;
    await userEvent.click(add);
    await waitFor(() => last()?.dataConfig.dataList.length === 1, 'one item');
    const label = r.container.querySelector<HTMLInputElement>('input[id$="dataConfig_dataList_0_label"]')!;
    await userEvent.type(label, 'Speed');
    await waitFor(() => last()?.dataConfig.dataList[0]?.label === 'Speed', 'the label typed');
    // The entry's title follows the typed label one render after the config does.
    const remove = await waitFor(
      () => r.container.querySelector<HTMLButtonElement>('button[aria-label*="Speed"]'),
      'the remove button named after the item',
    );
    await userEvent.click(remove);
    await waitFor(() => last()?.dataConfig.dataList.length === 0, 'the item removed');
  });

  it('an out-of-range card width shows the range message and is not applied', async () => {
    const { r, last, changes } = panel(card({}), 'zh_Hans');
    const width = r.container.querySelector<HTMLInputElement>('input[id$="cardConfig_cardWidth"]')!;
    await userEvent.clear(width);
    await userEvent.type(width, '-5');
    await waitFor(() => r.container.textContent?.includes('超出取值范围'), 'the range message');
    expect(changes.every((c) => c.cardConfig.cardWidth > 0)).toBe(true);
    expect(last()?.cardConfig.cardWidth ?? 200).toBe(200);
  });
  it("levels: priority, always show and the alarm levels, in both languages; a level's rows follow its mode, blink and tint", async () => {
    const { r, last } = panel(card({}));
    const text = () => r.container.textContent ?? '';
    expect(text()).toContain('Among many cards');
    expect(text()).toContain('Priority (higher shows first)');
    // No level yet: no limits are offered.
    expect(text()).not.toContain('High limit');
    const priority = r.container.querySelector<HTMLInputElement>('input[id$="levelConfig_priority"]')!;
    await userEvent.clear(priority);
    await userEvent.type(priority, '7');
    await waitFor(() => last()?.levelConfig.priority === 7, 'the priority typed');
    const always = page.getByRole('switch', { name: 'Always show whole' });
    await userEvent.click(always);
    await waitFor(() => last()?.levelConfig.alwaysShow === true, 'always show on');

    await userEvent.click(page.getByRole('button', { name: 'Add level' }));
    await waitFor(() => last()?.levelConfig.levels.length === 1, 'a level added');
    // The new level: above 100, in the default colour, no blink, no tint.
    expect(last()?.levelConfig.levels[0]).toMatchObject({ mode: 'above', high: 100, color: '#ff4d4f', blink: false, tintPart: false });
    await waitFor(() => text().includes('High limit'), 'the high limit row');
    expect(text()).not.toContain('Low limit');
    await userEvent.click(page.getByRole('combobox', { name: 'In this level when the value is' }));
    const option = await waitFor(
      () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === 'Outside the limits'),
      'the level modes',
    );
    await clickSteady(option);
    await waitFor(() => last()?.levelConfig.levels[0]?.mode === 'outside', 'the mode chosen');
    await waitFor(() => text().includes('Low limit'), 'the low limit row');
    expect(text()).not.toContain('Blink period (ms)');
    await userEvent.click(page.getByRole('switch', { name: 'Blink' }));
    await waitFor(() => last()?.levelConfig.levels[0]?.blink === true, 'blink on');
    await waitFor(() => text().includes('Blink period (ms)'), 'the blink period row');
    expect(text()).not.toContain('Model widget (id)');
    await userEvent.click(page.getByRole('switch', { name: "Colour the card's part too" }));
    await waitFor(() => last()?.levelConfig.levels[0]?.tintPart === true, 'tint on');
    await waitFor(() => text().includes('Model widget (id)'), 'the part rows');
    // Outside a running space the part is typed: "Pick the part in the scene" says why it cannot pick.
    expect(text()).toContain('Pick the part in the scene');
    expect(text()).toContain('Name the model widget whose part the levels colour');
    const model = r.container.querySelector<HTMLInputElement>('input[id$="levelConfig_partModel"]')!;
    await userEvent.type(model, 'pump');
    await waitFor(() => last()?.levelConfig.partModel === 'pump', 'the model typed');
    await waitFor(() => text().includes('No model widget "pump" is loaded in this space now'), 'the model not loaded, said');
    unmountWidgets();

    // An alarm stored before levels is shown (and saved) as level 1.
    const zh = panel(card({ levelConfig: { alarmMode: 'outside', alarmColor: '#00ff00' } }), 'zh_Hans');
    const zhText = zh.r.container.textContent ?? '';
    for (const label of [
      '多卡片时',
      '优先级（越高越先显示）',
      '始终完整显示',
      '告警等级',
      '等级 1',
      '上限',
      '下限',
      '颜色',
      '闪烁',
      '添加等级',
    ])
      expect(zhText).toContain(label);
    const low = zh.r.container.querySelector<HTMLInputElement>('input[id$="levelConfig_levels_0_low"]')!;
    await userEvent.clear(low);
    await userEvent.type(low, '-5');
    await waitFor(() => zh.last()?.levelConfig.levels[0]?.low === -5, 'the migrated level edited');
    expect(zh.last()?.levelConfig).toMatchObject({ alarmMode: 'none', levels: [{ mode: 'outside', color: '#00ff00' }] });
  });

  it('a distance range whose far is not beyond its near shows the message and is not applied', async () => {
    const { r, last, changes } = panel(card({ levelConfig: { distanceRange: true, nearDistance: 10, farDistance: 100 } }));
    const far = r.container.querySelector<HTMLInputElement>('input[id$="levelConfig_farDistance"]')!;
    await userEvent.clear(far);
    await userEvent.type(far, '5');
    await waitFor(() => r.container.textContent?.includes('Far must be greater than near'), 'the message');
    expect(changes.every((c) => c.levelConfig.farDistance > c.levelConfig.nearDistance)).toBe(true);
    expect(last()?.levelConfig.farDistance ?? 100).toBe(100);
  });
});
