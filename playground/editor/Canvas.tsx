import { Button } from 'antd';
import { useRef, type ComponentType, type DragEvent, type ReactNode, type Ref } from 'react';
import { useChildBounds, type SceneBounds } from './sceneBounds';
import { SPACE_WIDGET, type Widget, type ThreeDHost, type WidgetDescriptor, type WidgetViewProps, type ThreeDSpaceHandle } from 'dash3d';
import { useText } from '../locale';
import type { EditorAction } from '../store/dashboard';
import { extent, findWidget } from '../store/tree';
import { WidgetFrame, type FrameDrop } from './WidgetFrame';
import { PALETTE_MIME } from './Palette';
import { HOST_WIDGETS } from '../host/hostWidgets';

export interface CanvasProps {
  widgets: readonly Widget[];
  descriptors: ReadonlyMap<string, WidgetDescriptor>;
  host: ThreeDHost;
  selected: string | null;
  editing: boolean;
  dispatch(a: EditorAction): void;
  /** A widget type dropped from the palette at an absolute canvas position, into `parentId`. */
  onDropNew(type: string, at: { x: number; y: number }, parentId: string | null): void;
  titleOf(type: string): string;
  /** A widget's event for the host's actions (a model's click, a space's ready, ...). */
  onWidgetEvent(widget: Widget, name: string, payload: unknown): void;
  /** Offered on the empty canvas: opens the example dashboard the service seeded. */
  onOpenExample?(): void;
  /** Where the spaces draw their 3D children (their edit frames go there), and the selection they outline. */
  scene: SceneBounds;
}

/** A 3D child's frame, where its space draws it (and re-rendered as that moves). */
function SceneChildFrame(props: Parameters<typeof WidgetFrame>[0] & { scene: SceneBounds }) {
  const { scene, ...rest } = props;
  const drawn = useChildBounds(scene, props.widget.id);
  return <WidgetFrame {...rest} drawn={drawn} />;
}

/**
 * The frame under a point that accepts `type` (a 3D space for models, cards and groups), skipping
 * the widget being dragged and anything inside it.
 */
export function dropTargetAt(clientX: number, clientY: number, type: string, dragged?: string): string | null {
  if (!Number.isFinite(clientX)) return null;
  for (const el of document.elementsFromPoint(clientX, clientY)) {
    const frame = el instanceof HTMLElement ? el.closest<HTMLElement>('[data-frame-id]') : null;
    if (!frame || (dragged && frame.closest(`[data-frame-id="${CSS.escape(dragged)}"]`))) continue;
    if (frame.dataset.accepts?.split(' ').includes(type)) return frame.dataset.frameId ?? null;
  }
  return null;
}

/** The dashboard surface: widgets at their layouts, the children of a 3D space inside its view. */
export function Canvas(p: CanvasProps) {
  const text = useText();
  const surface = useRef<HTMLDivElement>(null);
  const size = extent(p.widgets);

  const toCanvas = (clientX: number, clientY: number) => {
    const r = surface.current!.getBoundingClientRect();
    return { x: clientX - r.left, y: clientY - r.top };
  };

  const onMoveEnd = (w: Widget) => (d: FrameDrop) => {
    const found = findWidget(p.widgets, w.id);
    if (!found) return;
    const abs = { x: found.origin.x + w.layout.x + d.dx, y: found.origin.y + w.layout.y + d.dy };
    // A pointer drop decides the parent from what lies under the pointer (into a space, out of it);
    // a keyboard nudge (no pointer) keeps the parent.
    const parentId = Number.isFinite(d.clientX) ? dropTargetAt(d.clientX, d.clientY, w.type, w.id) : (found.parent?.id ?? null);
    p.dispatch({ type: 'place', id: w.id, ...abs, parentId });
  };

  const render = (w: Widget, nested: boolean, inSpace = false): ReactNode => {
    const d = p.descriptors.get(w.type);
    const HostWidget = HOST_WIDGETS.get(w.type);
    const children = w.children.map((c) => render(c, true, w.type === SPACE_WIDGET));
    const title = p.titleOf(w.type);
    let view: ReactNode;
    if (d) {
      const View = d.View as ComponentType<WidgetViewProps<unknown> & { ref?: Ref<ThreeDSpaceHandle> }>;
      // React 19 passes `ref` to function components: the 3D space hands its handle to the test hook.
      view = (
        <View
          id={w.id}
          config={w.config}
          host={p.host}
          onWidgetEvent={(name, payload) => p.onWidgetEvent(w, name, payload)}
          ref={w.type === SPACE_WIDGET ? p.scene.refFor(w.id) : undefined}
        >
          {children.length ? children : undefined}
        </View>
      );
    } else if (HostWidget) {
      view = <HostWidget config={w.config} />;
    } else {
      view = (
        <div style={{ width: '100%', height: '100%', display: 'grid', placeItems: 'center', background: '#fafafa', color: '#8c8c8c' }}>
          {text('playground.widget.unknown', { type: w.type })}
          {children}
        </div>
      );
    }
    const frame: Parameters<typeof WidgetFrame>[0] = {
      widget: w,
      title,
      selected: p.selected === w.id,
      editing: p.editing,
      resizable: d?.layout.resizable ?? true,
      nested,
      accepts: d?.accepts ?? [],
      onSelect: () => p.dispatch({ type: 'select', id: w.id }),
      onMoveEnd: onMoveEnd(w),
      onResizeEnd: (width, height) => p.dispatch({ type: 'layout', id: w.id, layout: { ...w.layout, w: width, h: height } }),
      onRemove: () => p.dispatch({ type: 'remove', id: w.id }),
      children: view,
    };
    // A model, card or group in a space: its frame goes where the scene draws it.
    return inSpace ? <SceneChildFrame key={w.id} scene={p.scene} {...frame} /> : <WidgetFrame key={w.id} {...frame} />;
  };

  const onDragOver = (e: DragEvent) => {
    if (p.editing && e.dataTransfer.types.includes(PALETTE_MIME)) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(PALETTE_MIME);
    if (!p.editing || !type) return;
    e.preventDefault();
    p.onDropNew(type, toCanvas(e.clientX, e.clientY), dropTargetAt(e.clientX, e.clientY, type));
  };

  return (
    <div
      ref={surface}
      role="region"
      aria-label={text('playground.canvas.label')}
      className="dash3d-canvas"
      onDragOver={onDragOver}
      onDrop={onDrop}
      onPointerDown={(e) => e.target === e.currentTarget && p.dispatch({ type: 'select', id: null })}
      style={{
        position: 'relative',
        width: p.editing ? size.w : '100%',
        height: p.editing ? size.h : '100%',
        minWidth: size.w - 400,
        minHeight: size.h - 300,
        backgroundColor: p.editing ? '#f5f7fa' : '#fff',
        backgroundImage: p.editing ? 'radial-gradient(circle, #d0d7e2 1px, transparent 1px)' : undefined,
        backgroundSize: '20px 20px',
      }}
    >
      {p.widgets.map((w) => render(w, false))}
      {p.widgets.length === 0 && p.editing ? (
        <div style={{ position: 'absolute', left: 24, top: 16 }}>
          <p style={{ color: '#8c8c8c', margin: '0 0 8px', pointerEvents: 'none' }}>{text('playground.canvas.empty')}</p>
          {p.onOpenExample ? (
            <Button type="primary" onClick={p.onOpenExample}>
              {text('playground.example.open')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
