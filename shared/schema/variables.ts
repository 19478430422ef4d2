import * as z from 'zod';

/*
 * Host variables on their way to a space's engine (issue 40: rules read them there). The page
 * forwards only the variables some rule reads, each changed value once per frame; the engine
 * checks every batch again (it never trusts the main thread) and keeps what it can use.
 */

/** What a rule can read: plain values. Objects, arrays and functions stay on the page. */
export type VariableValue = number | string | boolean | null;

/** Caps per batch: names a rule can hold, and more variables than any dashboard forwards. */
export const VARIABLE_LIMITS = { names: 4000, nameLength: 200, textLength: 1000 } as const;

const ValueSchema = z.union([z.number(), z.string().max(VARIABLE_LIMITS.textLength), z.boolean(), z.null()]);
const NameSchema = z.string().min(1).max(VARIABLE_LIMITS.nameLength);

/**
 * One batch, as the engine accepts it: name -> value. A value of another kind (an object, a text
 * over 1000 characters) is kept as null, "no usable value", rather than refusing the batch.
 */
export function readVariableBatch(input: unknown): Map<string, VariableValue> | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > VARIABLE_LIMITS.names) return null;
  const out = new Map<string, VariableValue>();
  for (const [name, value] of entries) {
    if (!NameSchema.safeParse(name).success) continue;
    const v = ValueSchema.safeParse(value);
    out.set(name, v.success ? v.data : null);
  }
  return out;
}

/**
 * A host value as the page forwards it: plain values as they are, a number-like object (a Date)
 * by its number, anything else (an object, a function) as null.
 */
export function plainValue(v: unknown): VariableValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > VARIABLE_LIMITS.textLength ? v.slice(0, VARIABLE_LIMITS.textLength) : v;
  if (v instanceof Date) return v.getTime();
  return null;
}
