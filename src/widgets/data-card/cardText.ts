import type { VariableSource } from '../../host/types';
import { CARD_TEXT_MAX_CHARS, type DataItem } from '../../../shared/schema/card';

/** `{{name}}` (spaces allowed inside the braces) binds a data item to the host variable `name`. */
const BINDING = /^\s*\{\{\s*([^{}]+?)\s*\}\}\s*$/;
export function boundVariable(value: DataItem['value']): string | null {
  return typeof value === 'string' ? (BINDING.exec(value)?.[1] ?? null) : null;
}

/**
 * A text no longer than CARD_TEXT_MAX_CHARS: a longer one keeps its start and ends with '…'
 * (without splitting a surrogate pair, which would draw as a broken glyph).
 */
export function clipText(text: string): string {
  if (text.length <= CARD_TEXT_MAX_CHARS) return text;
  let end = CARD_TEXT_MAX_CHARS - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * A host variable's value as card text: missing (undefined, null) is empty, an object or array is
 * its JSON, anything else its string form. Never markup: the result is only ever used as text.
 */
export function formatValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'symbol':
      return value.toString();
    case 'object':
      if (value === null) return '';
      try {
        // JSON.stringify answers undefined for some objects (a toJSON returning undefined).
        return JSON.stringify(value) ?? '';
      } catch {
        // A cyclic object or one holding a BigInt has no JSON: its string form still says something.
        return Object.prototype.toString.call(value);
      }
    default:
      // undefined (a missing variable) and functions show nothing.
      return '';
  }
}

/**
 * A card's items as read once per config: each label's text, each item's bound variable (null:
 * its value as typed) and the typed values' text. Per value change only the bound ones are read.
 */
export interface ItemPlan {
  labels: readonly string[];
  bound: readonly (string | null)[];
  typed: readonly string[];
}

export function planItems(items: readonly DataItem[]): ItemPlan {
  return {
    labels: items.map((i) => clipText(i.label)),
    bound: items.map((i) => boundVariable(i.value)),
    typed: items.map((i) => clipText(formatValue(i.value))),
  };
}

/**
 * Reads the items' values now into `values` (one text per item, the last ones read for the same
 * plan, or empty), in place: nothing is allocated per change but the texts themselves. Answers
 * whether any text changed.
 */
export function readValues(plan: ItemPlan, variables: VariableSource | null, values: string[]): boolean {
  const { bound, typed } = plan;
  let changed = false;
  if (values.length !== bound.length) {
    values.length = bound.length;
    changed = true;
  }
  for (let i = 0; i < bound.length; i++) {
    const name = bound[i];
    const value = name ? clipText(formatValue(variables?.read(name))) : typed[i]!;
    if (values[i] === value) continue;
    values[i] = value;
    changed = true;
  }
  return changed;
}
