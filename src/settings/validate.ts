import { isMessageKey } from '../../shared/i18n/editor';
import { MSG, type SchemaIssue } from '../../shared/schema/common';
import { getIn, pathKey, setIn } from './schemaPath';

/** What `safeParse` needs; any zod schema fits. */
export interface Parser<T> {
  safeParse(
    v: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Dotted path → message key. zod's own texts (a type error) become the generic 'Invalid setting' key. */
export type IssueMap = ReadonlyMap<string, string>;

export interface Validation<T> {
  issues: IssueMap;
  /** A valid config to send, or null when nothing valid could be made of the draft. */
  next: T | null;
}

const messageKey = (message: string) => (isMessageKey(message) ? message : MSG.invalidConfig);

const toMap = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): Map<string, string> =>
  new Map(issues.map((i) => [pathKey(i.path), messageKey(i.message)]));

/** Issues as reported elsewhere (shared/schema toIssues: dotted paths), keyed like a draft's own. */
export const issueMap = (issues: readonly SchemaIssue[]): IssueMap => new Map(issues.map((i) => [i.path, messageKey(i.message)]));

/**
 * Validates the form's draft (the whole next config). When it fails, every invalid value is held
 * back at its last valid value and the rest is sent: one out-of-range field must not freeze the
 * others, and an invalid value never reaches the scene. A value with no valid counterpart (a new
 * list entry) holds back the nearest enclosing value that has one (the whole list).
 */
export function validateDraft<T>(schema: Parser<T>, draft: unknown, lastValid: T): Validation<T> {
  const first = schema.safeParse(draft);
  if (first.success) return { issues: new Map(), next: first.data };
  const issues = toMap(first.error.issues);

  let patched: unknown = structuredClone(draft);
  let failing = first.error.issues;
  // Each round can only widen what is held back, so a few rounds always settle.
  for (let round = 0; round < 4; round++) {
    for (const issue of failing) patched = holdBack(patched, issue.path, lastValid);
    const again = schema.safeParse(patched);
    if (again.success) return { issues, next: again.data };
    failing = again.error.issues;
  }
  return { issues, next: null };
}

function holdBack(draft: unknown, path: readonly PropertyKey[], lastValid: unknown): unknown {
  for (let n = path.length; n > 0; n--) {
    const prefix = path.slice(0, n);
    const valid = getIn(lastValid, prefix);
    if (valid !== undefined && setIn(draft, prefix, structuredClone(valid))) return draft;
  }
  return structuredClone(lastValid);
}

export function sameIssues(a: IssueMap, b: IssueMap): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
