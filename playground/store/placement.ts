import type { Layout, Widget } from 'dash3d';
import { allWidgets, findWidget, freeSpot } from './tree';

export interface NewWidgetSpec {
  type: string;
  size: { w: number; h: number };
}

/** Widget types a widget type accepts as children (from the descriptors). */
export type AcceptsOf = (type: string) => readonly string[];

/**
 * Where a new widget goes. Dropped: at the pointer, inside the space under it (`dropParent`).
 * Added by click or keyboard: inside the selected widget (or the selected widget's parent) when
 * that accepts it, else inside the first widget that accepts it, else on the canvas below the
 * others. Nested widgets cascade from the parent's top-left corner.
 */
export function placementFor(
  widgets: readonly Widget[],
  spec: NewWidgetSpec,
  acceptsOf: AcceptsOf,
  selected: string | null,
  drop?: { at: { x: number; y: number }; parentId: string | null },
): { parentId: string | null; layout: Layout } {
  const accepts = (w: Widget | null | undefined): w is Widget => !!w && acceptsOf(w.type).includes(spec.type);

  if (drop) {
    const parent = drop.parentId ? findWidget(widgets, drop.parentId) : null;
    const base = parent ? { x: parent.origin.x + parent.widget.layout.x, y: parent.origin.y + parent.widget.layout.y } : { x: 0, y: 0 };
    const x = Math.max(0, Math.round(drop.at.x - spec.size.w / 2 - base.x));
    const y = Math.max(0, Math.round(drop.at.y - spec.size.h / 2 - base.y));
    return { parentId: parent ? parent.widget.id : null, layout: { x, y, ...spec.size } };
  }

  const sel = selected ? findWidget(widgets, selected) : null;
  let parent: Widget | null;
  if (accepts(sel?.widget)) parent = sel.widget;
  else if (accepts(sel?.parent)) parent = sel.parent;
  // Models, cards and groups belong in a 3D space: with none selected, the first one takes them.
  else parent = allWidgets(widgets).find(accepts) ?? null;

  if (!parent) return { parentId: null, layout: { ...freeSpot(widgets), ...spec.size } };
  const n = parent.children.length;
  const x = Math.max(0, Math.min(20 + 30 * n, parent.layout.w - spec.size.w));
  const y = Math.max(0, Math.min(30 + 30 * n, parent.layout.h - spec.size.h));
  return { parentId: parent.id, layout: { x, y, ...spec.size } };
}
