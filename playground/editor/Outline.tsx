import { Typography } from 'antd';
import type { Widget } from 'dash3d';
import { useText } from '../locale';

export interface OutlineProps {
  widgets: readonly Widget[];
  selected: string | null;
  onSelect(id: string): void;
  titleOf(type: string): string;
}

/**
 * The dashboard's widgets as a nested list of buttons: a widget hidden under another, or one
 * inside a busy 3D scene, can still be reached (and by keyboard).
 */
export function Outline({ widgets, selected, onSelect, titleOf }: OutlineProps) {
  const text = useText();
  if (!widgets.length) return null;
  const list = (items: readonly Widget[], depth: number) => (
    <ul style={{ listStyle: 'none', margin: 0, paddingLeft: depth ? 14 : 0 }}>
      {items.map((w) => (
        <li key={w.id}>
          <button
            type="button"
            className="dash3d-outline__item"
            data-widget-id={w.id}
            aria-current={selected === w.id || undefined}
            onClick={() => onSelect(w.id)}
            style={{
              width: '100%',
              textAlign: 'left',
              border: 0,
              borderRadius: 4,
              padding: '2px 6px',
              cursor: 'pointer',
              font: 'inherit',
              background: selected === w.id ? '#e6f4ff' : 'transparent',
              color: selected === w.id ? '#1677ff' : 'inherit',
            }}
          >
            {titleOf(w.type)}
          </button>
          {w.children.length ? list(w.children, depth + 1) : null}
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-labelledby="dash3d-outline-title" style={{ padding: '0 12px 12px' }}>
      <Typography.Title level={5} id="dash3d-outline-title" style={{ fontSize: 14 }}>
        {text('playground.canvas.label')}
      </Typography.Title>
      {list(widgets, 0)}
    </nav>
  );
}
