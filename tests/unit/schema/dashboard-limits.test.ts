import { describe, expect, it } from 'vitest';
import { DASHBOARD_LIMITS, MODEL_WIDGET, parseDashboard, SPACE_WIDGET } from '../../../shared/schema';
import { describeIssues } from '../../../shared/i18n';

const layout = { x: 0, y: 0, w: 10, h: 10 };
const widget = (id: string, type = 'host-panel', children: unknown[] = []) => ({ id, type, layout, config: {}, children });

/** A chain of `depth` widgets, each the only child of the one before. Built without recursion. */
function chain(depth: number) {
  let node = widget(`w${depth}`);
  for (let i = depth - 1; i >= 1; i--) node = widget(`w${i}`, 'host-panel', [node]);
  return { id: 'deep', name: 'Deep', widgets: [node] };
}

const issuesOf = (json: unknown) => {
  const r = parseDashboard(json);
  if (r.ok) throw new Error('expected issues');
  return r.issues;
};

describe('duplicate widget ids', () => {
  it('are named at the later occurrence, nested ones included, in both languages', () => {
    const doc = {
      widgets: [
        widget('space', SPACE_WIDGET, [widget('m1', MODEL_WIDGET), widget('m1', MODEL_WIDGET)]),
        widget('space', 'host-row', [widget('x')]),
      ],
    };
    const issues = issuesOf(doc);
    expect(issues.map((i) => i.path)).toEqual(['widgets.0.children.1.id', 'widgets.1.id']);
    expect(describeIssues(issues, 'en').map((i) => i.message)).toEqual([
      'The widget id "m1" is used more than once',
      'The widget id "space" is used more than once',
    ]);
    expect(describeIssues(issues, 'zh_Hans')[0]!.message).toBe('组件 ID“m1”被重复使用');
  });

  it('unique ids pass', () => {
    expect(parseDashboard({ widgets: [widget('a', 'host-row', [widget('b')]), widget('c')] }).ok).toBe(true);
  });
});

describe('nesting depth', () => {
  it(`${DASHBOARD_LIMITS.maxNesting} levels open`, () => {
    expect(DASHBOARD_LIMITS.maxNesting).toBe(32);
    expect(parseDashboard(chain(32)).ok).toBe(true);
  });

  it('one level more is named with the limit, at the first too-deep widget', () => {
    const [issue, ...rest] = issuesOf(chain(33));
    expect(rest).toEqual([]);
    expect(issue!.path).toBe(`widgets.0${'.children.0'.repeat(32)}`);
    expect(describeIssues([issue!], 'en')[0]!.message).toBe('Nesting deeper than 32 levels is not supported');
    expect(describeIssues([issue!], 'zh_Hans')[0]!.message).toBe('不支持超过 32 层的嵌套');
  });

  it('a 5000-deep document, parsed from JSON text, is refused the same way (no stack overflow)', () => {
    const text = '{"widgets":[' + '{"id":"w","type":"t","layout":{"w":1,"h":1},"children":['.repeat(5000) + ']}'.repeat(5000) + ']}';
    const issues = issuesOf(JSON.parse(text));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toBe('msg.nestingTooDeep');
    expect(issues[0]!.params).toEqual({ limit: 32 });
  });
});

describe('widget count', () => {
  it(`${DASHBOARD_LIMITS.maxWidgets} widgets open, one more is refused naming the limit`, () => {
    const many = (n: number) => ({ widgets: Array.from({ length: n - 1 }, (_, i) => widget(`w${i}`)).concat([widget('last', 'host-row', [])]) });
    expect(parseDashboard(many(5000)).ok).toBe(true);
    const nested = { widgets: [widget('row', 'host-row', Array.from({ length: 5000 }, (_, i) => widget(`c${i}`)))] };
    const [issue, ...rest] = issuesOf(nested);
    expect(rest).toEqual([]);
    expect(issue!.path).toBe('widgets');
    expect(describeIssues([issue!], 'en')[0]!.message).toBe('A dashboard can hold at most 5000 widgets');
    expect(describeIssues([issue!], 'zh_Hans')[0]!.message).toBe('一个仪表板最多只能包含 5000 个组件');
  });
});
