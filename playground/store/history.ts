import { useCallback, useReducer } from 'react';
import type { Dashboard } from 'dash3d';
import { findWidget } from './tree';
import { editorReducer, type EditorAction, type EditorState } from './dashboard';

/** Steps kept for undo: a long session of edits stays bounded. */
export const HISTORY_LIMIT = 200;
/**
 * Edits of one widget's settings (or of the dashboard's name) closer together than this (ms) are
 * one step: typing a number is one change to take back, not one per key.
 */
export const COALESCE_MS = 800;

/** The editor's state with its history: documents before (oldest first) and after the current one. */
export interface HistoryState extends EditorState {
  past: readonly Dashboard[];
  future: readonly Dashboard[];
  /** The document as last opened or saved: undoing back to it is not an unsaved change. */
  saved: Dashboard;
  /** The last edit that later ones may join (its kind and time), or null. */
  joinable: { key: string; at: number } | null;
}

/** `at`: when it was dispatched (performance.now()), for joining edits; the reducer stays pure. */
export type HistoryAction = (EditorAction | { type: 'undo' } | { type: 'redo' }) & { at?: number };

export function initialHistory(doc: Dashboard): HistoryState {
  return { doc, selected: null, dirty: false, past: [], future: [], saved: doc, joinable: null };
}

/** What later edits within COALESCE_MS may join: one widget's settings, or the name. */
function joinKey(a: EditorAction): string | null {
  if (a.type === 'config') return a.gesture ? null : `config:${a.id}`;
  if (a.type === 'rename') return 'rename';
  return null;
}

/** Another document in force (undo, redo): the selection stays where that widget still is. */
function travel(s: HistoryState, doc: Dashboard, past: readonly Dashboard[], future: readonly Dashboard[]): HistoryState {
  const selected = s.selected && findWidget(doc.widgets, s.selected) ? s.selected : null;
  return { ...s, doc, past, future, selected, dirty: doc !== s.saved, joinable: null };
}

/**
 * The editor's reducer (store/dashboard.ts) with undo and redo over every change of the document,
 * from the panels and the canvas alike, as a host editor keeps it (issue 19 point 5). A gesture in
 * the scene reaches the host as one config change when it ends: one step.
 */
export function historyReducer(s: HistoryState, a: HistoryAction): HistoryState {
  switch (a.type) {
    case 'undo': {
      const prev = s.past.at(-1);
      return prev ? travel(s, prev, s.past.slice(0, -1), [s.doc, ...s.future]) : s;
    }
    case 'redo': {
      const next = s.future[0];
      return next ? travel(s, next, [...s.past, s.doc], s.future.slice(1)) : s;
    }
    case 'load':
      return { ...initialHistory(a.doc), ...editorReducer(s, a), past: [], future: [], saved: a.doc, joinable: null };
    case 'saved': {
      const next = editorReducer(s, a);
      return next === s ? s : { ...s, ...next, saved: next.doc };
    }
    default: {
      const next = editorReducer(s, a);
      if (next.doc === s.doc) return { ...s, ...next };
      const key = joinKey(a);
      const at = a.at ?? 0;
      const joins = key !== null && s.joinable?.key === key && at - s.joinable.at < COALESCE_MS;
      const past = joins ? s.past : [...s.past, s.doc].slice(-HISTORY_LIMIT);
      return { ...s, ...next, past, future: [], joinable: key ? { key, at } : null, dirty: next.doc !== s.saved };
    }
  }
}

/** The editor's state with undo and redo; each action is stamped with when it was dispatched. */
export function useDashboard(initial: () => Dashboard) {
  const [state, raw] = useReducer(historyReducer, undefined, () => initialHistory(initial()));
  const dispatch = useCallback((a: EditorAction | { type: 'undo' } | { type: 'redo' }) => raw({ ...a, at: performance.now() }), []);
  return [state, dispatch] as const;
}
