import { expect } from 'vitest';
import type { z } from 'zod';
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

/** Just-inside values parse and are kept; just-outside values fail at exactly that path with the range key. */
export function expectRange(schema: z.ZodType, path: string, inside: number[], outside: number[]) {
  for (const v of inside) {
    const r = schema.safeParse(at(path, v));
    expect(r.success, `${path} = ${v} should be accepted`).toBe(true);
    expect(get(r.data, path)).toBe(v);
  }
  for (const v of outside) {
    expect(issuesOf(schema, at(path, v)), `${path} = ${v} should be refused`).toEqual([
      { path, message: MSG.range },
    ]);
  }
}
