import { afterEach, describe, expect, it } from 'vitest';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import { DataCardWidget } from '../../../src/widgets/data-card/DataCardWidget';
import { CARD_ACTIVE_BODY_SELECTOR, CARD_BODY_SELECTOR, CARD_DATA_ITEM_SELECTOR, CardConfigSchema } from '../../../shared/schema/card';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import type { CardTheme } from '../../../shared/overlays';
import { waitFor } from '../support/harness';
import { fakeHost, mount, unmountWidgets, recordedScene } from './support';

/**
 * The card look a 3D space hands its scene, read from the host theme's three selectors. The scene
 * is a stand-in recording its props (drawing with the theme is the render worker's part).
 */
const seen = recordedScene();

afterEach(() => {
  unmountWidgets();
  document.querySelectorAll('[data-test-theme]').forEach((e) => e.remove());
});

const theme = () => seen.props[seen.props.length - 1]?.cardTheme;
/** The distinct theme objects handed over so far, in order. */
const themes = () => [...new Set(seen.props.map((p) => p.cardTheme).filter((t): t is CardTheme => t !== undefined))];

function withCard() {
  const host = fakeHost();
  const config = CardConfigSchema.parse({ dataConfig: { dataList: [{ label: 'A', value: 1 }] } });
  return mount(
    <SpaceWidget id="s1" config={SpaceConfigSchema.parse({})} host={host}>
      <DataCardWidget id="a" config={config} host={host} />
    </SpaceWidget>,
  );
}

function addStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.dataset.testTheme = '';
  style.textContent = css;
  document.head.appendChild(style);
  return style;
}

const HOST_THEME = `
  ${CARD_BODY_SELECTOR} { background: rgb(1, 2, 3); border-color: rgb(4, 5, 6); border-radius: 9px; color: rgb(7, 8, 9); font-size: 17px; }
  ${CARD_ACTIVE_BODY_SELECTOR} { background: rgb(10, 11, 12); border: 3px solid rgb(13, 14, 15); }
  ${CARD_DATA_ITEM_SELECTOR} { font-size: 15px; font-weight: 700; }
`;

describe('the card theme a space hands its scene', () => {
  it('without a host theme is card.css: a dark card with light text', async () => {
    withCard();
    const t = await waitFor(theme, 'a card theme');
    expect(t.body).toMatchObject({
      background: 'rgba(10, 24, 40, 0.82)',
      color: 'rgb(230, 244, 255)',
      borderColor: 'rgba(120, 200, 255, 0.6)',
      borderWidth: 1,
      borderRadius: 4,
      fontSize: 12,
      fontWeight: '400',
      padding: 10,
    });
    expect(t.body.fontFamily).toContain('sans-serif');
    expect(t.activeBody).toMatchObject({ background: 'rgba(16, 48, 82, 0.9)', borderColor: 'rgb(105, 177, 255)' });
    // An item inherits the card's text.
    expect(t.item).toMatchObject({ color: 'rgb(230, 244, 255)', fontSize: 12 });
  });

  it('follows host rules on the three selectors, present at mount', async () => {
    addStyle(HOST_THEME);
    withCard();
    const t = await waitFor(theme, 'a card theme');
    expect(t.body).toMatchObject({
      background: 'rgb(1, 2, 3)',
      borderColor: 'rgb(4, 5, 6)',
      borderRadius: 9,
      color: 'rgb(7, 8, 9)',
      fontSize: 17,
    });
    expect(t.activeBody).toMatchObject({ background: 'rgb(10, 11, 12)', borderColor: 'rgb(13, 14, 15)', borderWidth: 3 });
    expect(t.item).toMatchObject({ fontSize: 15, fontWeight: '700', color: 'rgb(7, 8, 9)' });
  });

  it('is read again once per change of the page styles: a <style> added, edited, removed, a <link> added', async () => {
    withCard();
    await waitFor(theme, 'the first theme');
    const style = addStyle(HOST_THEME);
    await waitFor(() => theme()?.body.background === 'rgb(1, 2, 3)', 'the theme after a <style> was added');
    expect(theme()!.body).toMatchObject({ borderColor: 'rgb(4, 5, 6)', borderRadius: 9, color: 'rgb(7, 8, 9)', fontSize: 17 });
    style.textContent = `${CARD_BODY_SELECTOR} { background: rgb(20, 21, 22); }`;
    await waitFor(() => theme()?.body.background === 'rgb(20, 21, 22)', 'the theme after the <style> was edited');
    style.remove();
    await waitFor(() => theme()?.body.background === 'rgba(10, 24, 40, 0.82)', 'the default after the <style> went');
    // Unrelated head changes (a <meta>) do not make a new theme object.
    const meta = document.createElement('meta');
    meta.dataset.testTheme = '';
    document.head.appendChild(meta);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(themes()).toHaveLength(4);

    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.dataset.testTheme = '';
    link.href = `data:text/css,${encodeURIComponent(`${CARD_BODY_SELECTOR} { border-radius: 13px; }`)}`;
    document.head.appendChild(link);
    await waitFor(() => theme()?.body.borderRadius === 13, 'the theme after a stylesheet <link> was added');
    expect(themes()).toHaveLength(5);
  });

  it("is read again when a class on an element around the space switches the dashboard's theme", async () => {
    const r = withCard();
    await waitFor(theme, 'the first theme');
    addStyle(`.dark-dashboard ${CARD_BODY_SELECTOR} { background: rgb(31, 32, 33); }`);
    await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
    expect(theme()!.body.background).toBe('rgba(10, 24, 40, 0.82)');
    // The dashboard's own element around the space (not <html> or <body>).
    const wrapper = r.container;
    wrapper.classList.add('dark-dashboard');
    await waitFor(() => theme()?.body.background === 'rgb(31, 32, 33)', 'the theme after the wrapper class changed');
    wrapper.classList.remove('dark-dashboard');
    await waitFor(() => theme()?.body.background === 'rgba(10, 24, 40, 0.82)', 'the theme after the wrapper class was removed');
  });

  it('is not read for a space without cards', async () => {
    const r = mount(<SpaceWidget id="s1" config={SpaceConfigSchema.parse({})} host={fakeHost()} />);
    await waitFor(() => seen.props.length, 'the scene rendered');
    expect(theme()).toBeUndefined();
    expect(r.container.querySelector('.dash3d-card-probes')).toBeNull();
  });
});
