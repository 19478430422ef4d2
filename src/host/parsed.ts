import type * as z from 'zod';
import { toIssues, type SchemaIssue } from '../../shared/schema/common';
import { repairParse } from '../../shared/schema/repair';

/** A config parsed with its widget's schema: the parsed value, or why it does not parse. */
export type Parsed<T> = { success: true; data: T } | { success: false; issues: SchemaIssue[] };

type Schema = z.ZodType;
const parsedBy = new WeakMap<object, WeakMap<object, Parsed<unknown>>>();
const repairedBy = new WeakMap<object, WeakMap<object, { value: unknown; issues: SchemaIssue[] }>>();

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

function cacheOf<V>(caches: WeakMap<object, WeakMap<object, V>>, schema: object): WeakMap<object, V> {
  let cache = caches.get(schema);
  if (!cache) caches.set(schema, (cache = new WeakMap()));
  return cache;
}

/**
 * Marks a value made by parsing (a settings panel's validated draft) as its own parse: when the
 * host hands it back, the panel and the space take it as it is instead of parsing it again. The
 * worker still parses what it receives: it never trusts the main thread.
 */
export function markParsed(schema: object, value: unknown): void {
  if (isObject(value)) cacheOf(parsedBy, schema).set(value, { success: true, data: value });
}

/**
 * A config the host handed over, parsed once per config object on the main thread: a settings
 * panel and the space showing the same stored config share one parse. Configs are immutable data
 * by the host contract (a change is a new object), which is what makes the object a safe key.
 * `prev` (the last valid config of the caller) lends its unchanged parts to the result (`share`),
 * so whoever compares it with its predecessor can do so by reference.
 */
export function parseConfig<S extends Schema>(schema: S, input: unknown, prev?: z.infer<S>): Parsed<z.infer<S>> {
  const cache = cacheOf(parsedBy, schema);
  const hit = isObject(input) ? cache.get(input) : undefined;
  if (hit) return hit as Parsed<z.infer<S>>;
  const r = schema.safeParse(input);
  const result: Parsed<z.infer<S>> = r.success
    ? { success: true, data: prev === undefined ? r.data : share(prev, r.data) }
    : { success: false, issues: toIssues(r.error) };
  if (isObject(input)) cache.set(input, result);
  if (result.success) markParsed(schema, result.data);
  return result;
}

/**
 * A stored config as a view or panel can use it: parsed, or where it does not parse, what
 * repairParse makes of it (broken fields at their defaults), with the issues of the config as
 * stored. Memoised like parseConfig.
 */
export function repairConfig<S extends Schema>(schema: S, input: unknown): { value: z.infer<S>; issues: SchemaIssue[] } {
  const r = parseConfig(schema, input);
  if (r.success) return { value: r.data, issues: [] };
  const cache = cacheOf(repairedBy, schema);
  const hit = isObject(input) ? cache.get(input) : undefined;
  if (hit) return hit as { value: z.infer<S>; issues: SchemaIssue[] };
  const repaired = { value: repairParse(schema, input).value, issues: r.issues };
  if (isObject(input)) cache.set(input, repaired);
  markParsed(schema, repaired.value);
  return repaired;
}

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (!isObject(v) || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * `next` with every part that equals (in content) the same part of `prev` replaced by prev's own,
 * and `prev` itself when nothing changed. The one content comparison of an edit: after it, an
 * unchanged config, section or model keeps its identity, and every later step (a panel's echo,
 * the patch queue, the model queue) compares by reference.
 */
export function share<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const before: readonly unknown[] = prev;
    const out = next.map((v: unknown, i) => share(before[i], v));
    return (out.length === prev.length && out.every((v, i) => v === prev[i]) ? prev : out) as T;
  }
  if (isPlain(prev) && isPlain(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      out[k] = share(prev[k], next[k]);
      if (out[k] !== prev[k] || !Object.hasOwn(prev, k)) same = false;
    }
    return (same ? prev : out) as T;
  }
  return next;
}
