import { ColorPicker, Input, Space } from 'antd';
import { t, type Locale } from '../../../shared/i18n/editor';
import { fieldError } from './fieldSchema';
import { Row } from './Row';
import { useDraft } from './useDraft';

export interface ColourRowProps {
  field: string;
  label: string;
  value: string;
  onChange(value: string): void;
  locale: Locale;
  disabled?: boolean;
}

/**
 * A colour in any spec §5 form, typed (hex, rgb(), rgba(), hsl(), hsla(), a name, any case) or
 * picked. Sent on each keystroke that makes a valid colour; an invalid one is named at the field
 * and not sent, so the material keeps the last valid colour.
 */
export function ColourRow({ field, label, value, onChange, locale, disabled }: ColourRowProps) {
  const [draft, setDraft, sent] = useDraft(value);
  const error = fieldError(field, draft);
  const id = `material-form-${field}`;
  const send = (next: string) => {
    setDraft(next);
    if (fieldError(field, next)) return;
    sent(next);
    onChange(next);
  };
  return (
    <Row label={label} id={id} error={error ? t(locale, error) : null}>
      <Space.Compact style={{ width: '100%' }}>
        <ColorPicker
          value={error ? value : draft}
          disabled={disabled}
          // A mouse convenience antd does not make focusable: hidden from assistive technology (a
          // name on a div without a role is one axe rejects); the labelled input beside it is the way.
          aria-hidden
          onChange={(c) => send(c.toHexString())}
        />
        <Input
          id={id}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          placeholder={t(locale, 'materialForm.colourText', { label })}
          value={draft}
          disabled={disabled}
          onChange={(e) => send(e.target.value)}
        />
      </Space.Compact>
    </Row>
  );
}
