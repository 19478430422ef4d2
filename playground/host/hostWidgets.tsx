import type { ComponentType } from 'react';

/**
 * Widgets of the stand-in host itself, not of the plug-in: what a component group holds (spec §2:
 * a group lays out the host's own widgets). The seeded example's group has one (server/example.mjs).
 */
export const HOST_WIDGETS: ReadonlyMap<string, ComponentType<{ config: Record<string, unknown> }>> = new Map([['host-text', HostText]]);

/** A line of text (`config.text`), shown as text. */
function HostText({ config }: { config: Record<string, unknown> }) {
  const text = typeof config.text === 'string' ? config.text : '';
  return (
    <div
      className="dash3d-host-text"
      style={{
        width: '100%',
        height: '100%',
        display: 'grid',
        placeItems: 'center',
        padding: 8,
        boxSizing: 'border-box',
        background: 'rgba(15, 23, 34, 0.85)',
        border: '1px solid #3a8ee6',
        borderRadius: 6,
        color: '#e6f1ff',
        font: '16px sans-serif',
      }}
    >
      {text}
    </div>
  );
}
