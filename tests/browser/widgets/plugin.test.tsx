import { afterEach, describe, expect, it } from 'vitest';
import { createThreeDPlugin } from '../../../src/plugin';
import { lazySettings } from '../../../src/widgets/lazySettings';
import { CARD_WIDGET, GROUP_WIDGET, MODEL_WIDGET, SPACE_WIDGET, WIDGET_PERMISSION } from '../../../shared/schema/dashboard';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { fakeHost, mount, unmountWidgets } from './support';

afterEach(unmountWidgets);

/** Polls until `check` passes (a lazily loaded panel arrives in its own time). */
async function until(check: () => void, ms = 15_000) {
  const end = performance.now() + ms;
  for (;;) {
    try {
      return check();
    } catch (err) {
      if (performance.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('createThreeDPlugin', () => {
  it('offers the four widgets where the host supports layout inheritance', () => {
    const { widgets } = createThreeDPlugin(fakeHost({ supportsLayoutInheritance: true }));
    expect(widgets.map((w) => w.type)).toEqual([SPACE_WIDGET, MODEL_WIDGET, CARD_WIDGET, GROUP_WIDGET]);
    for (const w of widgets) {
      expect(w.permission).toBe(WIDGET_PERMISSION);
      expect(w.title.en).toBeTruthy();
      expect(w.title.zh_Hans).toMatch(/[\u4e00-\u9fff]/);
      // Defaults come from the widget's schema and pass it.
      expect(w.schema.safeParse(w.defaults()).success).toBe(true);
      expect(typeof w.View).toBe('function');
      expect(typeof w.Settings).toBe('function');
    }
    const byType = Object.fromEntries(widgets.map((w) => [w.type, w]));
    expect(byType[SPACE_WIDGET]!.layout).toEqual({ w: 1000, h: 600, resizable: true });
    expect(byType[GROUP_WIDGET]!.layout).toMatchObject({ w: 400, h: 250 });
    expect(byType[SPACE_WIDGET]!.defaults()).toEqual(SpaceConfigSchema.parse({}));
    expect(byType[SPACE_WIDGET]!.accepts).toEqual([MODEL_WIDGET, CARD_WIDGET, GROUP_WIDGET]);
    expect(byType[MODEL_WIDGET]!.events).toEqual(['click', 'dblclick', 'mouseenter', 'mouseleave', 'progress', 'loaded', 'error']);
    expect(byType[SPACE_WIDGET]!.title).toEqual({ en: '3D space', zh_Hans: '3D空间' });
    expect(byType[GROUP_WIDGET]!.title).toEqual({ en: '3D component group', zh_Hans: '3D组件组' });
  });

  it('leaves the group out where the host has no layout inheritance', () => {
    const { widgets } = createThreeDPlugin(fakeHost({ supportsLayoutInheritance: false }));
    expect(widgets.map((w) => w.type)).toEqual([SPACE_WIDGET, MODEL_WIDGET, CARD_WIDGET]);
  });

  it('offers nothing without the threeD permission', () => {
    const asked: string[] = [];
    const { widgets } = createThreeDPlugin(fakeHost({ hasPermission: (p) => (asked.push(p), p !== WIDGET_PERMISSION) }));
    expect(widgets).toEqual([]);
    expect(new Set(asked)).toEqual(new Set([WIDGET_PERMISSION]));
  });

  it("each widget's settings panel arrives when first shown (it is not part of the widget's first load)", async () => {
    const host = fakeHost({ supportsLayoutInheritance: true });
    for (const w of createThreeDPlugin(host).widgets) {
      const r = mount(<w.Settings id={`s-${w.type}`} config={w.defaults()} host={host} onChange={() => {}} />, { width: 400, height: 600 });
      // The first render shows the loading line, in the host's language.
      expect(r.container.querySelector('[role="status"]')?.textContent).toBe('Loading the settings…');
      await until(() => expect(r.container.querySelector('.ant-form, .ant-collapse, form')).not.toBeNull());
      expect(r.container.querySelector('[role="status"].dash3d-settings-loading')).toBeNull();
      r.unmount();
    }
  });

  it('a settings panel that does not arrive says which, with the chunk text, and Retry asks again', async () => {
    let calls = 0;
    const Panel = ({ id }: { id: string; host: ReturnType<typeof fakeHost> }) => <p data-testid="panel">panel {id}</p>;
    const Settings = lazySettings('settings-test', () => {
      calls++;
      if (calls === 1)
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:9/assets/SpaceSettings-x1.js'));
      return Promise.resolve(Panel);
    });
    const r = mount(<Settings id="one" host={fakeHost({ locale: 'zh_Hans' })} />);
    await until(() => expect(r.container.querySelector('[role="alert"]')).not.toBeNull());
    const alert = r.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('加载代码块 settings-test 失败（缺失：http://127.0.0.1:9/assets/SpaceSettings-x1.js）');
    alert.querySelector('button')!.click();
    await until(() => expect(r.container.querySelector('[data-testid="panel"]')?.textContent).toBe('panel one'));
    expect(calls).toBe(2);
    expect(r.container.querySelector('[role="alert"]')).toBeNull();
  });
});
