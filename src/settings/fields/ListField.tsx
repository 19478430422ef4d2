import { useId, type ReactNode } from 'react';
import { Button, Card, Flex, Form, Typography } from 'antd';
import { FieldPrefix, useFieldMeta, useSettings } from '../context';
import type { FieldPath } from '../schemaPath';

export interface ListFieldProps<T> {
  name: FieldPath;
  /** The list's title (already translated). */
  label: ReactNode;
  /** Text of the add button. */
  addLabel: string;
  /** Title of one entry, e.g. 'Point light 2' or the snapshot's name. */
  itemTitle(index: number, entry: T | undefined): string;
  /** A new entry, normally the entry schema's defaults (`Schema.parse({})`). */
  create(): T;
  /** The entry's sub-form; `entry` is the name prefix its rows use: `[...entry, 'color']` (relative to the list). */
  children(entry: FieldPath, index: number): ReactNode;
}

/**
 * A list of entries (lights, snapshots) with add and remove buttons, each entry a small card with
 * its own rows. Built on antd's Form.List, so adding and removing are ordinary form changes and go
 * through the same validation as typing.
 */
export function ListField<T>({ name, label, addLabel, itemTitle, create, children }: ListFieldProps<T>) {
  const { t } = useSettings();
  const { path } = useFieldMeta(name);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} style={{ marginBottom: 16 }}>
      <Typography.Text strong id={titleId} style={{ display: 'block', marginBottom: 8 }}>
        {label}
      </Typography.Text>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <FieldPrefix path={path}>
            <Flex vertical gap={8}>
              {fields.length === 0 ? <Typography.Text type="secondary">{t('settings.empty')}</Typography.Text> : null}
              {fields.map((field, i) => (
                <ListEntry key={field.key} listPath={path} index={i} itemTitle={itemTitle} onRemove={() => remove(field.name)}>
                  {children([field.name], i)}
                </ListEntry>
              ))}
              <Button type="dashed" block onClick={() => add(create())}>
                {addLabel}
              </Button>
            </Flex>
          </FieldPrefix>
        )}
      </Form.List>
    </section>
  );
}

interface ListEntryProps<T> {
  listPath: FieldPath;
  index: number;
  itemTitle(index: number, entry: T | undefined): string;
  onRemove(): void;
  children: ReactNode;
}

function ListEntry<T>({ listPath, index, itemTitle, onRemove, children }: ListEntryProps<T>) {
  const { t } = useSettings();
  // Watched, so a title made from the entry (a snapshot's name) follows typing.
  // preserve: the whole entry as stored, not only the fields that have a row now (an effect's type has none).
  const entry = Form.useWatch([...listPath, index], { preserve: true }) as T | undefined;
  const title = itemTitle(index, entry);
  return (
    <Card
      size="small"
      title={title}
      extra={
        <Button size="small" danger type="text" aria-label={t('settings.removeItem', { name: title })} onClick={onRemove}>
          {t('settings.remove')}
        </Button>
      }
    >
      {children}
    </Card>
  );
}
