import { expect } from 'vitest';
import type * as z from 'zod';
import { MSG, toIssues, type SchemaIssue } from '../../../shared/schema';

export function issuesOf(schema: z.ZodType, input: unknown): SchemaIssue[] {
  const r = schema.safeParse(input);
  return r.success ? [] : toIssues(r.error);
}

/** `{a: {b: v}}` from 'a.b'; numeric segments build arrays, so 'lights.0.x' gives `{lights: [{x: v}]}`. */
export function at(path: string, value: unknown): unknown {
  return path.split('.').reduceRight<unknown>((inner, seg) => {
    if (/^\d+$/.test(seg)) {
      const arr: unknown[] = [];
      arr[Number(seg)] = inner;
      return arr;
    }
    return { [seg]: inner };
  }, value);
}

/** Reads a dotted path out of a parsed value. */
export function get(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, seg) => (v as Record<string, unknown>)?.[seg], value);
}

/** `at(path, value)` with more dotted paths set beside it; `path` itself wins. */
export function atAll(path: string, value: unknown, others: Record<string, unknown> = {}): unknown {
  let root: unknown;
  for (const [p, v] of [...Object.entries(others), [path, value] as const]) root = merge(root, at(p, v));
  return root;
}

function merge(a: unknown, b: unknown): unknown {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return b;
  const out: Record<string, unknown> = Array.isArray(a) ? ([...(a as unknown[])] as unknown as Record<string, unknown>) : { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v);
  return out;
}

/**
 * Just-inside values parse and are kept; just-outside values fail at exactly that path with the
 * range key. `others` sets the fields a cross-field rule pairs it with (a minimum's maximum).
 */
export function expectRange(schema: z.ZodType, path: string, inside: number[], outside: number[], others?: Record<string, unknown>) {
  for (const v of inside) {
    const r = schema.safeParse(atAll(path, v, others));
    expect(r.success, `${path} = ${v} should be accepted`).toBe(true);
    expect(get(r.data, path)).toBe(v);
  }
  for (const v of outside) {
    expect(issuesOf(schema, atAll(path, v, others)), `${path} = ${v} should be refused`).toEqual([
      { path, message: MSG.range },
    ]);
  }
}
