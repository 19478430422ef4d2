import { Button, Flex, Input, Typography } from 'antd';
import type { MessageKey } from '../../../shared/i18n/editor';
import type { LibraryItem } from './listing';

/** An action waiting for its second step: the new name of a rename, or a delete's confirmation. */
export type Pending =
  { kind: 'rename'; path: string; value: string } | { kind: 'delete'; path: string } | { kind: 'duplicate'; path: string };

export interface ItemActionsProps {
  item: LibraryItem;
  tr(key: MessageKey, params?: Record<string, string | number>): string;
  busy: boolean;
  pending: Pending | null;
  setPending(p: Pending | null): void;
  onOpen(item: LibraryItem): void;
  onConfirm(p: Pending): void;
}

/** Open / Duplicate / Rename / Delete of the selected item; rename asks for the name, delete for a confirmation. */
export function ItemActions({ item, tr, busy, pending, setPending, onOpen, onConfirm }: ItemActionsProps) {
  const mine = pending?.path === item.path ? pending : null;
  const cancel = <Button onClick={() => setPending(null)}>{tr('library.cancel')}</Button>;
  if (mine?.kind === 'rename') {
    return (
      <Flex gap={4} role="group" aria-label={tr('library.rename')}>
        <Input
          autoFocus
          aria-label={tr('library.name')}
          value={mine.value}
          onChange={(e) => setPending({ ...mine, value: e.target.value })}
          onPressEnter={() => onConfirm(mine)}
          onKeyDown={(e) => e.key === 'Escape' && setPending(null)}
        />
        <Button type="primary" disabled={busy} onClick={() => onConfirm(mine)}>
          {tr('library.ok')}
        </Button>
        {cancel}
      </Flex>
    );
  }
  if (mine?.kind === 'delete') {
    return (
      <Flex gap={4} vertical role="alertdialog" aria-label={tr('library.delete')}>
        <Typography.Text>{tr('library.confirmDelete', { name: item.name })}</Typography.Text>
        <Flex gap={4}>
          <Button danger autoFocus disabled={busy} onClick={() => onConfirm(mine)}>
            {tr('library.delete')}
          </Button>
          {cancel}
        </Flex>
      </Flex>
    );
  }
  return (
    <Flex gap={4} wrap role="toolbar" aria-label={tr('library.actionsOf', { name: item.name })}>
      <Button disabled={busy} onClick={() => onOpen(item)}>
        {tr('library.open')}
      </Button>
      <Button disabled={busy} onClick={() => onConfirm({ kind: 'duplicate', path: item.path })}>
        {tr('library.duplicate')}
      </Button>
      {!item.builtIn && (
        <>
          <Button disabled={busy} onClick={() => setPending({ kind: 'rename', path: item.path, value: item.name })}>
            {tr('library.rename')}
          </Button>
          <Button danger disabled={busy} onClick={() => setPending({ kind: 'delete', path: item.path })}>
            {tr('library.delete')}
          </Button>
        </>
      )}
    </Flex>
  );
}
