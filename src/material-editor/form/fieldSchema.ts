import type { MessageKey } from '../../../shared/i18n/editor';
import { MaterialSchema, type Material } from '../../../shared/schema/material';
import { SLIDER_SPAN } from '../../../shared/schema/material-fields';
import { defaultStep, numberRange, unwrapSchema } from '../../settings/schemaPath';

/** What kind of row a Material field gets, read from its schema (so a new field needs no second table). */
export type FieldControl =
  | { kind: 'number'; min?: number; max?: number; slider: { min: number; max: number; step: number } }
  | { kind: 'colour' }
  | { kind: 'switch' }
  | { kind: 'select'; options: readonly string[] }
  | { kind: 'uv' }
  | { kind: 'text' };

const shape = MaterialSchema.shape as unknown as Record<string, unknown>;

export function fieldControl(field: keyof Material): FieldControl {
  const s = unwrapSchema(shape[field]);
  const def = s?._zod.def;
  switch (def?.type) {
    case 'number': {
      const range = numberRange(s);
      const span = SLIDER_SPAN[field] ?? { min: range.min ?? 0, max: range.max ?? 1 };
      return { kind: 'number', ...range, slider: { ...span, step: defaultStep(span) } };
    }
    case 'boolean':
      return { kind: 'switch' };
    case 'enum':
      return { kind: 'select', options: Object.values(def.entries as Record<string, string>) };
    case 'object':
      return { kind: 'uv' };
    default:
      // A string with a check is a colour (schema `colour()`); plain strings are free text.
      return (def?.checks as unknown[] | undefined)?.length ? { kind: 'colour' } : { kind: 'text' };
  }
}

/**
 * The schema's verdict on one value of one field: null when it may be sent, else the message key
 * (or zod's own text for a type error) to show at the field. The value is never sent otherwise.
 */
export function fieldError(field: string, value: unknown): MessageKey | null {
  const schema = shape[field] as { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } } | undefined;
  if (!schema) return null;
  const r = schema.safeParse(value);
  return r.success ? null : ((r.error?.issues[0]?.message ?? 'msg.invalidConfig') as MessageKey);
}
