import { describe, expect, it } from 'vitest';
import { createThreeDPlugin } from '../../../src/plugin';
import { CARD_WIDGET, GROUP_WIDGET, MODEL_WIDGET, SPACE_WIDGET, WIDGET_PERMISSION } from '../../../shared/schema/dashboard';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { fakeHost } from './support';

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
});
