import type { ReactNode } from 'react';
import { Badge, Divider, Flex, Form } from 'antd';
import { useSettings } from './context';
import { getIn, type FieldPath } from './schemaPath';

/**
 * Rows shown only while the value at `path` passes `is` (spec §4: orbit settings only for the
 * orbit control type, the panorama field only in panorama mode). Hidden rows keep their values.
 */
export function ShowWhen({ path, is, children }: { path: FieldPath; is(value: unknown): boolean; children: ReactNode }) {
  return (
    <Form.Item noStyle shouldUpdate={(a, b) => getIn(a, path) !== getIn(b, path)}>
      {({ getFieldValue }) => (is(getFieldValue(path)) ? children : null)}
    </Form.Item>
  );
}

/** A titled run of rows inside a group ('Ground', 'Fog'). */
export function SubGroup({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section>
      <Divider titlePlacement="start" plain size="small" style={{ marginTop: 4 }}>
        {title}
      </Divider>
      {children}
    </section>
  );
}

/**
 * A collapsible group's header in a settings panel: its title, and a badge with how many of the
 * form's issues lie in the top-level config sections the group edits, so a closed group still
 * says it holds a problem.
 */
export function GroupHeader({ title, sections }: { title: string; sections: readonly string[] }) {
  const { issues } = useSettings();
  const count = [...issues.keys()].filter((path) => sections.includes(path.split('.')[0] ?? '')).length;
  return (
    <Flex justify="space-between" align="center">
      <span>{title}</span>
      {count > 0 ? <Badge count={count} size="small" /> : null}
    </Flex>
  );
}
