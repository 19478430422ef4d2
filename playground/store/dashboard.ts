import { randomId, type Dashboard, type Layout, type Widget } from 'dash3d';
import { cleanLayout, findWidget, insertWidget, placeWidget, removeWidget, updateWidget } from './tree';

/** The editor's state: one dashboard document (shared/schema/dashboard.ts) and the selection. */
export interface EditorState {
  doc: Dashboard;
  selected: string | null;
  /** Changed since it was opened or last saved. */
  dirty: boolean;
}

export type EditorAction =
  | { type: 'load'; doc: Dashboard }
  /** `doc` was stored; it is `from` with anything filled in on the way (a name). */
  | { type: 'saved'; doc: Dashboard; from: Dashboard }
  | { type: 'rename'; name: string }
  | { type: 'add'; widget: Widget; parentId: string | null }
  /** To an absolute canvas position, inside `parentId` or at the top level. */
  | { type: 'place'; id: string; x: number; y: number; parentId: string | null }
  | { type: 'layout'; id: string; layout: Layout }
  /** `gesture`: a whole gesture's change (a drag in the scene): never joined with the edits around it. */
  | { type: 'config'; id: string; config: Record<string, unknown>; gesture?: boolean }
  | { type: 'remove'; id: string }
  | { type: 'select'; id: string | null };

/** A dashboard id the server accepts ([A-Za-z0-9_-]{1,64}). */
export const newDashboardId = () => `dash-${randomId(12)}`;

export function emptyDashboard(name: string): Dashboard {
  return { id: newDashboardId(), name, version: 1, widgets: [] };
}

/** The server's id rule (server/dashboards.mjs); a document from elsewhere gets a new id if needed. */
export const DASHBOARD_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const withSavableId = (doc: Dashboard): Dashboard => (DASHBOARD_ID.test(doc.id) ? doc : { ...doc, id: newDashboardId() });

export function newWidget(type: string, layout: Layout, config: Record<string, unknown>): Widget {
  return { id: `${type}-${randomId(8)}`, type, layout: cleanLayout(layout), config, children: [] };
}

function withWidgets(s: EditorState, widgets: Widget[]): EditorState {
  return { ...s, doc: { ...s.doc, widgets }, dirty: true };
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  const widgets = s.doc.widgets;
  switch (a.type) {
    case 'load':
      return { doc: a.doc, selected: null, dirty: false };
    case 'saved':
      // Edits made while the request was out are not saved yet: they keep the document dirty.
      return s.doc === a.from ? { ...s, doc: a.doc, dirty: false } : s;
    case 'rename':
      return { ...s, doc: { ...s.doc, name: a.name }, dirty: true };
    case 'add':
      return { ...withWidgets(s, insertWidget(widgets, a.parentId, a.widget)), selected: a.widget.id };
    case 'place':
      return withWidgets(s, placeWidget(widgets, a.id, { x: a.x, y: a.y }, a.parentId));
    case 'layout':
      return withWidgets(
        s,
        updateWidget(widgets, a.id, (w) => ({ ...w, layout: cleanLayout(a.layout) })),
      );
    case 'config':
      return withWidgets(
        s,
        updateWidget(widgets, a.id, (w) => ({ ...w, config: a.config })),
      );
    case 'remove':
      return {
        ...withWidgets(s, removeWidget(widgets, a.id)),
        selected: s.selected === a.id || !findWidget(removeWidget(widgets, a.id), s.selected ?? '') ? null : s.selected,
      };
    case 'select':
      return s.selected === a.id ? s : { ...s, selected: a.id };
  }
}
