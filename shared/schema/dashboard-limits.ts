import type { SchemaIssue } from './common';

/**
 * Bounds on a dashboard document, checked before zod sees it. zod parses nested `children`
 * recursively, so a hostile 5000-deep document would exhaust the stack inside the schema and come
 * back as a bare '(root): Invalid setting'. This walk is iterative and stops at the first limit.
 *
 * - Nesting: a 3D space holds models, cards and groups (2 levels), and a host may wrap a space in
 *   its own rows, tabs or panels; 32 levels leaves room for any real layout while keeping every
 *   recursive walk of the tree (React rendering, the editor's tree functions) shallow.
 * - Widget count: 5000 widgets is far beyond any dashboard a person can edit (each one is a frame
 *   on the canvas) and keeps a document's walk, its React tree and its duplicate-id check small.
 *   Documents are also capped in bytes (10 MB, the service's MEDIA_MAX_DASHBOARD_MB default).
 */
export const DASHBOARD_LIMITS = { maxNesting: 32, maxWidgets: 5000 } as const;

/** Message keys of these checks; texts in shared/i18n/parts/documents.ts, with `{limit}` / `{id}`. */
export const LIMIT_MSG = {
  tooDeep: 'msg.nestingTooDeep',
  tooMany: 'msg.tooManyWidgets',
  duplicateId: 'msg.duplicateWidgetId',
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The first nesting or count limit `json` breaks, or null. Only arrays under `widgets` and
 * `children` are followed; anything of the wrong shape is left for the schema to name.
 */
export function checkDashboardLimits(json: unknown, limits = DASHBOARD_LIMITS): SchemaIssue | null {
  if (!isRecord(json) || !Array.isArray(json.widgets)) return null;
  // Depth-first in document order, so the node named is the first too-deep one a reader meets.
  const stack: { list: unknown[]; path: string; level: number }[] = [{ list: json.widgets, path: 'widgets', level: 1 }];
  let count = 0;
  while (stack.length) {
    const { list, path, level } = stack.pop()!;
    for (let i = list.length - 1; i >= 0; i--) {
      const w = list[i];
      if (!isRecord(w) || !Array.isArray(w.children) || w.children.length === 0) continue;
      stack.push({ list: w.children, path: `${path}.${i}.children`, level: level + 1 });
    }
    if (level > limits.maxNesting) {
      return { path: `${path}.0`, message: LIMIT_MSG.tooDeep, params: { limit: limits.maxNesting } };
    }
    count += list.length;
    if (count > limits.maxWidgets) return { path: 'widgets', message: LIMIT_MSG.tooMany, params: { limit: limits.maxWidgets } };
  }
  return null;
}

interface IdNode {
  id: string;
  children: IdNode[];
}

/** Every widget id after its first use, named at the path of that later occurrence. */
export function duplicateIdIssues(widgets: IdNode[], path = 'widgets', seen = new Set<string>(), issues: SchemaIssue[] = []): SchemaIssue[] {
  // Recursion is safe here: checkDashboardLimits has bounded the depth before this runs.
  widgets.forEach((w, i) => {
    const at = `${path}.${i}`;
    if (seen.has(w.id)) issues.push({ path: `${at}.id`, message: LIMIT_MSG.duplicateId, params: { id: w.id } });
    seen.add(w.id);
    duplicateIdIssues(w.children, `${at}.children`, seen, issues);
  });
  return issues;
}
