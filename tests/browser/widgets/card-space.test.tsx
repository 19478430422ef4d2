import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import { DataCardWidget } from '../../../src/widgets/data-card/DataCardWidget';
import { cardWidget } from '../../../src/widgets/data-card/descriptor';
import { CARD_TEXT_MAX_CHARS, CardConfigSchema, type CardConfig, type CardConfigInput } from '../../../shared/schema/card';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import type { CardDraw } from '../../../shared/overlays';
import type { ThreeDHost } from '../../../src/host/types';
import { waitFor } from '../support/harness';
import { fakeHost, memoryVariables, mount, unmountWidgets, recordedScene } from './support';

/**
 * The main-thread half of the data cards: what a 3D space hands its scene (the `cards` record, the
 * card theme) and the DOM mirror. The scene itself is replaced by a stand-in that records its
 * props, because drawing is the render worker's part (tested with it) and these tests are about
 * what it is given.
 */
const seen = recordedScene();

afterEach(() => {
  unmountWidgets();
  document.getElementById('card-theme')?.remove();
});

const last = () => seen.props[seen.props.length - 1]!;
// The space hands its scene the card store as a live feed (src/bridge/cards.ts CardFeed).
const cardsNow = () => last().cardFeed?.cards() ?? {};
const space = () => SpaceConfigSchema.parse({});
const card = (input: CardConfigInput) => CardConfigSchema.parse(input);
const items = (...list: [string, string | number][]) =>
  card({ dataConfig: { dataList: list.map(([label, value]) => ({ label, value })) } });

function sceneOf(host: ThreeDHost, cards: Record<string, CardConfig>, events: [string, string, unknown][]) {
  return (
    <SpaceWidget id="s1" config={space()} host={host}>
      {Object.entries(cards).map(([id, config]) => (
        <DataCardWidget key={id} id={id} config={config} host={host} onWidgetEvent={(name, payload) => events.push([id, name, payload])} />
      ))}
    </SpaceWidget>
  );
}
function scene(host: ThreeDHost, cards: Record<string, CardConfig>, events: [string, string, unknown][] = []) {
  return mount(sceneOf(host, cards, events));
}
const mirror = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-card-id="${id}"]`);

describe('data cards in a 3D space', () => {
  it('hand the scene a cards record with the resolved text, and keep a hidden mirror per card', async () => {
    const host = fakeHost({ variables: memoryVariables({ temperature: 21.5 }) });
    const a = items(['Temperature', '{{ temperature }}'], ['Mode', 'auto'], ['N', 3]);
    const b = items(['Pressure', '{{pressure}}']);
    const r = scene(host, { a, b });
    await waitFor(() => cardsNow().a && cardsNow().b, 'both cards in the record');
    expect(cardsNow()).toEqual({
      a: {
        config: a,
        items: [
          { label: 'Temperature', value: '21.5' },
          { label: 'Mode', value: 'auto' },
          { label: 'N', value: '3' },
        ],
        active: false,
      },
      b: { config: b, items: [{ label: 'Pressure', value: '' }], active: false },
    });
    // The stored config itself travels (the worker parses it again), not a copy.
    expect(cardsNow().a!.config).toBe(a);
    expect(last().onCardClick).toBeTypeOf('function');

    const m = mirror(r.container, 'a')!;
    expect(m.textContent).toBe('Temperature: 21.5; Mode: auto; N: 3');
    expect([m.getAttribute('role'), m.tabIndex, m.getAttribute('aria-roledescription')]).toEqual(['button', 0, 'data card']);
    // Hidden from sight, not from assistive technology: laid out (not display:none), one pixel, clipped.
    expect(getComputedStyle(m).display).not.toBe('none');
    expect(m.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    // Inside a space the worker draws the card: no DOM card body is shown.
    expect(r.container.querySelector('.dash3d-card-widget')).toBeNull();
  });

  it('name the mirror in Chinese for a Chinese host', async () => {
    const host = fakeHost({ locale: 'zh_Hans' });
    const r = scene(host, { a: items(), b: items(['压力', 1]) });
    await waitFor(() => mirror(r.container, 'b')?.textContent, 'the mirrors written');
    expect(mirror(r.container, 'a')!.getAttribute('aria-roledescription')).toBe('数据卡片');
    expect(mirror(r.container, 'a')!.textContent).toBe('无数据');
    expect(mirror(r.container, 'b')!.textContent).toBe('压力: 1');
  });

  it('follow a variable change in the feed and the mirror, one announcement for many changes and no render, unchanged cards kept', async () => {
    const variables = memoryVariables({ temperature: 20, other: 'x' });
    const host = fakeHost({ variables });
    const r = scene(host, { a: items(['T', '{{temperature}}']), b: items(['O', '{{other}}']) });
    await waitFor(() => cardsNow().a && cardsNow().b, 'both cards');
    const before = { renders: seen.props.length, record: cardsNow(), b: cardsNow().b };
    const announced: string[][] = [];
    const off = last().cardFeed!.onValues((batch) => announced.push([...batch.ids]));
    // A burst of changes within one frame is resolved once. Each change is followed by microtasks,
    // where React would render an update it had been told of: only the frame's flush tells it.
    for (let i = 0; i < 50; i++) {
      variables.set('temperature', i);
      for (let k = 0; k < 3; k++) await new Promise<void>((r) => queueMicrotask(r));
    }
    variables.set('temperature', 22);
    await waitFor(() => cardsNow().a?.items[0]?.value === '22', 'the new value in the record');
    await waitFor(() => mirror(r.container, 'a')?.textContent === 'T: 22', 'the new value in the mirror');
    off();
    // Values alone never render the space: the feed announced them, at most once a frame.
    expect(seen.props.length - before.renders).toBe(0);
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.length).toBeLessThanOrEqual(3);
    expect(announced.every((ids) => ids.length === 1 && ids[0] === 'a')).toBe(true);
    expect(cardsNow()).not.toBe(before.record);
    // The other card's draw is the same object: the worker diffs by reference.
    expect(cardsNow().b).toBe(before.b);
    expect(mirror(r.container, 'b')!.textContent).toBe('O: x');
  });

  it('show bad input as text: missing empty, objects as JSON, long text clipped with an ellipsis', async () => {
    const long = 'x'.repeat(CARD_TEXT_MAX_CHARS + 2000);
    const exact = 'y'.repeat(CARD_TEXT_MAX_CHARS);
    const variables = memoryVariables({ obj: { a: 1, b: [2, 'three'] }, long, exact, nil: null });
    const host = fakeHost({ variables });
    const r = scene(host, {
      a: items(['missing', '{{nope}}'], ['obj', '{{obj}}'], ['long', '{{long}}'], ['exact', '{{exact}}'], ['nil', '{{nil}}']),
    });
    await waitFor(() => cardsNow().a, 'the card');
    const values = cardsNow().a!.items.map((i) => i.value);
    expect(values[0]).toBe('');
    expect(values[1]).toBe('{"a":1,"b":[2,"three"]}');
    expect(values[2]!.length).toBe(CARD_TEXT_MAX_CHARS);
    expect(values[2]!.endsWith('…')).toBe(true);
    expect(values[2]!.slice(0, -1)).toBe('x'.repeat(CARD_TEXT_MAX_CHARS - 1));
    expect(values[3]).toBe(exact);
    expect(values[4]).toBe('');
    expect(mirror(r.container, 'a')!.textContent).toContain('obj: {"a":1,"b":[2,"three"]}');
    // A variable appearing later shows up.
    variables.set('nope', 'now');
    await waitFor(() => cardsNow().a!.items[0]!.value === 'now', 'the variable once it exists');
  });

  it('show markup as typed: no element made, no request sent', async () => {
    const w = window as unknown as { __cardXss?: number };
    delete w.__cardXss;
    const label = '<img src=x-card-label onerror="window.__cardXss=1">';
    const value = '<img src=x-card-value onerror=window.__cardXss=2><b>bold</b>';
    const host = fakeHost({ variables: memoryVariables({ evil: value }) });
    const r = scene(host, { a: items([label, '{{evil}}'], ['typed', value]) });
    await waitFor(() => mirror(r.container, 'a')?.textContent, 'the mirror written');
    expect(mirror(r.container, 'a')!.textContent).toBe(`${label}: ${value}; typed: ${value}`);
    expect(cardsNow().a!.items).toEqual([
      { label, value },
      { label: 'typed', value },
    ]);
    expect(r.container.querySelector('img, b')).toBeNull();
    await new Promise((done) => setTimeout(done, 100));
    expect(w.__cardXss).toBeUndefined();
    expect(performance.getEntriesByType('resource').filter((e) => e.name.includes('x-card-'))).toEqual([]);
  });

  it('take a config edit: a new draw with the new config and items, the other card kept', async () => {
    const host = fakeHost();
    const first = items(['A', 1]);
    const other = items(['B', 2]);
    const r = scene(host, { a: first, b: other });
    await waitFor(() => cardsNow().a && cardsNow().b, 'both cards');
    const before = cardsNow();
    const edited = items(['A', 1], ['C', 'three']);
    r.render(sceneOf(host, { a: edited, b: other }, []));
    await waitFor(() => cardsNow().a?.config === edited, 'the edited config');
    expect(cardsNow().a!.items).toEqual([
      { label: 'A', value: '1' },
      { label: 'C', value: 'three' },
    ]);
    expect(cardsNow().b).toBe(before.b);
    await waitFor(() => mirror(r.container, 'a')?.textContent === 'A: 1; C: three', 'the mirror of the edited card');
  });

  it('leave the record when unmounted or not displayed', async () => {
    const host = fakeHost();
    const view = (display: boolean, second: boolean) => (
      <SpaceWidget id="s1" config={space()} host={host}>
        <DataCardWidget id="a" config={items(['A', 1])} host={host} display={display} />
        {second ? <DataCardWidget id="b" config={items(['B', 2])} host={host} /> : null}
      </SpaceWidget>
    );
    const r = mount(view(true, true));
    await waitFor(() => Object.keys(cardsNow()).join() === 'a,b', 'both cards');
    r.render(view(false, true));
    await waitFor(() => Object.keys(cardsNow()).join() === 'b', 'a gone while not displayed');
    expect(mirror(r.container, 'a')).toBeNull();
    r.render(view(false, false));
    await waitFor(() => Object.keys(cardsNow()).length === 0, 'b gone when unmounted');
  });
});

describe('activating a data card', () => {
  it('from the keyboard (Tab, Enter, Space) or a click in the scene makes it active and emits click', async () => {
    expect(cardWidget.events).toContain('click');
    const events: [string, string, unknown][] = [];
    const r = scene(fakeHost(), { a: items(['A', 1]), b: items(['B', 2]) }, events);
    await waitFor(() => mirror(r.container, 'a')?.textContent && mirror(r.container, 'b')?.textContent, 'both mirrors');
    const active = () => Object.entries(cardsNow()).flatMap(([id, d]: [string, CardDraw]) => (d.active ? [id] : []));

    await userEvent.tab();
    expect(document.activeElement).toBe(mirror(r.container, 'a'));
    // The focused card's draw says so: the worker shows it whole even where it is a pin (issue 18).
    const focused = () => Object.entries(cardsNow()).flatMap(([id, d]: [string, CardDraw]) => (d.focused ? [id] : []));
    await waitFor(() => focused().join() === 'a', 'a focused in the record');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => active().join() === 'a', 'a active');
    expect(events).toEqual([['a', 'click', { id: 'a' }]]);
    expect(mirror(r.container, 'a')!.classList.contains('dash3d-card--active')).toBe(true);
    expect(mirror(r.container, 'a')!.getAttribute('aria-current')).toBe('true');

    await userEvent.tab();
    expect(document.activeElement).toBe(mirror(r.container, 'b'));
    await waitFor(() => focused().join() === 'b', 'b focused, a no longer');
    await userEvent.keyboard(' ');
    await waitFor(() => active().join() === 'b', 'b active, a no longer');
    expect(mirror(r.container, 'a')!.classList.contains('dash3d-card--active')).toBe(false);
    expect(events.at(-1)).toEqual(['b', 'click', { id: 'b' }]);

    // The worker reports a click on a card in the scene.
    last().onCardClick!('a');
    await waitFor(() => active().join() === 'a', 'a active after a click in the scene');
    expect(events.at(-1)).toEqual(['a', 'click', { id: 'a' }]);
    // An id that is no card of this space does nothing.
    last().onCardClick!('not-a-card');
    expect(events).toHaveLength(3);
  });
});
