import type { ReactNode } from 'react';
import { Form, Select } from 'antd';
import { errorProps, useFieldMeta } from '../context';
import type { FieldPath } from '../schemaPath';

export interface SelectOption {
  value: string;
  /** Already translated. */
  label: string;
}

export interface SelectFieldProps {
  name: FieldPath;
  label: ReactNode;
  options: readonly SelectOption[];
  allowClear?: boolean;
}

/** One value out of a fixed list (control type, environment preset, encoding). */
export function SelectField({ name, label, options, allowClear }: SelectFieldProps) {
  const meta = useFieldMeta(name);
  return (
    <Form.Item name={name} label={label} {...errorProps(meta.error)}>
      <Select
        options={options.map((o) => ({ ...o }))}
        allowClear={allowClear}
        showSearch={options.length > 8 ? { optionFilterProp: 'label' } : false}
      />
    </Form.Item>
  );
}
