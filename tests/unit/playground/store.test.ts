import { describe, expect, it } from 'vitest';
import type { Widget } from '../../../shared/schema/dashboard';
import { editorReducer, emptyDashboard, newWidget, withSavableId, type EditorState } from '../../../playground/store/dashboard';
import { placementFor } from '../../../playground/store/placement';
import { findWidget, placeWidget } from '../../../playground/store/tree';
import { decodeBase64Url, encodeBase64Url } from '../../../playground/store/url';
import { parseDashboardText } from '../../../playground/store/persistence';

const w = (id: string, type: string, x: number, y: number, wd: number, h: number, children: Widget[] = []): Widget => ({
  id,
  type,
  layout: { x, y, w: wd, h },
  config: {},
  children,
});

// A space at (100, 50) holding a model at (10, 20) relative to it, and a card on the canvas.
const tree = () => [
  w('s', 'threeD-space', 100, 50, 1000, 600, [w('m', 'threeD-model', 10, 20, 300, 200)]),
  w('c', 'threeD-card', 0, 800, 200, 100),
];
const acceptsOf = (type: string) => (type === 'threeD-space' ? ['threeD-model', 'threeD-card', 'threeD-group'] : []);

describe('playground dashboard tree', () => {
  it("finds a nested widget with its parent and the parent's canvas origin", () => {
    const f = findWidget(tree(), 'm')!;
    expect(f.parent?.id).toBe('s');
    expect(f.origin).toEqual({ x: 100, y: 50 });
  });

  it('nesting into a space rewrites the layout relative to it, so the widget stays where it was dropped', () => {
    const next = placeWidget(tree(), 'c', { x: 300, y: 250 }, 's');
    expect(next.map((x) => x.id)).toEqual(['s']);
    expect(findWidget(next, 'c')).toMatchObject({ parent: { id: 's' }, widget: { layout: { x: 200, y: 200, w: 200, h: 100 } } });
  });

  it('moving a child out of its space makes it top-level with canvas coordinates', () => {
    const next = placeWidget(tree(), 'm', { x: 40, y: 700 }, null);
    expect(findWidget(next, 'm')).toMatchObject({ parent: null, widget: { layout: { x: 40, y: 700 } } });
    expect(findWidget(next, 's')!.widget.children).toEqual([]);
  });

  it('a widget cannot be pushed to negative coordinates', () => {
    expect(findWidget(placeWidget(tree(), 'c', { x: -30, y: -5 }, null), 'c')!.widget.layout).toMatchObject({ x: 0, y: 0 });
  });
});

describe('where a new widget goes', () => {
  const model = { type: 'threeD-model', size: { w: 300, h: 200 } };
  it('a click with the space (or one of its children) selected puts it inside that space', () => {
    expect(placementFor(tree(), model, acceptsOf, 's').parentId).toBe('s');
    expect(placementFor(tree(), model, acceptsOf, 'm').parentId).toBe('s');
  });
  it('without a selection it goes into the first space; with no space, on the canvas below the others', () => {
    expect(placementFor(tree(), model, acceptsOf, 'c')).toEqual({ parentId: 's', layout: { x: 50, y: 60, w: 300, h: 200 } });
    const noSpace = [w('c', 'threeD-card', 0, 800, 200, 100)];
    expect(placementFor(noSpace, model, acceptsOf, null)).toEqual({ parentId: null, layout: { x: 20, y: 920, w: 300, h: 200 } });
  });
  it('a drop centres it on the pointer, relative to the space under the pointer', () => {
    expect(placementFor(tree(), model, acceptsOf, null, { at: { x: 600, y: 400 }, parentId: 's' })).toEqual({
      parentId: 's',
      layout: { x: 350, y: 250, w: 300, h: 200 },
    });
  });
});

describe('editor reducer', () => {
  const start = (): EditorState => ({ doc: { ...emptyDashboard('d'), widgets: tree() }, selected: null, dirty: false });
  it('adding selects the new widget and marks the document changed', () => {
    const added = newWidget('threeD-card', { x: 1, y: 2, w: 3, h: 4 }, { a: 1 });
    const s = editorReducer(start(), { type: 'add', widget: added, parentId: 's' });
    expect(s.selected).toBe(added.id);
    expect(s.dirty).toBe(true);
    expect(findWidget(s.doc.widgets, added.id)?.parent?.id).toBe('s');
    // Layouts are whole pixels of at least 20.
    expect(added.layout).toEqual({ x: 1, y: 2, w: 20, h: 20 });
  });
  it('removing a space removes its children and clears a selection inside it', () => {
    const s = editorReducer({ ...start(), selected: 'm' }, { type: 'remove', id: 's' });
    expect(s.doc.widgets.map((x) => x.id)).toEqual(['c']);
    expect(s.selected).toBeNull();
  });
  it('a save only clears "changed" when nothing was edited while it was sent', () => {
    const s = start();
    const edited = editorReducer(s, { type: 'rename', name: 'x' });
    expect(editorReducer(edited, { type: 'saved', doc: s.doc, from: s.doc }).dirty).toBe(true);
    const named = { ...edited.doc, name: 'Named on save' };
    expect(editorReducer(edited, { type: 'saved', doc: named, from: edited.doc })).toMatchObject({ dirty: false, doc: named });
  });
  it('a document id the server would refuse is replaced', () => {
    expect(withSavableId({ ...emptyDashboard('d'), id: 'no spaces/allowed' }).id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(withSavableId({ ...emptyDashboard('d'), id: 'keep-me' }).id).toBe('keep-me');
  });
});

describe('opening documents', () => {
  it('?scene= is base64url of UTF-8 JSON (non-ASCII names survive)', () => {
    const json = JSON.stringify({ id: 'a', name: '三维 scene ✓', widgets: [] });
    const param = encodeBase64Url(json);
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBase64Url(param)).toBe(json);
  });
  it('broken documents come back as issues naming the field, never as an empty dashboard', () => {
    expect(parseDashboardText('{nope')).toEqual({ ok: false, issues: [{ path: '(root)', message: 'playground.error.notJson' }] });
    const r = parseDashboardText(
      JSON.stringify({
        widgets: [
          {
            id: 's',
            type: 'threeD-space',
            layout: { x: 0, y: 0, w: 1000, h: 600 },
            config: { controlConfig: { orbitConfig: { dampingFactor: 2 } } },
          },
        ],
      }),
    );
    expect(r).toEqual({
      ok: false,
      issues: [{ path: 'widgets.0.config.controlConfig.orbitConfig.dampingFactor', message: 'msg.valueRange' }],
    });
  });
});
