import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Modal, Spin, Tag } from 'antd';
import { errorText, useLocale, useText } from '../locale';
import { EXAMPLE_DASHBOARD_ID, listDashboards, type DashboardSummary } from '../store/persistence';

export interface OpenDialogProps {
  open: boolean;
  onClose(): void;
  onOpen(id: string): void;
}

/** The saved dashboards (GET /api/dashboards): the seeded example first, then the most recently saved. */
export function OpenDialog({ open, onClose, onOpen }: OpenDialogProps) {
  const text = useText();
  const locale = useLocale();
  const [list, setList] = useState<DashboardSummary[] | null>(null);
  const [error, setError] = useState('');
  // Each opening starts from the spinner, not from the list of the last one: reset while rendering
  // the opening (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setList(null);
      setError('');
    }
  }

  useEffect(() => {
    if (!open) return;
    let live = true;
    listDashboards().then(
      (l) => live && setList(l),
      (err) => live && setError(errorText(text, err)),
    );
    return () => void (live = false);
    // Re-list each time the dialog opens; the language does not change what is stored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const date = (iso: string) => new Date(iso).toLocaleString(locale === 'zh_Hans' ? 'zh-CN' : 'en');
  return (
    <Modal open={open} title={text('playground.openDialog.title')} footer={null} onCancel={onClose} destroyOnHidden>
      {error ? <Alert type="error" title={error} /> : null}
      {!list && !error ? <Spin /> : null}
      {list && list.length === 0 ? <Empty description={text('playground.openDialog.none')} /> : null}
      {list && list.length ? (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 400, overflow: 'auto' }}>
          {list.map((d) => (
            <li key={d.id} style={{ marginBottom: 6 }}>
              <Button block style={{ height: 'auto', justifyContent: 'space-between' }} onClick={() => onOpen(d.id)}>
                <span>
                  {d.name}
                  {d.id === EXAMPLE_DASHBOARD_ID ? (
                    <Tag color="blue" style={{ marginLeft: 8 }}>
                      {text('playground.example.tag')}
                    </Tag>
                  ) : null}
                </span>
                <span style={{ color: '#8c8c8c', fontSize: 12 }}>{text('playground.openDialog.savedAt', { date: date(d.updatedAt) })}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}
