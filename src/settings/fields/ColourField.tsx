import type { ReactNode } from 'react';
import { ColorPicker, Form, Space } from 'antd';
import { isColourString } from '../../../shared/schema/common';
import { errorProps, useFieldMeta } from '../context';
import type { FieldPath } from '../schemaPath';
import { CommitInput } from './CommitInput';

export interface ColourFieldProps {
  name: FieldPath;
  label: ReactNode;
  /** The value may be '' (no colour: the scene background stays transparent). */
  allowClear?: boolean;
}

/**
 * A colour: a swatch opening antd's picker (stored as '#rrggbb') and a text box that takes any of
 * the schema's colour strings ('red', 'rgb(…)', '#abc'), for the keyboard and for pasting.
 */
export function ColourField({ name, label, allowClear }: ColourFieldProps) {
  const meta = useFieldMeta(name);
  return (
    <Form.Item name={name} label={label} {...errorProps(meta.error)}>
      <ColourInput allowClear={allowClear} />
    </Form.Item>
  );
}

interface ColourInputProps {
  value?: string;
  onChange?(value: string): void;
  id?: string;
  allowClear?: boolean;
}

export function ColourInput({ value = '', onChange, id, allowClear }: ColourInputProps) {
  const valid = isColourString(value);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <ColorPicker
        value={valid ? value : null}
        // The scene ignores alpha. Not while cleared: antd treats "no colour" as transparent.
        disabledAlpha={valid}
        allowClear={allowClear}
        // A mouse convenience antd does not make focusable: hidden from assistive technology (a
        // name on a div without a role is one axe rejects); the labelled input beside it is the way.
        aria-hidden
        onChange={(c) => onChange?.(c.toHexString())}
        onClear={() => onChange?.('')}
      />
      <CommitInput id={id} value={value} onChange={onChange} placeholder={allowClear ? '—' : '#ffffff'} />
    </Space.Compact>
  );
}
