import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Modal } from 'antd';

interface Props {
  open: boolean;
  title: string;
  width: number;
  onClose(): void;
  children?: ReactNode;
}

/**
 * An antd Modal moved by dragging its title: the title bar is the handle, the offset is applied
 * around antd's own dialog through `modalRender`, so antd keeps focus trapping, Escape and the
 * close button. No footer, and a click on the mask does not close it (spec §2).
 */
export function DraggableModal({ open, title, width, onClose, children }: Props) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ id: number; x: number; y: number; from: { x: number; y: number } } | null>(null);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, from: offset };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    setOffset({ x: d.from.x + e.clientX - d.x, y: d.from.y + e.clientY - d.y });
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };

  return (
    <Modal
      open={open}
      title={
        <div
          className="dash3d-group-modal__handle"
          style={{ cursor: 'move', userSelect: 'none', touchAction: 'none' }}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerCancel={onUp}
        >
          {title}
        </div>
      }
      footer={null}
      mask={{ closable: false }}
      width={width}
      onCancel={onClose}
      afterClose={() => setOffset({ x: 0, y: 0 })}
      destroyOnHidden
      rootClassName="dash3d-group-modal"
      modalRender={(node) => <div style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>{node}</div>}
    >
      {children}
    </Modal>
  );
}
