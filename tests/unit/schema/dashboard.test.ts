import { describe, expect, it } from 'vitest';
import {
  CARD_WIDGET, GROUP_WIDGET, MODEL_WIDGET, MSG, parseDashboard, SPACE_WIDGET, WIDGET_INITIAL_LAYOUT, WIDGET_TYPES,
} from '../../../shared/schema';
import { describeIssues } from '../../../shared/i18n';

const layout = { x: 0, y: 0, w: 10, h: 10 };
const widget = (id: string, type: string, config: unknown = {}, children: unknown[] = []) => ({ id, type, layout, config, children });

function sample() {
  return {
    id: 'd1',
    name: 'Plant',
    widgets: [
      widget('row', 'host-row', { gap: 4 }, [
        widget('chart', 'host-chart', { series: [1, 2] }),
        widget('space', SPACE_WIDGET, { cameraConfig: { fov: 60 } }, [
          widget('model', MODEL_WIDGET, { src: { filePath: '/m/robot.glb' } }),
          widget('card', CARD_WIDGET),
          widget('group', GROUP_WIDGET, { layoutWidth: 640 }),
        ]),
      ]),
    ],
  };
}

describe('widget types', () => {
  it('are the four 3D widgets', () => {
    expect([...WIDGET_TYPES]).toEqual(['threeD-space', 'threeD-model', 'threeD-card', 'threeD-group']);
    expect(WIDGET_INITIAL_LAYOUT[SPACE_WIDGET]).toEqual({ w: 1000, h: 600 });
    expect(WIDGET_INITIAL_LAYOUT[GROUP_WIDGET]).toEqual({ w: 400, h: 250 });
  });
});

describe('parseDashboard', () => {
  it('fills every default of our widgets and leaves host widgets alone', () => {
    const r = parseDashboard(sample());
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const d = r.dashboard;
    expect(d.version).toBe(1);
    const row = d.widgets[0]!;
    expect(row.config).toEqual({ gap: 4 });
    expect(row.children[0]!.config).toEqual({ series: [1, 2] });
    const space = row.children[1]!;
    expect(space.config).toMatchObject({ cameraConfig: { fov: 60, near: 1, far: 10000 }, environmentConfig: { type: 'sky' } });
    const [model, card, group] = space.children;
    expect(model!.config).toMatchObject({ src: { filePath: '/m/robot.glb', fileList: [] }, adaptive: true });
    expect(card!.config).toMatchObject({ cardConfig: { cardWidth: 200 } });
    expect(group!.config).toMatchObject({ layoutWidth: 640, layoutHeight: 250 });
  });

  it('a minimal document is valid', () => {
    expect(parseDashboard({})).toEqual({ ok: true, dashboard: { id: '', name: '', version: 1, widgets: [] } });
    const r = parseDashboard({ widgets: [{ id: 's', type: SPACE_WIDGET, layout: { w: 1000, h: 600 } }] });
    expect(r.ok && r.dashboard.widgets[0]!.layout).toEqual({ x: 0, y: 0, w: 1000, h: 600 });
    expect(r.ok && r.dashboard.widgets[0]!.children).toEqual([]);
  });

  it('names the widget in config issue paths', () => {
    const doc = sample();
    (doc.widgets[0]!.children[1] as { config: unknown }).config = { controlConfig: { orbitConfig: { dampingFactor: 2 } } };
    const r = parseDashboard(doc);
    expect(r).toEqual({
      ok: false,
      issues: [{ path: 'widgets.0.children.1.config.controlConfig.orbitConfig.dampingFactor', message: MSG.range }],
    });
    if (!r.ok) {
      expect(describeIssues(r.issues, 'en')[0]!.message).toBe('Exceeding the value range');
      expect(describeIssues(r.issues, 'zh_Hans')[0]!.message).toBe('超出取值范围');
    }
  });

  it('collects issues from several widgets', () => {
    const doc = sample();
    const space = doc.widgets[0]!.children[1] as { children: { config: unknown }[] };
    space.children[0]!.config = { treeConfig: { Arm: { scale: { y: 0 } } } };
    space.children[2]!.config = { layoutHeight: 'tall' };
    const r = parseDashboard(doc);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.map((i) => i.path)).toEqual([
      'widgets.0.children.1.children.0.config.treeConfig.Arm.scale.y',
      'widgets.0.children.1.children.2.config.layoutHeight',
    ]);
  });

  it('a config that is not an object is an envelope issue', () => {
    const doc = sample();
    (doc.widgets[0]!.children[1] as { config: unknown }).config = 'tall';
    const r = parseDashboard(doc);
    expect(!r.ok && r.issues.map((i) => i.path)).toEqual(['widgets.0.children.1.config']);
  });

  it('checks the envelope: ids, types, layout sizes, children', () => {
    const paths = (json: unknown) => {
      const r = parseDashboard(json);
      return r.ok ? [] : r.issues.map((i) => i.path);
    };
    expect(paths({ widgets: [{ ...widget('', SPACE_WIDGET) }] })).toEqual(['widgets.0.id']);
    expect(paths({ widgets: [{ id: 'a', layout }] })).toEqual(['widgets.0.type']);
    expect(paths({ widgets: [{ ...widget('a', 'x'), layout: { w: 0, h: 5 } }] })).toEqual(['widgets.0.layout.w']);
    expect(paths({ widgets: [{ id: 'a', type: 'x' }] })).toEqual(['widgets.0.layout']);
    expect(paths({ widgets: [widget('a', 'x', {}, [widget('b', 'y', {}, [{ id: 'c', type: 'z', layout: { w: 1, h: NaN } }])])] }))
      .toEqual(['widgets.0.children.0.children.0.layout.h']);
    expect(paths({ version: 0 })).toEqual(['version']);
    expect(paths({ widgets: [widget('a', 'x', [1, 2])] })).toEqual(['widgets.0.config']);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'dashboard'],
    ['a number', 42],
    ['NaN', NaN],
    ['an array', [widget('a', SPACE_WIDGET)]],
    ['widgets as a string', { widgets: 'all' }],
    ['a null widget', { widgets: [null] }],
    ['a widget array', { widgets: [[]] }],
    ['wrong types deep inside', { widgets: [widget('s', SPACE_WIDGET, { lightConfig: { spotLight: [{ angle: 'wide' }] } })] }],
  ])('refuses %s with a path, never throwing', (_label, json) => {
    const r = parseDashboard(json);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.length).toBeGreaterThan(0);
      for (const i of r.issues) {
        expect(i.path).toMatch(/^(\(root\)|widgets(\.\w+)*)$/);
        expect(typeof i.message).toBe('string');
      }
    }
  });

  it('survives inputs JSON cannot produce', () => {
    const cyclic: { id: string; type: string; layout: typeof layout; children: unknown[] } = { id: 'a', type: 'x', layout, children: [] };
    cyclic.children.push(cyclic);
    const r = parseDashboard({ widgets: [cyclic] });
    // A cycle is endless nesting: the depth limit names it before anything recurses into it.
    expect(r.ok === false && r.issues.map((i) => i.message)).toEqual(['msg.nestingTooDeep']);
    const throwing = { get widgets() { throw new Error('boom'); } };
    expect(parseDashboard(throwing).ok).toBe(false);
  });

  it('does not modify its input', () => {
    const doc = sample();
    const copy = structuredClone(doc);
    parseDashboard(doc);
    expect(doc).toEqual(copy);
  });
});
