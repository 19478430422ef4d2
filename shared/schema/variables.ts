import * as z from 'zod';
import { MAX_VARIABLE_TEXT, type VariableValue } from '../variable-value';

export type { VariableValue } from '../variable-value';

/*
 * Host variables on their way to a space's engine (issue 40: rules read them there). The page
 * forwards only the variables some rule reads, each changed value once per frame; the engine
 * checks every batch again (it never trusts the main thread) and keeps what it can use.
 */

/** Caps per batch: names a rule can hold, and more variables than any dashboard forwards. */
export const VARIABLE_LIMITS = { names: 4000, nameLength: 200, textLength: MAX_VARIABLE_TEXT } as const;

const ValueSchema = z.union([z.number(), z.string().max(VARIABLE_LIMITS.textLength), z.boolean(), z.literal(null)]);
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
