import * as z from 'zod';

/*
 * The `rules` field of a model widget as every reader of a model config sees it (issue 40): a list
 * of at most 200 objects, each checked in full, rule by rule, where a rule is applied (the render
 * engine: worker/models/features/rules.ts) and where it is edited (the model panel, with
 * shared/schema/rules.ts's RuleSchema). A page that only shows a dashboard forwards them and reads
 * their variable names; one broken rule is named and skipped, the others still apply, and nothing
 * of it is lost from the stored config.
 */

/** The cap on rules per model (the message names it). */
export const MAX_RULES = 200;

export const RuleListSchema = z.array(z.looseObject({})).max(MAX_RULES, { error: 'msg.tooManyRules' }).default(() => []);

/** The variables the enabled rules of a model read (what the page forwards to the engine for it), once each. */
export function ruleVariables(rules: readonly object[]): string[] {
  const names = new Set<string>();
  for (const r of rules as { enable?: unknown; variable?: unknown }[]) {
    if (r.enable !== false && typeof r.variable === 'string' && r.variable) names.add(r.variable);
  }
  return [...names];
}
