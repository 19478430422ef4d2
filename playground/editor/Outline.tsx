import { Typography } from 'antd';
import { useSyncExternalStore } from 'react';
import type { Widget } from 'dash3d';
import { useText } from '../locale';
import type { SceneBounds } from './sceneBounds';

export interface OutlineProps {
  widgets: readonly Widget[];
  selected: string | null;
  onSelect(id: string): void;
  titleOf(type: string): string;
  /** Where the spaces draw their children: one not drawn now says why (out of view, hidden). */
  scene: SceneBounds;
}

/**
 * The dashboard's widgets as a nested list of buttons: a widget hidden under another, or one
 * inside a busy 3D scene, can still be reached (and by keyboard).
 */
export function Outline({ widgets, selected, onSelect, titleOf, scene }: OutlineProps) {
  const text = useText();
  useSyncExternalStore(scene.subscribe, scene.version);
  const stateOf = (id: string) => {
    const state = scene.boundsOf(id)?.state;
    if (state === 'out-of-view') return text('playground.outline.outOfView');
    if (state === 'hidden') return text('playground.outline.hidden');
    return null;
  };
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
              color: selected === w.id ? '#0958d9' : 'inherit',
            }}
          >
            {titleOf(w.type)}
            {stateOf(w.id) ? (
              <span className="dash3d-outline__state" style={{ color: '#8c8c8c' }}>
                {' '}
                ({stateOf(w.id)})
              </span>
            ) : null}
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
