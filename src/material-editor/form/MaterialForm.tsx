import { useLayoutEffect, useMemo, useRef } from 'react';
import { Form, Input, Select, Switch, Typography } from 'antd';
import { t, type Locale, type MessageKey } from '../../../shared/i18n/editor';
import { MATERIAL_TYPES, materialKind, SHADER_TEMPLATE, type Material } from '../../../shared/schema/material';
import { MATERIAL_FIELDS, MATERIAL_MAPS, TEXTURE_TRANSFORM } from '../../../shared/schema/material-fields';
import type { MediaAccess } from '../../host/types';
import { SettingsProvider } from '../../settings/context';
import { ColourRow } from './ColourRow';
import { fieldControl } from './fieldSchema';
import { ImageRow } from './ImageRow';
import { NumberRow, UvRow } from './NumberRow';
import { Row } from './Row';

export interface MaterialFormProps {
  /** A parsed material entity (shared/schema/material.ts): every field holds a value. */
  value: Material;
  /** A new object on every keystroke and drag step (the preview's sender coalesces them per frame). */
  onChange(next: Material): void;
  /** For choosing texture images from the media library; without it images are typed as URLs. */
  media?: MediaAccess;
  locale: Locale;
  disabled?: boolean;
}

type Fields = Record<string, unknown>;
const label = (locale: Locale, key: string) => t(locale, `materialForm.${key}` as MessageKey);

/**
 * Spec §3's material fields for the material's type (phong, shader, points, anything else physical):
 * which ones each type shows is MATERIAL_FIELDS / MATERIAL_MAPS, and each row's control, range and
 * check come from MaterialSchema. shaderCode and frameScript belong to the code editors.
 */
export function MaterialForm({ value, onChange, media, locale, disabled }: MaterialFormProps) {
  // Two events may arrive before the host renders the first change (a fast drag): each builds on the last one sent.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const set = (patch: Fields, remove?: string) => {
    const next = { ...latest.current, ...patch } as Fields;
    if (remove) delete next[remove];
    latest.current = next as Material;
    onChange(latest.current);
  };
  const kind = materialKind(value.type);
  const settings = useMemo(() => ({ locale, media, issues: new Map() }), [locale, media]);
  const fields = value as Fields;
  const row = { locale, disabled };

  const property = (field: string) => {
    const control = fieldControl(field);
    const text = label(locale, field);
    const id = `material-form-${field}`;
    switch (control.kind) {
      case 'number':
        return (
          <NumberRow
            key={field}
            field={field}
            label={text}
            control={control}
            value={fields[field] as number}
            onChange={(v) => set({ [field]: v })}
            {...row}
          />
        );
      case 'colour':
        return (
          <ColourRow
            key={field}
            field={field}
            label={text}
            value={fields[field] as string}
            onChange={(v) => set({ [field]: v })}
            {...row}
          />
        );
      case 'uv':
        return (
          <UvRow
            key={field}
            field={field}
            label={text}
            value={fields[field] as { u: number; v: number }}
            onChange={(v) => set({ [field]: v })}
            {...row}
          />
        );
      case 'switch':
        return (
          <Row key={field} label={text} id={id}>
            <Switch
              id={id}
              aria-label={text}
              checked={fields[field] as boolean}
              disabled={disabled}
              onChange={(v) => set({ [field]: v })}
            />
          </Row>
        );
      case 'select':
        return (
          <Row key={field} label={text} id={id}>
            <Select
              id={id}
              aria-label={text}
              value={fields[field] as string}
              disabled={disabled}
              options={control.options.map((name) => ({ value: name, label: `${label(locale, `${field}.${name}`)} (${name})` }))}
              onChange={(v: string) => set({ [field]: v })}
            />
          </Row>
        );
      default:
        return null;
    }
  };
  const image = (field: string, text: string) => (
    <ImageRow
      key={field}
      field={field}
      label={text}
      value={typeof fields[field] === 'string' ? fields[field] : ''}
      // A cleared texture slot is left out of the entity (the material has none); envMap is a field of its own.
      onChange={(url) => (url === '' && field !== 'envMap' ? set({}, field) : set({ [field]: url }))}
      media={media}
      {...row}
    />
  );
  const maps = MATERIAL_MAPS[kind];

  return (
    <SettingsProvider value={settings}>
      <Form
        layout="vertical"
        className="dash3d-material-form"
        aria-label={t(locale, 'materialForm.title')}
        data-kind={kind}
        component="div"
      >
        <Row label={label(locale, 'name')} id="material-form-name">
          <Input
            id="material-form-name"
            aria-label={label(locale, 'name')}
            value={value.name}
            disabled={disabled}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Row>
        <Row label={label(locale, 'type')} id="material-form-type">
          <Select
            id="material-form-type"
            aria-label={label(locale, 'type')}
            value={kind}
            disabled={disabled}
            options={MATERIAL_TYPES.map((type) => ({ value: type, label: label(locale, `type.${type}`) }))}
            // A material becoming a shader without code of its own starts from a working shader, not an invisible box.
            onChange={(type: string) =>
              set(type === 'shader' && !latest.current.shaderCode.trim() ? { type, shaderCode: SHADER_TEMPLATE } : { type })
            }
          />
        </Row>
        {image('envMap', label(locale, 'envMap'))}
        <Typography.Title level={5}>{label(locale, 'section.surface')}</Typography.Title>
        {MATERIAL_FIELDS[kind].map(property)}
        {maps.length ? (
          <>
            <Typography.Title level={5}>{label(locale, 'section.maps')}</Typography.Title>
            {maps.map((slot) => image(slot, label(locale, slot)))}
            <Typography.Title level={5}>{label(locale, 'section.transform')}</Typography.Title>
            {TEXTURE_TRANSFORM.map(property)}
          </>
        ) : null}
      </Form>
    </SettingsProvider>
  );
}
