import * as z from 'zod';
import { bool, colour, MSG, num, orderedPair, Vec3Schema } from './common';
import { ModelConfigSchema } from './model';
import { MAX_RULES } from './rule-list';

export { ruleVariables } from './rule-list';

/*
 * Rules (issue 40): the scene answers the data with no code. A rule on a model widget reads one
 * host variable, tests it (a condition, with hysteresis and a hold time), and while the test holds
 * its effects change the model or the chosen parts: colour, glow, opacity, visibility, blinking,
 * a colour ramp, a spin or a mapped transform that follow the value. Evaluated in the render
 * engine (worker/models/features/rules.ts) from the values the page forwards.
 */

/** Caps: a config from anyone's link cannot make the engine walk millions of rules. */
export const RULE_LIMITS = { rules: MAX_RULES, effects: 12, parts: 500, stops: 5, nameLength: 200, pathPoints: 64 } as const;

export const RULE_CONDITIONS = ['always', 'above', 'below', 'between', 'outside', 'equals', 'equalsText', 'isTrue', 'isFalse', 'changed'] as const;
export type RuleConditionKind = (typeof RULE_CONDITIONS)[number];

/** Conditions that compare a number (a text that is not one makes the rule say so, and not apply). */
export const NUMERIC_CONDITIONS: readonly RuleConditionKind[] = ['above', 'below', 'between', 'outside', 'equals'];
/** Conditions whose threshold a hovering value can cross back and forth: hysteresis applies to them. */
export const THRESHOLD_CONDITIONS: readonly RuleConditionKind[] = ['above', 'below', 'between', 'outside'];

export const RuleConditionSchema = z
  .object({
    kind: z.enum(RULE_CONDITIONS).default('above'),
    /** above, below, equals: the threshold. */
    value: num(0),
    /** between, outside: the range. */
    low: num(0),
    high: num(100),
    /** equalsText: compared with the value as text, exactly. */
    text: z.string().max(1000, { error: MSG.range }).default(''),
    /** changed: the state holds this many seconds after each change of the value. */
    withinS: num(5, 0.1, 86_400),
    /**
     * How far back across the threshold a value must go before the state ends (above: below
     * value - hysteresis). A value hovering at the threshold then does not flicker.
     */
    hysteresis: num(0, 0),
    /** The state shows only after the condition held this long (ms); ending it is immediate. */
    holdMs: num(0, 0, 3_600_000),
  })
  .superRefine(orderedPair('low', 'high', MSG.minAboveMax, false))
  .prefault({});

const COMMON = { enable: bool(true) };
const AXES = ['x', 'y', 'z'] as const;
export const RULE_TRANSFORMS = ['position', 'rotation', 'scale'] as const;

const RampStopSchema = z.object({ value: num(0), color: colour('#1677ff') });

export const RULE_EFFECTS = ['tint', 'glow', 'opacity', 'visible', 'blink', 'outline', 'ramp', 'spin', 'transform', 'flow', 'clip'] as const;
export const FLOW_STYLES = ['stripes', 'arrows'] as const;
export type RuleEffectType = (typeof RULE_EFFECTS)[number];

/** One schema per effect type, in RULE_EFFECTS' order. */
export const RULE_EFFECT_OPTIONS = [
  /** The parts take this colour (like a part colour in treeConfig: the colour map gives way). */
  z.object({ type: z.literal('tint'), ...COMMON, color: colour('#ff4d4f') }),
  /** The parts glow in this colour (emissive light; unlit materials take it as their colour). */
  z.object({ type: z.literal('glow'), ...COMMON, color: colour('#ff4d4f'), intensity: num(1, 0, 10) }),
  /** The parts' opacity is multiplied by this. */
  z.object({ type: z.literal('opacity'), ...COMMON, value: num(0.5, 0, 1) }),
  /** The parts' edges drawn over everything in this colour, as the editor outlines a selection. */
  z.object({ type: z.literal('outline'), ...COMMON, color: colour('#faad14') }),
  /**
   * One of the model's animation clips plays (at `speed`, or at value x `speed` when it follows the
   * value) while the rule applies, and stops (the pose as loaded) when it ends.
   */
  z.object({
    type: z.literal('clip'),
    ...COMMON,
    clip: z.string().max(RULE_LIMITS.nameLength, { error: MSG.range }).default(''),
    speed: num(1, -100, 100),
    followValue: bool(false),
  }),
  /** The parts are shown or hidden. */
  z.object({ type: z.literal('visible'), ...COMMON, value: bool(false) }),
  /**
   * The rule's other effects go on and off every half period; a rule with no other effect makes
   * the parts themselves blink (hidden for half of each period).
   */
  z.object({ type: z.literal('blink'), ...COMMON, periodMs: num(1000, 100, 60_000) }),
  /** The value picks a colour on a gradient of 2 to 5 stops (sorted by value; clamped at the ends). */
  z.object({
    type: z.literal('ramp'),
    ...COMMON,
    stops: z
      .array(RampStopSchema)
      .min(2, { error: MSG.range })
      .max(RULE_LIMITS.stops, { error: MSG.range })
      .default(() => [
        { value: 0, color: '#1677ff' },
        { value: 100, color: '#ff4d4f' },
      ]),
  }),
  /** The parts turn about their own axis at value x factor degrees per second (rpm: factor 6). */
  z.object({ type: z.literal('spin'), ...COMMON, axis: z.enum(AXES).default('y'), factor: num(6, -36_000, 36_000) }),
  /**
   * The value, from inLow..inHigh (clamped), moves the parts linearly from outLow to outHigh: added
   * to the position (model units) or rotation (degrees) the file gave them, or multiplying its scale.
   */
  z
    .object({
      type: z.literal('transform'),
      ...COMMON,
      property: z.enum(RULE_TRANSFORMS).default('rotation'),
      axis: z.enum(AXES).default('y'),
      inLow: num(0),
      inHigh: num(100),
      outLow: num(0),
      outHigh: num(90),
    })
    .superRefine(orderedPair('inLow', 'inHigh', MSG.minAboveMax, true)),
  /**
   * A motion indicator (Scene Composer's): stripes or arrows drawn over the parts that move along
   * their own axis at value x factor model units per second (0: still; negative: backwards), in
   * this colour. For pipes, belts and conveyors: straight runs along x, y or z of the part.
   */
  z.object({
    type: z.literal('flow'),
    ...COMMON,
    style: z.enum(FLOW_STYLES).default('arrows'),
    axis: z.enum(AXES).default('x'),
    color: colour('#52c41a'),
    /** Model units from one stripe or arrow to the next. */
    spacing: num(20, 0.001, 1e6),
    /** Share of each spacing drawn (the rest shows the part). */
    width: num(0.4, 0.05, 0.95),
    factor: num(1, -1e6, 1e6),
    /**
     * With 2 or more points (model units, first to last): the pattern runs along this path, on a
     * flat band `pathWidth` wide, instead of over the parts (a flow where the file has no pipe).
     */
    path: z.array(Vec3Schema).max(RULE_LIMITS.pathPoints, { error: MSG.range }).default(() => []),
    pathWidth: num(8, 0.001, 1e6),
  }),
] as const;

type EffectOption = (typeof RULE_EFFECT_OPTIONS)[number];

/**
 * An effect: its `type` picks the schema its fields are checked with, and issues keep their field
 * paths (the panel shows them under the rows). Written as a transform rather than zod's
 * discriminatedUnion on purpose: a zod feature used anywhere in a host's app lands in the zod code
 * every page of it loads, a dashboard viewer's too (the Next.js viewer page went over its 200 kB).
 * The JSON Schema lists the options all the same (json-schema.ts).
 */
export const RuleEffectSchema = z
  .looseObject({ type: z.enum(RULE_EFFECTS) })
  .transform((input, ctx): z.output<EffectOption> => {
    const option = RULE_EFFECT_OPTIONS.find((o) => o.shape.type.value === input.type)!;
    const r = option.safeParse(input);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.issues.push({ ...issue, input: issue.input, path: issue.path } as (typeof ctx.issues)[number]);
    return z.NEVER;
  });

export const RuleSchema = z.object({
  /** The designer's label for it (the panel shows it; not needed to apply). */
  name: z.string().max(RULE_LIMITS.nameLength, { error: MSG.range }).default(''),
  enable: bool(true),
  /** The host variable it reads (host.variables). */
  variable: z.string().max(RULE_LIMITS.nameLength, { error: MSG.range }).default(''),
  /** Tree keys or names of the parts it changes (as treeConfig's keys); none: the whole model. */
  parts: z.array(z.string().max(1000)).max(RULE_LIMITS.parts, { error: 'msg.tooManyRuleParts' }).default(() => []),
  condition: RuleConditionSchema,
  effects: z.array(RuleEffectSchema).max(RULE_LIMITS.effects, { error: 'msg.tooManyRuleEffects' }).default(() => []),
});

export const RulesSchema = z.array(RuleSchema).max(RULE_LIMITS.rules, { error: 'msg.tooManyRules' }).default(() => []);

/**
 * A model widget's config with every rule checked in full: what the model panel edits and the JSON
 * Schema documents (the model schema itself checks only the list's shape: rule-list.ts).
 */
export const ModelConfigWithRulesSchema = ModelConfigSchema.extend({ rules: RulesSchema });
export type ModelConfigWithRules = z.infer<typeof ModelConfigWithRulesSchema>;

export type Rule = z.infer<typeof RuleSchema>;
export type RuleCondition = z.infer<typeof RuleConditionSchema>;
export type RuleEffect = z.infer<typeof RuleEffectSchema>;

/** The default effect of a type (the panel's "add effect"). */
export function defaultEffect(type: RuleEffectType): RuleEffect {
  return RuleEffectSchema.parse({ type });
}

/** What an effect changes, for the panel's "overrides rule N for ..." notes. */
export type RuleProperty = 'colour' | 'glow' | 'opacity' | 'visible' | 'position' | 'rotation' | 'scale' | 'flow' | 'outline' | 'clip';

function propertiesOf(rule: Rule): Set<RuleProperty> {
  const out = new Set<RuleProperty>();
  const effects = rule.effects.filter((e) => e.enable);
  for (const e of effects) {
    if (e.type === 'tint' || e.type === 'ramp') out.add('colour');
    else if (e.type === 'glow' || e.type === 'opacity' || e.type === 'visible') out.add(e.type);
    else if (e.type === 'spin') out.add('rotation');
    else if (e.type === 'flow' || e.type === 'outline' || e.type === 'clip') out.add(e.type);
    else if (e.type === 'transform') out.add(e.property);
  }
  // A blink with nothing else to switch makes the parts themselves blink.
  if (effects.length > 0 && effects.every((e) => e.type === 'blink')) out.add('visible');
  return out;
}

/**
 * For each rule, the earlier rules it overrides where both apply (rule order: the later wins for the
 * same property of the same part). Parts overlap when they share an entry or either rule has none
 * (the whole model). Whether both conditions hold at once is the values' business: the panel says
 * "where both apply".
 */
export function ruleOverrides(rules: readonly Rule[]): Map<number, { over: number; what: RuleProperty[] }[]> {
  const out = new Map<number, { over: number; what: RuleProperty[] }[]>();
  const props = rules.map((r) => (r.enable && r.variable ? propertiesOf(r) : new Set<RuleProperty>()));
  rules.forEach((later, j) => {
    for (let i = 0; i < j; i++) {
      const earlier = rules[i]!;
      const overlap = later.parts.length === 0 || earlier.parts.length === 0 || later.parts.some((p) => earlier.parts.includes(p));
      const what = [...props[j]!].filter((p) => props[i]!.has(p));
      if (overlap && what.length) out.set(j, [...(out.get(j) ?? []), { over: i, what }]);
    }
  });
  return out;
}
