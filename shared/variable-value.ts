/*
 * A host variable's value as it crosses to a space's engine (issue 40): plain values only. Kept
 * apart from the engine's check of a batch (shared/schema/variables.ts), so a viewer page carries
 * no schema for it.
 */

/** What a rule or a script can read: plain values. Objects, arrays and functions stay on the page. */
export type VariableValue = number | string | boolean | null;

/** The longest text forwarded; longer ones are cut. */
export const MAX_VARIABLE_TEXT = 1000;

/**
 * A host value as the page forwards it: plain values as they are, a Date by its number, anything
 * else (an object, a function) as null.
 */
export function plainValue(v: unknown): VariableValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > MAX_VARIABLE_TEXT ? v.slice(0, MAX_VARIABLE_TEXT) : v;
  if (v instanceof Date) return v.getTime();
  return null;
}
