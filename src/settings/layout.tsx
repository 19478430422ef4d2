import type { ReactNode } from 'react';
import { Divider, Form } from 'antd';
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
