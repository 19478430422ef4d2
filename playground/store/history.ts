import { useCallback, useReducer } from 'react';
import type { Dashboard } from 'dash3d';
import { findWidget } from './tree';
import { editorReducer, type EditorAction, type EditorState } from './dashboard';

/** Steps kept for undo: a long session of edits stays bounded. */
export const HISTORY_LIMIT = 200;
/**
 * Edits of one widget's settings (or of the dashboard's name) made outside a field's edit session
 * (a colour dragged in a picker's panel) and closer together than this (ms) are one step. Typed
 * edits are joined by their session instead (editor/editSession.ts): a busy page handles keys
 * late, and a window measured then would cut one typed number into two steps.
 */
export const COALESCE_MS = 800;

/** The editor's state with its history: documents before (oldest first) and after the current one. */
export interface HistoryState extends EditorState {
  past: readonly Dashboard[];
  future: readonly Dashboard[];
  /** The document as last opened or saved: undoing back to it is not an unsaved change. */
  saved: Dashboard;
  /** The last edit that later ones may join (its kind, time and edit session), or null. */
  joinable: { key: string; at: number; session?: number } | null;
}

/**
 * For joining edits (the reducer stays pure): `at`, when it was dispatched (performance.now());
 * `session`, the field's edit session it was typed in (focus to blur or Enter), if any.
 */
export interface Stamp {
  at?: number;
  session?: number;
}

export type HistoryAction = (EditorAction | { type: 'undo' } | { type: 'redo' }) & Stamp;

export function initialHistory(doc: Dashboard): HistoryState {
  return { doc, selected: null, dirty: false, past: [], future: [], saved: doc, joinable: null };
}

/** What later edits may join: one widget's settings, the name, a layout typed into a field. */
function joinKey(a: EditorAction & Stamp): string | null {
  if (a.type === 'config') return a.gesture ? null : `config:${a.id}`;
  if (a.type === 'rename') return 'rename';
  // A frame dragged or nudged on the canvas is a step of its own each time.
  if (a.type === 'layout' && a.session !== undefined) return `layout:${a.id}`;
  return null;
}

/** Whether an edit of `key` joins the last step: the same edit session, or else close in time. */
function joins(last: HistoryState['joinable'], key: string | null, a: Stamp): boolean {
  if (key === null || last?.key !== key) return false;
  if (a.session !== undefined || last.session !== undefined) return a.session === last.session;
  return (a.at ?? 0) - last.at < COALESCE_MS;
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
      const past = joins(s.joinable, key, a) ? s.past : [...s.past, s.doc].slice(-HISTORY_LIMIT);
      const joinable = key ? { key, at: a.at ?? 0, session: a.session } : null;
      return { ...s, ...next, past, future: [], joinable, dirty: next.doc !== s.saved };
    }
  }
}

/**
 * The editor's state with undo and redo; each action is stamped with when it was dispatched (a
 * typed one comes with its edit session already).
 */
export function useDashboard(initial: () => Dashboard) {
  const [state, raw] = useReducer(historyReducer, undefined, () => initialHistory(initial()));
  const dispatch = useCallback(
    (a: (EditorAction | { type: 'undo' } | { type: 'redo' }) & Pick<Stamp, 'session'>) => raw({ ...a, at: performance.now() }),
    [],
  );
  return [state, dispatch] as const;
}
