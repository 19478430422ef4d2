import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { ChildBounds, Widget } from 'dash3d';
import { useText } from '../locale';

/** Moves and sizes snap to this grid, so widgets line up without pixel hunting. */
export const GRID = 10;
const snap = (v: number) => Math.round(v / GRID) * GRID;

export interface FrameDrop {
  /** How far the widget moved, in canvas pixels (already snapped). */
  dx: number;
  dy: number;
  /** Where the pointer was let go: the canvas looks for a 3D space under it. */
  clientX: number;
  clientY: number;
}

export interface WidgetFrameProps {
  widget: Widget;
  title: string;
  selected: boolean;
  editing: boolean;
  resizable: boolean;
  /** Nested in a 3D space: only the handles take pointer input, the scene gets the rest. */
  nested: boolean;
  /** Types this widget accepts as children (a 3D space: model, card, group). */
  accepts: readonly string[];
  /**
   * A 3D child of a space: where the scene draws it (its frame goes there and follows the camera),
   * or null while the scene draws nothing of it. Absent for other widgets (their frame is their layout).
   */
  drawn?: ChildBounds | null;
  onSelect(): void;
  onMoveEnd(drop: FrameDrop): void;
  onResizeEnd(w: number, h: number): void;
  onRemove(): void;
  children: ReactNode;
}

interface Drag {
  kind: 'move' | 'resize';
  startX: number;
  startY: number;
  dx: number;
  dy: number;
}

/**
 * A widget on the canvas. In edit mode it has a move handle (a button: Tab reaches it, arrow keys
 * move, Shift + arrows resize, Delete removes) and a resize corner; both follow the pointer with
 * pointer capture, so a fast drag over the 3D canvas or outside the window is not lost.
 */
export function WidgetFrame(p: WidgetFrameProps) {
  const text = useText();
  const [drag, setDrag] = useState<Drag | null>(null);
  // Pointer moves arrive faster than renders: the latest offsets live here too.
  const live = useRef<Drag | null>(null);
  const { x, y, w, h } = p.widget.layout;

  const start = (kind: Drag['kind'], e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    p.onSelect();
    live.current = { kind, startX: e.clientX, startY: e.clientY, dx: 0, dy: 0 };
    setDrag(live.current);
  };
  const move = (e: PointerEvent<HTMLElement>) => {
    const d = live.current;
    if (!d) return;
    live.current = { ...d, dx: e.clientX - d.startX, dy: e.clientY - d.startY };
    setDrag(live.current);
  };
  const end = (e: PointerEvent<HTMLElement>) => {
    const d = live.current;
    live.current = null;
    setDrag(null);
    if (!d || e.type === 'pointercancel') return;
    if (d.kind === 'move') {
      const dx = snap(x + d.dx) - x;
      const dy = snap(y + d.dy) - y;
      if (dx || dy) p.onMoveEnd({ dx, dy, clientX: e.clientX, clientY: e.clientY });
    } else if (d.dx || d.dy) {
      p.onResizeEnd(Math.max(GRID * 2, snap(w + d.dx)), Math.max(GRID * 2, snap(h + d.dy)));
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const steps: Record<string, readonly [dx: number, dy: number]> = {
      ArrowLeft: [-GRID, 0],
      ArrowRight: [GRID, 0],
      ArrowUp: [0, -GRID],
      ArrowDown: [0, GRID],
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      if (e.shiftKey && p.resizable) p.onResizeEnd(Math.max(GRID * 2, w + step[0]), Math.max(GRID * 2, h + step[1]));
      else if (!e.shiftKey) p.onMoveEnd({ dx: step[0], dy: step[1], clientX: NaN, clientY: NaN });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      p.onRemove();
    }
  };

  const moving = drag?.kind === 'move' ? drag : null;
  const sizing = drag?.kind === 'resize' ? drag : null;
  // A 3D child not drawn now (off the view, hidden) has no frame where it is not: the canvas list
  // says why; its view (a card's screen-reader text, a group's panel) stays mounted. One the scene
  // draws nothing of (a model with no file yet) keeps its layout's frame, to be grabbed and moved.
  const inScene = p.drawn != null;
  const shown = !inScene || p.drawn?.state === 'shown';
  const outline = !p.editing || !shown ? 'none' : p.selected ? '2px solid #1677ff' : '1px dashed rgba(22, 119, 255, 0.45)';
  const box = p.drawn && shown ? { left: p.drawn.x, top: p.drawn.y, width: p.drawn.width, height: p.drawn.height } : null;

  return (
    <div
      className="dash3d-frame"
      data-frame-id={p.widget.id}
      data-widget-type={p.widget.type}
      data-accepts={p.accepts.join(' ')}
      data-selected={p.selected || undefined}
      data-scene-state={p.drawn === undefined ? undefined : (p.drawn?.state ?? 'unknown')}
      // A press the scene takes for itself (a gizmo handle) comes marked: it selects nothing.
      onPointerDownCapture={p.editing ? (e) => !e.defaultPrevented && p.onSelect() : undefined}
      style={{
        position: 'absolute',
        left: box?.left ?? x,
        top: box?.top ?? y,
        width: box?.width ?? (sizing ? Math.max(GRID * 2, w + sizing.dx) : w),
        height: box?.height ?? (sizing ? Math.max(GRID * 2, h + sizing.dy) : h),
        transform: moving ? `translate(${moving.dx}px, ${moving.dy}px)` : undefined,
        outline,
        outlineOffset: p.selected ? 1 : 0,
        zIndex: drag ? 10 : p.selected ? 2 : 1,
        // Nested frames let the 3D scene under them take orbit drags; their handles opt back in.
        pointerEvents: p.nested ? 'none' : 'auto',
        opacity: moving ? 0.85 : 1,
      }}
    >
      {p.children}
      {p.editing && shown ? (
        <>
          <button
            type="button"
            className="dash3d-frame__move"
            aria-label={text('playground.widget.move', { name: p.title })}
            aria-pressed={p.selected}
            title={text('playground.widget.keys')}
            onClick={p.onSelect}
            onKeyDown={onKeyDown}
            onPointerDown={(e) => start('move', e)}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            style={{
              position: 'absolute',
              left: 0,
              top: 0,
              zIndex: 3,
              pointerEvents: 'auto',
              cursor: moving ? 'grabbing' : 'grab',
              touchAction: 'none',
              border: 0,
              borderRadius: '0 0 4px 0',
              padding: '2px 8px',
              font: '12px/18px system-ui, sans-serif',
              color: '#fff',
              // White text at 4.5:1 or more (WCAG AA), over any scene behind the handle.
              background: p.selected ? '#0958d9' : 'rgba(9, 88, 217, 0.9)',
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            ⠿ {p.title}
          </button>
          {p.resizable && !inScene ? (
            <div
              className="dash3d-frame__resize"
              role="presentation"
              title={text('playground.widget.resize', { name: p.title })}
              onPointerDown={(e) => start('resize', e)}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
              style={{
                position: 'absolute',
                right: -6,
                bottom: -6,
                width: 14,
                height: 14,
                zIndex: 3,
                pointerEvents: 'auto',
                cursor: 'nwse-resize',
                touchAction: 'none',
                background: '#1677ff',
                border: '2px solid #fff',
                borderRadius: 3,
              }}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
