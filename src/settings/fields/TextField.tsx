import type { ReactNode } from 'react';
import { AutoComplete, Form, Input } from 'antd';
import { errorProps, useFieldMeta } from '../context';
import type { FieldPath } from '../schemaPath';
import { CommitInput } from './CommitInput';

export interface TextFieldProps {
  name: FieldPath;
  label: ReactNode;
  /** Offered while typing (e.g. the host's variable names); any text is still accepted. */
  suggestions?: readonly string[];
  /** A monospace text area of that many rows, committed on blur (the container script). */
  rows?: number;
  placeholder?: string;
}

/** Free text: names (checked by the schema as they are typed), variable names, scripts. */
export function TextField({ name, label, suggestions, rows, placeholder }: TextFieldProps) {
  const meta = useFieldMeta(name);
  let control: ReactNode;
  if (rows) control = <CommitInput rows={rows} monospace />;
  else if (suggestions) {
    control = (
      <AutoComplete
        options={suggestions.map((s) => ({ value: s }))}
        allowClear
        placeholder={placeholder}
        showSearch={{ filterOption: true }}
      />
    );
  } else control = <Input placeholder={placeholder} />;
  return (
    <Form.Item name={name} label={label} {...errorProps(meta.error)}>
      {control}
    </Form.Item>
  );
}
