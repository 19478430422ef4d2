import type { Layout, Widget } from 'dash3d';

/**
 * Pure operations on a dashboard's widget tree. A widget's layout is relative to its parent (a 3D
 * space's children are placed inside it); top-level layouts are canvas coordinates.
 */

export interface Found {
  widget: Widget;
  parent: Widget | null;
  /** Where the parent sits on the canvas (0,0 at the top level). */
  origin: { x: number; y: number };
}

export function findWidget(widgets: readonly Widget[], id: string, parent: Widget | null = null, origin = { x: 0, y: 0 }): Found | null {
  for (const w of widgets) {
    if (w.id === id) return { widget: w, parent, origin };
    const inner = findWidget(w.children, id, w, { x: origin.x + w.layout.x, y: origin.y + w.layout.y });
    if (inner) return inner;
  }
  return null;
}

/** Every widget of the tree, parents before their children. */
export function allWidgets(widgets: readonly Widget[]): Widget[] {
  return widgets.flatMap((w) => [w, ...allWidgets(w.children)]);
}

export function updateWidget(widgets: readonly Widget[], id: string, fn: (w: Widget) => Widget): Widget[] {
  return widgets.map((w) => (w.id === id ? fn(w) : w.children.length ? { ...w, children: updateWidget(w.children, id, fn) } : w));
}

export function removeWidget(widgets: readonly Widget[], id: string): Widget[] {
  return widgets.filter((w) => w.id !== id).map((w) => (w.children.length ? { ...w, children: removeWidget(w.children, id) } : w));
}

/** Appends `widget` to `parentId`'s children, or to the top level when `parentId` is null. */
export function insertWidget(widgets: readonly Widget[], parentId: string | null, widget: Widget): Widget[] {
  if (parentId === null) return [...widgets, widget];
  return updateWidget(widgets, parentId, (p) => ({ ...p, children: [...p.children, widget] }));
}

/** Layout values are whole pixels and never negative: a widget cannot be pushed off its container. */
export function cleanLayout(l: Layout): Layout {
  return {
    x: Math.max(0, Math.round(l.x)),
    y: Math.max(0, Math.round(l.y)),
    w: Math.max(20, Math.round(l.w)),
    h: Math.max(20, Math.round(l.h)),
  };
}

/**
 * Moves a widget to an absolute canvas position, into `parentId` (or the top level). Its layout is
 * rewritten relative to the new parent, so nesting into a space keeps it where it was dropped.
 */
export function placeWidget(widgets: readonly Widget[], id: string, abs: { x: number; y: number }, parentId: string | null): Widget[] {
  const found = findWidget(widgets, id);
  if (!found || parentId === id) return [...widgets];
  const parent = parentId === null ? null : findWidget(widgets, parentId);
  if (parentId !== null && !parent) return [...widgets];
  const base = parent ? { x: parent.origin.x + parent.widget.layout.x, y: parent.origin.y + parent.widget.layout.y } : { x: 0, y: 0 };
  const layout = cleanLayout({ ...found.widget.layout, x: abs.x - base.x, y: abs.y - base.y });
  const moved: Widget = { ...found.widget, layout };
  if ((found.parent?.id ?? null) === parentId) return updateWidget(widgets, id, () => moved);
  return insertWidget(removeWidget(widgets, id), parentId, moved);
}

/** The lowest free spot at the left edge: a new top-level widget never covers an existing one. */
export function freeSpot(widgets: readonly Widget[], gap = 20): { x: number; y: number } {
  const bottom = widgets.reduce((max, w) => Math.max(max, w.layout.y + w.layout.h), 0);
  return { x: gap, y: widgets.length ? bottom + gap : gap };
}

/** Size of the drawing surface: the widgets' extent plus room to drop more. */
export function extent(widgets: readonly Widget[]): { w: number; h: number } {
  return widgets.reduce(
    (acc, w) => ({ w: Math.max(acc.w, w.layout.x + w.layout.w + 400), h: Math.max(acc.h, w.layout.y + w.layout.h + 300) }),
    { w: 1400, h: 900 },
  );
}
