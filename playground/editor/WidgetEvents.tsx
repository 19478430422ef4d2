import { useSyncExternalStore } from 'react';
import { Tag, Typography } from 'antd';
import type { EventLog } from '../host/widgetEvents';
import { useText } from '../locale';

/**
 * The events the widgets sent to the host, newest first, so a designer sees a click on a model
 * reach the dashboard (and what the playground's action did with it: the selectedPart variable).
 */
export function WidgetEvents({ log }: { log: EventLog }) {
  const text = useText();
  const events = useSyncExternalStore(log.subscribe, log.list);
  return (
    <section className="dash3d-events" aria-labelledby="dash3d-events-title" style={{ padding: '0 12px 12px' }}>
      <Typography.Title level={5} id="dash3d-events-title" style={{ fontSize: 14, margin: '4px 0' }}>
        {text('playground.events.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 6 }}>
        {text('playground.events.help')}
      </Typography.Paragraph>
      {events.length === 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {text('playground.events.none')}
        </Typography.Text>
      ) : (
        <ol aria-live="polite" style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 12 }}>
          {events.map((e) => (
            <li
              key={e.seq}
              className="dash3d-events__item"
              data-widget-id={e.widgetId}
              data-event={e.event}
              style={{ padding: '3px 0', borderTop: '1px solid #f5f5f5', overflowWrap: 'anywhere' }}
            >
              <Tag color={e.event === 'error' ? 'red' : 'blue'} style={{ marginInlineEnd: 4 }}>
                {e.event}
              </Tag>
              <span title={e.widgetId}>{e.widgetLabel}</span>
              {e.summary ? (
                <div className="dash3d-events__summary" style={{ color: '#595959' }}>
                  {e.summary}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
