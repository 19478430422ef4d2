import { Button, Divider, Empty, Flex, InputNumber, Typography } from 'antd';
import { SPACE_WIDGET, type Layout, type ThreeDHost, type WidgetDescriptor } from 'dash3d';
import { useText } from '../locale';
import type { EditorAction } from '../store/dashboard';
import type { Found } from '../store/tree';

export interface InspectorProps {
  found: Found | null;
  descriptors: ReadonlyMap<string, WidgetDescriptor>;
  host: ThreeDHost;
  dispatch(a: EditorAction): void;
  titleOf(type: string): string;
}

const LAYOUT_KEYS = ['x', 'y', 'w', 'h'] as const;

/** The layout numbers: a keyboard alternative to the frame's handles. */
function LayoutFields({ id, layout, onChange }: { id: string; layout: Layout; onChange(l: Layout): void }) {
  const text = useText();
  return (
    <Flex gap={8} wrap>
      {LAYOUT_KEYS.map((k) => (
        <label key={k} style={{ display: 'flex', flexDirection: 'column', fontSize: 12, width: 'calc(50% - 4px)' }}>
          {text(`playground.inspector.${k}`)}
          <InputNumber
            id={`dash3d-layout-${id}-${k}`}
            size="small"
            value={layout[k]}
            min={k === 'w' || k === 'h' ? 20 : 0}
            step={10}
            style={{ width: '100%' }}
            onChange={(v) => typeof v === 'number' && Number.isFinite(v) && onChange({ ...layout, [k]: v })}
          />
        </label>
      ))}
    </Flex>
  );
}

/** The selected widget: its place on the dashboard, then its own settings panel (descriptor.Settings). */
export function Inspector({ found, descriptors, host, dispatch, titleOf }: InspectorProps) {
  const text = useText();
  if (!found) {
    return (
      <section aria-label={text('playground.inspector.title')} style={{ padding: 12 }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('playground.inspector.empty')} />
      </section>
    );
  }
  const { widget, parent } = found;
  const d = descriptors.get(widget.type);
  const Settings = d?.Settings;
  return (
    <section aria-labelledby="dash3d-inspector-title" className="dash3d-inspector" data-widget-id={widget.id} style={{ padding: 12 }}>
      <Typography.Title level={5} id="dash3d-inspector-title" style={{ marginTop: 0 }}>
        {titleOf(widget.type)}
      </Typography.Title>
      {parent ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {text('playground.inspector.inside', { name: titleOf(parent.type) })}
        </Typography.Paragraph>
      ) : null}
      {/* A space's model, card or group is placed by its 3D position (its panel, the scene), not by a layout box. */}
      {parent?.type === SPACE_WIDGET ? null : (
        <>
          <Divider titlePlacement="start" plain style={{ margin: '8px 0' }}>
            {text('playground.inspector.layout')}
          </Divider>
          <LayoutFields id={widget.id} layout={widget.layout} onChange={(layout) => dispatch({ type: 'layout', id: widget.id, layout })} />
        </>
      )}
      <Button danger size="small" style={{ marginTop: 12 }} onClick={() => dispatch({ type: 'remove', id: widget.id })}>
        {text('playground.inspector.delete')}
      </Button>
      <Divider titlePlacement="start" plain style={{ margin: '12px 0 8px' }}>
        {text('playground.inspector.title')}
      </Divider>
      {Settings ? (
        // Keyed by widget: a panel's local form state never carries over to another widget.
        <Settings
          key={widget.id}
          id={widget.id}
          config={widget.config}
          host={host}
          onChange={(config) => dispatch({ type: 'config', id: widget.id, config: config as Record<string, unknown> })}
        />
      ) : (
        <Typography.Text type="secondary">{text('playground.inspector.noSettings')}</Typography.Text>
      )}
    </section>
  );
}
