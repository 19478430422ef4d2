import { useEffect, type RefObject } from 'react';
import type { ChildBounds } from '../../../shared/overlays';
import type { ThreeDSpaceHandle } from './spaceHandle';
import { useLatest } from '../../host/useLatest';

type Vec3 = { x: number; y: number; z: number };

/** A child that can be dragged in the scene: its stored config and where its anchor is now. */
export interface DragTarget {
  config: Record<string, unknown>;
  position: Vec3;
}

export interface SceneDragOptions {
  /** Only in the host's edit mode. */
  editing: boolean;
  handle: RefObject<ThreeDSpaceHandle | null>;
  /** The selected child's config and anchor, when it is a card or group of this space. */
  target(id: string): DragTarget | null;
  /** Show the child with this config now (the drag's live preview), without the host. */
  preview(id: string, config: Record<string, unknown>): void;
  /** The gesture ended: the host gets one change. */
  commit(id: string, config: Record<string, unknown>): void;
}

interface Drag {
  id: string;
  from: DragTarget;
  pointerId: number;
  start: { x: number; y: number };
  /** Anchor minus pointer on screen, once known (CSS px of the canvas). */
  offset: { x: number; y: number } | null;
  moved: boolean;
  /** Where the anchor is now (the last pick). */
  at: Vec3 | null;
  busy: boolean;
  next: { x: number; y: number; keepHeight: boolean } | null;
  /** Let go: finishes when the last pick is back. */
  ending: boolean;
  /** Escape, a cancelled pointer, an unmount: put back, nothing sent. */
  cancelled: boolean;
  finished: boolean;
}

/** Pixels the pointer must travel before a press on the selected child is a drag, not a click. */
const SLOP_PX = 3;

const withPosition = (config: Record<string, unknown>, position: Vec3) => ({
  ...config,
  meshConfig: { ...((config.meshConfig as Record<string, unknown> | undefined) ?? {}), position },
});

const inside = (b: ChildBounds, x: number, y: number) =>
  b.state === 'shown' && x >= b.x && y >= b.y && x <= b.x + b.width && y <= b.y + b.height;

/**
 * Moving a selected data card or component group where the scene draws it (issue 19 point 3): a
 * press on it in edit mode starts a drag that is the space's alone (stopped at the window, as Pick
 * in scene does: the camera does not orbit, the host does not select the space). The anchor goes
 * to the surface under the pointer (models, else the ground plane: the engine's pickPoint), kept
 * at the offset it had from the pointer; with Shift, it keeps its height. The child moves live
 * (preview); the host hears one change when the pointer is let go; Escape puts it back.
 */
export function useSceneDrag(o: SceneDragOptions) {
  const { editing, handle } = o;
  const ref = useLatest({ target: o.target, preview: o.preview, commit: o.commit });

  useEffect(() => {
    if (!editing) return;
    // The host's latest callbacks, read when they are called (the effect outlives renders).
    const calls = ref;
    let bounds: Readonly<Record<string, ChildBounds>> = {};
    let stopWatch = handle.current?.watchChildren((b) => (bounds = b)) ?? null;
    let drag: Drag | null = null;

    const canvasPoint = (e: PointerEvent) => {
      const canvas = handle.current?.canvas();
      if (!canvas) return null;
      const r = canvas.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top, width: r.width, height: r.height };
    };

    // The gesture is over: the host hears where it ended (a quick drag may end before its first
    // pick came back: it ends when the last one does). Nothing, if it never moved or was cancelled.
    const finish = (d: Drag) => {
      if (d.cancelled || d.finished) return;
      d.finished = true;
      if (d.at) calls.current.commit(d.id, withPosition(d.from.config, d.at));
      else if (d.moved) calls.current.preview(d.id, d.from.config);
    };
    // Newest request wins: one pick in flight, the latest pointer position waits for it.
    const pick = (d: Drag) => {
      const h = handle.current;
      if (!h || d.cancelled || d.busy || !d.offset) return;
      if (!d.next) {
        if (d.ending) finish(d);
        return;
      }
      const { x, y, keepHeight } = d.next;
      d.next = null;
      d.busy = true;
      void h
        .pickPoint(x + d.offset.x, y + d.offset.y, undefined, keepHeight ? d.from.position.y : undefined)
        .then((hit) => {
          if (d.cancelled || !hit) return;
          d.at = hit.point;
          calls.current.preview(d.id, withPosition(d.from.config, hit.point));
        })
        .catch(() => undefined)
        .finally(() => {
          d.busy = false;
          pick(d);
        });
    };

    const down = (e: PointerEvent) => {
      if (e.button !== 0 || drag) return;
      const h = handle.current;
      const id = h?.selected;
      if (!h || !id) return;
      // Watching started before the engine did: start now.
      stopWatch ??= h.watchChildren((b) => (bounds = b));
      const p = canvasPoint(e);
      const b = bounds[id];
      if (!p || !b || p.x < 0 || p.y < 0 || p.x > p.width || p.y > p.height || !inside(b, p.x, p.y)) return;
      // Over this space's canvas, not over something drawn above it (a panel, a dialog).
      const top = document.elementFromPoint(e.clientX, e.clientY);
      if (!top || !(top === h.canvas() || top.closest('.dash3d-group'))) return;
      const from = calls.current.target(id);
      if (!from) return;
      e.stopPropagation();
      e.preventDefault();
      const d: Drag = {
        id,
        from,
        pointerId: e.pointerId,
        start: { x: p.x, y: p.y },
        offset: null,
        moved: false,
        at: null,
        busy: false,
        next: null,
        ending: false,
        cancelled: false,
        finished: false,
      };
      drag = d;
      // Where the anchor is on screen: a card says (its rect); a group's panel is centred on it.
      const centre = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      const offsetFrom = (anchor: { x: number; y: number }) => {
        d.offset = { x: anchor.x - d.start.x, y: anchor.y - d.start.y };
        pick(d);
      };
      void h
        .cardRects()
        .then((rects) => offsetFrom(rects[id] ? { x: rects[id].anchorX, y: rects[id].anchorY } : centre))
        .catch(() => offsetFrom(centre));
    };
    const move = (e: PointerEvent) => {
      const d = drag;
      if (!d || e.pointerId !== d.pointerId) return;
      e.stopPropagation();
      const p = canvasPoint(e);
      if (!p) return;
      if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < SLOP_PX) return;
      d.moved = true;
      d.next = { x: p.x, y: p.y, keepHeight: e.shiftKey };
      pick(d);
    };
    const end = (e: PointerEvent) => {
      const d = drag;
      if (!d || e.pointerId !== d.pointerId) return;
      e.stopPropagation();
      drag = null;
      if (e.type === 'pointercancel') return cancel(d);
      if (!d.moved) return;
      // Where it was let go is where it goes.
      const p = canvasPoint(e);
      if (p) d.next = { x: p.x, y: p.y, keepHeight: e.shiftKey };
      d.ending = true;
      pick(d);
    };
    const cancel = (d: Drag) => {
      d.cancelled = true;
      if (d.moved) calls.current.preview(d.id, d.from.config);
    };
    // A click that ends a drag is not a click on what lies under it.
    let swallowClick = false;
    const click = (e: MouseEvent) => {
      if (swallowClick) {
        swallowClick = false;
        e.stopPropagation();
      }
    };
    const up = (e: PointerEvent) => {
      if (drag?.moved) swallowClick = true;
      end(e);
    };
    const key = (e: KeyboardEvent) => {
      const d = drag;
      if (!d || e.key !== 'Escape') return;
      drag = null;
      cancel(d);
    };
    window.addEventListener('pointerdown', down, true);
    window.addEventListener('pointermove', move, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', end, true);
    window.addEventListener('click', click, true);
    window.addEventListener('keydown', key, true);
    return () => {
      stopWatch?.();
      window.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointermove', move, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', end, true);
      window.removeEventListener('click', click, true);
      window.removeEventListener('keydown', key, true);
      const d = drag;
      drag = null;
      if (d) cancel(d);
    };
  }, [editing, handle, ref]);
}
