import { Button, Empty, Flex, Typography } from 'antd';
import { GROUP_WIDGET, type ThreeDHost, type WidgetDescriptor } from 'dash3d';
import { useLocale, useText } from '../locale';

/** Drag data type of a palette item; the value is the widget type id. */
export const PALETTE_MIME = 'application/x-dash3d-widget';

/**
 * What this host's user may place: a widget needs its permission, and the group widget also needs
 * a host with layout inheritance (spec §2, §6).
 */
export function placeable(descriptors: readonly WidgetDescriptor[], host: ThreeDHost): WidgetDescriptor[] {
  return descriptors.filter((d) => host.hasPermission(d.permission) && (d.type !== GROUP_WIDGET || host.supportsLayoutInheritance));
}

export interface PaletteProps {
  descriptors: readonly WidgetDescriptor[];
  host: ThreeDHost;
  /** Click or Enter: the editor chooses where (inside the selected 3D space when it fits). */
  onAdd(type: string): void;
}

export function Palette({ descriptors, host, onAdd }: PaletteProps) {
  const text = useText();
  const locale = useLocale();
  const items = placeable(descriptors, host);
  return (
    <section aria-labelledby="dash3d-palette-title" style={{ padding: 12 }}>
      <Typography.Title level={5} id="dash3d-palette-title" style={{ marginTop: 0 }}>
        {text('playground.palette.title')}
      </Typography.Title>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text('playground.palette.empty')} />
      ) : (
        <>
          <Flex vertical gap={8} role="list" className="dash3d-palette">
            {items.map((d) => (
              <div role="listitem" key={d.type}>
                <Button
                  block
                  draggable
                  data-widget-type={d.type}
                  aria-label={text('playground.palette.add', { name: d.title[locale] })}
                  onClick={() => onAdd(d.type)}
                  onDragStart={(e) => {
                    e.dataTransfer.setData(PALETTE_MIME, d.type);
                    e.dataTransfer.effectAllowed = 'copy';
                  }}
                  style={{ justifyContent: 'flex-start', cursor: 'grab' }}
                >
                  {d.title[locale]}
                </Button>
              </div>
            ))}
          </Flex>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12, marginBottom: 0 }}>
            {text('playground.palette.hint')}
          </Typography.Paragraph>
        </>
      )}
    </section>
  );
}
