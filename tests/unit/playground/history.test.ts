import { describe, expect, it } from 'vitest';
import type { Widget } from '../../../shared/schema/dashboard';
import { emptyDashboard, newWidget } from '../../../playground/store/dashboard';
import {
  COALESCE_MS,
  HISTORY_LIMIT,
  historyReducer,
  initialHistory,
  type HistoryAction,
  type HistoryState,
} from '../../../playground/store/history';

const space: Widget = { id: 's', type: 'threeD-space', layout: { x: 0, y: 0, w: 1000, h: 600 }, config: { a: 0 }, children: [] };
const start = () => initialHistory({ ...emptyDashboard('d'), widgets: [space] });
const run = (s: HistoryState, ...actions: HistoryAction[]) => actions.reduce(historyReducer, s);
const configOf = (s: HistoryState) => s.doc.widgets[0]!.config;

describe('the editor history (undo, redo)', () => {
  it('undo takes back one change and redo makes it again; the saved document is not an unsaved change', () => {
    const s0 = start();
    const s1 = run(s0, { type: 'config', id: 's', config: { a: 1 }, at: 0 });
    expect(s1.dirty).toBe(true);
    const back = run(s1, { type: 'undo' });
    expect(back.doc).toBe(s0.doc);
    expect(back.dirty).toBe(false);
    const again = run(back, { type: 'redo' });
    expect(configOf(again)).toEqual({ a: 1 });
    expect(again.dirty).toBe(true);
    // Nothing to undo or redo: the state stays the same object.
    expect(run(s0, { type: 'undo' })).toBe(s0);
    expect(run(s1, { type: 'redo' })).toBe(s1);
  });

  it("edits of one widget's settings in quick succession are one step; a pause, another widget or a move makes a new one", () => {
    const typed = run(
      start(),
      { type: 'config', id: 's', config: { a: 1 }, at: 0 },
      { type: 'config', id: 's', config: { a: 12 }, at: 100 },
      { type: 'config', id: 's', config: { a: 123 }, at: 200 },
    );
    expect(typed.past).toHaveLength(1);
    expect(configOf(run(typed, { type: 'undo' }))).toEqual({ a: 0 });
    const later = run(typed, { type: 'config', id: 's', config: { a: 9 }, at: 200 + COALESCE_MS });
    expect(later.past).toHaveLength(2);
    const moved = run(
      typed,
      { type: 'layout', id: 's', layout: { x: 10, y: 0, w: 1000, h: 600 }, at: 250 },
      { type: 'config', id: 's', config: { a: 5 }, at: 300 },
    );
    expect(moved.past).toHaveLength(3);
  });

  it("a field's edit session is one step however late its keys were handled; another session, or a move, is another step", () => {
    // "20" typed while the page was busy: the second key handled two seconds after the first.
    const typed = run(
      start(),
      { type: 'config', id: 's', config: { a: 2 }, at: 0, session: 1 },
      { type: 'config', id: 's', config: { a: 20 }, at: 2000, session: 1 },
    );
    expect(typed.past).toHaveLength(1);
    expect(configOf(run(typed, { type: 'undo' }))).toEqual({ a: 0 });
    // Typed again after an Enter (a new session), at once: a step of its own.
    const again = run(typed, { type: 'config', id: 's', config: { a: 4 }, at: 2010, session: 2 });
    expect(again.past).toHaveLength(2);
    // A change from outside any session (a colour dragged in a panel) never joins a typed one.
    expect(run(typed, { type: 'config', id: 's', config: { a: 5 }, at: 2010 }).past).toHaveLength(2);
    // A layout typed into a field joins its session; a frame dragged on the canvas never joins.
    const layout = (x: number, session?: number) => ({
      type: 'layout' as const,
      id: 's',
      layout: { x, y: 0, w: 1000, h: 600 },
      at: x,
      session,
    });
    expect(run(start(), layout(2, 3), layout(20, 3)).past).toHaveLength(1);
    expect(run(start(), layout(2), layout(20)).past).toHaveLength(2);
  });

  it('a new change after an undo drops what could be redone; selection survives only where the widget does', () => {
    const card = newWidget('threeD-card', { x: 1, y: 2, w: 3, h: 4 }, {});
    const added = run(start(), { type: 'add', widget: card, parentId: 's', at: 0 });
    expect(added.selected).toBe(card.id);
    const undone = run(added, { type: 'undo' });
    expect(undone.selected).toBeNull();
    expect(undone.future).toHaveLength(1);
    const branched = run(undone, { type: 'rename', name: 'x', at: 10 });
    expect(branched.future).toHaveLength(0);
    // Selecting is not a change of the document: nothing to undo.
    expect(run(start(), { type: 'select', id: 's' }).past).toHaveLength(0);
  });

  it('opening a document starts a fresh history; a save makes the stored document the unchanged one; the history is bounded', () => {
    let s = start();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++)
      s = run(s, { type: 'layout', id: 's', layout: { x: i * 10, y: 0, w: 1000, h: 600 }, at: i });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
    const saved = run(s, { type: 'saved', doc: s.doc, from: s.doc });
    expect(saved.dirty).toBe(false);
    expect(run(saved, { type: 'undo' }).dirty).toBe(true);
    const loaded = run(s, { type: 'load', doc: emptyDashboard('other') });
    expect([loaded.past.length, loaded.future.length, loaded.dirty]).toEqual([0, 0, false]);
  });
});
