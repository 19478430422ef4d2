import type * as z from 'zod';
import { toIssues, type SchemaIssue } from './common';

/**
 * Parse a stored config that may hold bad values without losing the good ones: each offending
 * field is dropped (so its default applies) and reported. Used where there is no previous valid
 * config to keep (first load). Garbage that is not an object becomes `{}`.
 */
export function repairParse<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { value: z.infer<S>; issues: SchemaIssue[] } {
  const issues: SchemaIssue[] = [];
  let data: unknown = isObject(input) ? structuredClone(input) : {};
  if (!isObject(input) && input !== undefined) issues.push({ path: '(root)', message: 'msg.invalidConfig' });
  for (let attempt = 0; attempt < 50; attempt++) {
    const r = schema.safeParse(data);
    if (r.success) return { value: r.data, issues };
    issues.push(...toIssues(r.error));
    for (const issue of r.error.issues) data = dropPath(data, issue.path);
  }
  // Still failing after dropping fields: fall back to all defaults rather than throw.
  return { value: schema.parse({}), issues };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Remove the deepest existing key along `path` (array items are removed, not left as holes). */
function dropPath(root: unknown, path: PropertyKey[]): unknown {
  if (path.length === 0) return {};
  let node: unknown = root;
  for (const [i, key] of path.slice(0, -1).entries()) {
    const next = (node as Record<PropertyKey, unknown>)?.[key];
    if (typeof next !== 'object' || next === null) {
      return removeKey(root, path.slice(0, i + 1));
    }
    node = next;
  }
  return removeKey(root, path);
}

function removeKey(root: unknown, path: PropertyKey[]): unknown {
  const parent = path.slice(0, -1).reduce<unknown>((n, k) => (n as Record<PropertyKey, unknown>)?.[k], root);
  const key = path.at(-1);
  if (key === undefined) return root; // an empty path names nothing to remove
  // A required field that is missing: the whole parent entry has to go.
  if (parent && typeof parent === 'object' && !(key in parent) && path.length > 1) {
    return removeKey(root, path.slice(0, -1));
  }
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else if (parent && typeof parent === 'object') delete (parent as Record<PropertyKey, unknown>)[key];
  return root;
}
