import { repairParse } from '../../../shared/schema/repair';
import type { SchemaIssue } from '../../../shared/schema/common';
import { ModelLimitsSchema } from '../../../shared/schema/limits';

/**
 * The host's model caps as an engine start takes them: parsed here first, a bad one shown among
 * the space's issues (under `limits.`) and its default used.
 */
export function parseHostLimits(limits: unknown, setIssues: (fn: (list: SchemaIssue[]) => SchemaIssue[]) => void) {
  const caps = repairParse(ModelLimitsSchema, limits ?? {});
  if (caps.issues.length) {
    console.error('[dash3d] invalid model limits:', caps.issues);
    setIssues((list) => [...list, ...caps.issues.map((i) => ({ ...i, path: `limits.${i.path}` }))]);
  }
  return caps;
}
