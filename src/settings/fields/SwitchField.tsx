import type { ReactNode } from 'react';
import { Form, Switch } from 'antd';
import { errorProps, useFieldMeta } from '../context';
import type { FieldPath } from '../schemaPath';

export interface SwitchFieldProps {
  name: FieldPath;
  label: ReactNode;
}

/** An on/off setting. The label sits beside the switch: a column of switches reads as a checklist. */
export function SwitchField({ name, label }: SwitchFieldProps) {
  const meta = useFieldMeta(name);
  return (
    <Form.Item
      name={name}
      label={label}
      valuePropName="checked"
      layout="horizontal"
      labelAlign="left"
      colon={false}
      labelCol={{ flex: 'auto' }}
      wrapperCol={{ flex: 'none' }}
      style={{ marginBottom: 8 }}
      {...errorProps(meta.error)}
    >
      <Switch size="small" />
    </Form.Item>
  );
}
