import { Flex, InputNumber, Slider } from 'antd';
import { t, type Locale } from '../../../shared/i18n/editor';
import { fieldError, type FieldControl } from './fieldSchema';
import { Row } from './Row';
import { useDraft } from './useDraft';

export interface NumberRowProps {
  field: string;
  label: string;
  value: number;
  control: Extract<FieldControl, { kind: 'number' }>;
  onChange(value: number): void;
  locale: Locale;
  disabled?: boolean;
}

/**
 * A number: a slider over the schema's range (or a span to drag through where the schema is open,
 * SLIDER_SPAN) and an input taking any value the schema allows. Each slider step (drag or arrow key)
 * is sent: the preview's sender coalesces them to one per frame.
 */
export function NumberRow({ field, label, value, control, onChange, locale, disabled }: NumberRowProps) {
  const [draft, setDraft, sent] = useDraft<number | null>(value);
  const error = fieldError(field, draft);
  const id = `material-form-${field}`;
  const send = (next: number | null) => {
    setDraft(next);
    if (next === null || fieldError(field, next)) return;
    sent(next);
    onChange(next);
  };
  const { slider } = control;
  return (
    <Row label={label} id={id} error={error ? t(locale, error) : null}>
      <Flex gap={8} align="center">
        <Slider
          style={{ flex: 1, margin: '0 8px' }}
          min={slider.min}
          max={slider.max}
          step={slider.step}
          value={Math.min(slider.max, Math.max(slider.min, value))}
          disabled={disabled}
          ariaLabelForHandle={t(locale, 'materialForm.slider', { label })}
          onChange={(v: number) => send(v)}
        />
        <InputNumber
          id={id}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          style={{ width: 96 }}
          step={slider.step}
          value={draft}
          disabled={disabled}
          onChange={(v) => send(typeof v === 'number' ? v : null)}
        />
      </Flex>
    </Row>
  );
}

export interface UvRowProps {
  field: string;
  label: string;
  value: { u: number; v: number };
  onChange(value: { u: number; v: number }): void;
  locale: Locale;
  disabled?: boolean;
}

/** A {u, v} pair of the texture transform (repeat, offset, center): two number inputs. */
export function UvRow({ field, label, value, onChange, locale, disabled }: UvRowProps) {
  const id = `material-form-${field}`;
  const part = (axis: 'u' | 'v') => (
    <InputNumber
      id={axis === 'u' ? id : undefined}
      aria-label={`${label} ${t(locale, axis === 'u' ? 'materialForm.u' : 'materialForm.v')}`}
      prefix={t(locale, axis === 'u' ? 'materialForm.u' : 'materialForm.v')}
      style={{ flex: 1 }}
      step={0.1}
      value={value[axis]}
      disabled={disabled}
      onChange={(v) => {
        if (typeof v === 'number' && !fieldError(field, { ...value, [axis]: v })) onChange({ ...value, [axis]: v });
      }}
    />
  );
  return (
    <Row label={label} id={id}>
      <Flex gap={8}>
        {part('u')}
        {part('v')}
      </Flex>
    </Row>
  );
}
