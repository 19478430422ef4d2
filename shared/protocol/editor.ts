import type { ChildBounds } from '../overlays';

/*
 * The render protocol's editor area: what the host's editor asks of a space (where its children
 * are drawn, which one is selected, the transform gizmo) and what the space answers.
 */

/** The transform gizmo on the selected model (edit mode): on or off, and how it moves the model. */
export interface GizmoOptions {
  enabled: boolean;
  mode: 'translate' | 'rotate' | 'scale';
  /** Steps of 10 units, 15° or 0.1. */
  snap: boolean;
  space: 'local' | 'world';
}

/** A model's placement as its config states it (position, rotation in degrees, scale). */
export interface ModelTransform {
  id: string;
  position: { x: number; y: number; z: number };
  rotation: { x: number; y: number; z: number };
  scale: { x: number; y: number; z: number };
}

/** RenderApi's calls of this area (shared/protocol.ts). */
export interface EditorCalls {
  /**
   * Report where the space's 3D children (models, cards, groups, by widget id) are drawn, as
   * 'child-bounds' events after drawn frames that moved one, or stop (false). Answers what is known now.
   */
  watchChildren(on: boolean): Record<string, ChildBounds>;
  /** The child selected in the host's editor (a widget id; null: none): a model is outlined in the scene. */
  setSelection(id: string | null): void;
  /** The transform gizmo on the selected model: 'model-transform' events while it is dragged. */
  setGizmo(options: GizmoOptions): void;
}

/** EngineEvent's events of this area (shared/protocol.ts). */
export type EditorEvent =
  /** While watched (watchChildren): the children whose drawn bounds changed on a drawn frame; null: gone. */
  | { type: 'child-bounds'; bounds: Record<string, ChildBounds | null> }
  /** The gizmo moved the model (live, the panel shows it); `final`: the drag ended (the host's one change). */
  | ({ type: 'model-transform'; final: boolean } & ModelTransform)
  /** The pointer came onto a gizmo handle (its axis) or left them (null): a press there is the gizmo's. */
  | { type: 'gizmo-hover'; axis: string | null }
  /**
   * A finger's first press while the gizmo is on: whether a handle took it. A finger does not hover,
   * so the page holds such a press from the host until this answer (src/widgets/space/useGizmo.tsx).
   */
  | { type: 'gizmo-press'; taken: boolean };
