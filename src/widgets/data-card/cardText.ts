import type { VariableSource } from '../../host/types';
import { CARD_TEXT_MAX_CHARS, type DataItem } from '../../../shared/schema/card';
import type { CardItemText } from '../../../shared/overlays';

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
 * One data item as shown: its label, and its value (the bound variable's, live, or as typed).
 * `name` is the item's binding when the caller already knows it (the card store, per value change).
 */
export function resolveItem(item: DataItem, variables: VariableSource | null, name = boundVariable(item.value)): CardItemText {
  const raw = name ? variables?.read(name) : item.value;
  return { label: clipText(item.label), value: clipText(formatValue(raw)) };
}

/** Whether two resolved item lists show the same text (so the older list can be kept by reference). */
export function sameItems(a: readonly CardItemText[], b: readonly CardItemText[]): boolean {
  return a.length === b.length && a.every((x, i) => x.label === b[i]!.label && x.value === b[i]!.value);
}
