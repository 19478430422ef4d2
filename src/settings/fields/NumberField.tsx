import type { ReactNode } from 'react';
import { Flex, Form, InputNumber, Slider } from 'antd';
import { errorProps, useFieldMeta } from '../context';
import { defaultStep, numberRange, sliderFits, type FieldPath, type NumberRange } from '../schemaPath';

export interface NumberFieldProps {
  name: FieldPath;
  /** Already translated. */
  label: ReactNode;
  /** The zod number schema the range comes from; without it, the form's schema at `name` is read. */
  schema?: unknown;
  /** Overrides what the schema says; `slider` forces the slider on or off. */
  range?: NumberRange & { slider?: boolean };
}

/**
 * A number with its range (three.js editor's NumberProperty). Bounded small ranges get a slider
 * beside the input. The input itself is not clamped: an out-of-range value is kept and shown with
 * the schema's 'Exceeding the value range', so the designer sees why it was not applied.
 */
export function NumberField({ name, label, schema, range }: NumberFieldProps) {
  const meta = useFieldMeta(name);
  const r: NumberRange = { ...meta.range, ...(schema ? numberRange(schema) : {}), ...range };
  const step = range?.step ?? defaultStep(r);
  const slider = range?.slider ?? sliderFits(r);
  return (
    <Form.Item name={name} label={label} {...errorProps(meta.error)}>
      <NumberInput min={r.min} max={r.max} step={step} slider={slider} ariaLabel={typeof label === 'string' ? label : undefined} />
    </Form.Item>
  );
}

interface NumberInputProps {
  value?: number | null;
  onChange?(value: number | null): void;
  id?: string;
  min?: number;
  max?: number;
  step: number;
  slider: boolean;
  ariaLabel?: string;
}

/** The control Form.Item binds: one value, shown by a slider and an input that stay in step. */
export function NumberInput({ value, onChange, id, min, max, step, slider, ariaLabel }: NumberInputProps) {
  const input = (
    <InputNumber
      id={id}
      value={value}
      step={step}
      // No min/max here: antd would silently clamp on blur and the range message would never show.
      onChange={(v) => onChange?.(typeof v === 'number' ? v : null)}
      style={{ width: slider ? 104 : '100%' }}
    />
  );
  if (!slider || min === undefined || max === undefined) return input;
  const shown = typeof value === 'number' ? Math.min(max, Math.max(min, value)) : min;
  return (
    <Flex gap={8} align="center">
      <Slider
        style={{ flex: 1, margin: '0 6px' }}
        min={min}
        max={max}
        step={step}
        value={shown}
        onChange={(v) => onChange?.(v)}
        ariaLabelForHandle={ariaLabel}
      />
      {input}
    </Flex>
  );
}
