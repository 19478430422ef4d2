import { describe, expect, it } from 'vitest';
import {
  ModelConfigWithRulesSchema,
  RuleConditionSchema,
  RuleSchema,
  RulesSchema,
  RULE_LIMITS,
  ruleVariables,
} from '../../shared/schema/rules';
import { ModelConfigSchema } from '../../shared/schema/model';
import { readVariableBatch } from '../../shared/schema/variables';
import { plainValue } from '../../shared/variable-value';
import { ConditionState, mapRange, numberOf } from '../../worker/models/features/rule-condition';
import { rampColour } from '../../worker/models/features/rule-effects';
import { VariableHub } from '../../worker/engine/variables';

const cond = (c: object) => RuleConditionSchema.parse(c);

describe('rules schema', () => {
  it('a model without rules parses as before, with an empty list; the model schema checks the list, the full one each rule', () => {
    expect(ModelConfigSchema.parse({}).rules).toEqual([]);
    // A broken rule does not make the model's config invalid (the engine skips that rule alone)...
    const broken = { rules: [{ variable: 't', condition: { kind: 'between', low: 9, high: 1 } }] };
    expect(ModelConfigSchema.safeParse(broken).success).toBe(true);
    expect(ModelConfigSchema.safeParse({ rules: [1] }).success).toBe(false);
    // ...while the panel's schema names it.
    expect(ModelConfigWithRulesSchema.safeParse(broken).error!.issues.map((i) => i.path.join('.'))).toEqual([
      'rules.0.condition.low',
      'rules.0.condition.high',
    ]);
  });

  it('fills a rule with defaults and refuses a range with its low above its high, at both fields', () => {
    const r = RuleSchema.parse({ variable: 't', effects: [{ type: 'tint' }] });
    expect(r).toMatchObject({ enable: true, parts: [], condition: { kind: 'above', value: 0, hysteresis: 0, holdMs: 0 } });
    expect(r.effects[0]).toEqual({ type: 'tint', enable: true, color: '#ff4d4f' });
    const bad = RuleConditionSchema.safeParse({ kind: 'between', low: 10, high: 5 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['low', 'msg.minAboveMax'],
      ['high', 'msg.minAboveMax'],
    ]);
  });

  it('caps rules, effects and ramp stops with messages that name the cap', () => {
    const many = RulesSchema.safeParse(Array.from({ length: RULE_LIMITS.rules + 1 }, () => ({})));
    expect(many.error!.issues[0]!.message).toBe('msg.tooManyRules');
    const effects = RuleSchema.safeParse({ effects: Array.from({ length: RULE_LIMITS.effects + 1 }, () => ({ type: 'visible' })) });
    expect(effects.error!.issues[0]!.message).toBe('msg.tooManyRuleEffects');
    const stops = RuleSchema.safeParse({ effects: [{ type: 'ramp', stops: [{ value: 0, color: '#000' }] }] });
    expect(stops.success).toBe(false);
    expect(RuleSchema.safeParse({ effects: [{ type: 'wobble' }] }).success).toBe(false);
    // An effect's field out of its range is named at its own path (the panel shows it under its row).
    const glow = RuleSchema.safeParse({ effects: [{ type: 'tint' }, { type: 'glow', intensity: 99 }] });
    expect(glow.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['effects.1.intensity', 'msg.valueRange']]);
    expect(RuleSchema.parse({ effects: [{ type: 'glow' }] }).effects[0]).toEqual({
      type: 'glow',
      enable: true,
      color: '#ff4d4f',
      intensity: 1,
    });
    expect(RuleSchema.safeParse({ effects: [{ type: 'transform', inLow: 5, inHigh: 5 }] }).success).toBe(false);
  });

  it('lists the variables enabled rules read, once each', () => {
    const rules = RulesSchema.parse([{ variable: 'a' }, { variable: 'b', enable: false }, { variable: 'a' }, { variable: '' }]);
    expect(ruleVariables(rules)).toEqual(['a']);
  });
});

describe('a rule condition over time', () => {
  it('above with hysteresis: enters above the threshold, leaves only below threshold - hysteresis', () => {
    const s = new ConditionState(cond({ kind: 'above', value: 50, hysteresis: 5 }));
    const seq = [40, 51, 49, 46, 44.9, 50, 50.1].map((v) => s.evaluate(v, 0, 0).active);
    expect(seq).toEqual([false, true, true, true, false, false, true]);
  });

  it('below, between and outside widen their way back by the hysteresis', () => {
    const below = new ConditionState(cond({ kind: 'below', value: 10, hysteresis: 2 }));
    expect([12, 9, 11.5, 12.1].map((v) => below.evaluate(v, 0, 0).active)).toEqual([false, true, true, false]);
    const between = new ConditionState(cond({ kind: 'between', low: 10, high: 20, hysteresis: 1 }));
    expect([9.5, 10, 20.5, 21.5, 20].map((v) => between.evaluate(v, 0, 0).active)).toEqual([false, true, true, false, true]);
    const outside = new ConditionState(cond({ kind: 'outside', low: 10, high: 20, hysteresis: 1 }));
    expect([15, 21, 19.5, 18.9].map((v) => outside.evaluate(v, 0, 0).active)).toEqual([false, true, true, false]);
  });

  it('a hold time shows the state only after the test held that long, and asks to be checked then', () => {
    const s = new ConditionState(cond({ kind: 'above', value: 0, holdMs: 1000 }));
    expect(s.evaluate(5, 0, 100)).toEqual({ active: false, recheckAt: 1100, problem: null });
    expect(s.evaluate(6, 0, 600).active).toBe(false);
    expect(s.evaluate(6, 0, 1100).active).toBe(true);
    // A break starts the hold again.
    expect(s.evaluate(-1, 0, 1200).active).toBe(false);
    expect(s.evaluate(3, 0, 1300)).toEqual({ active: false, recheckAt: 2300, problem: null });
  });

  it('changed holds for its seconds after each change', () => {
    const s = new ConditionState(cond({ kind: 'changed', withinS: 2 }));
    expect(s.evaluate(1, 0, 500).active).toBe(false); // no change seen yet
    expect(s.evaluate(1, 1000, 1000)).toEqual({ active: true, recheckAt: 3000, problem: null });
    expect(s.evaluate(1, 1000, 3000).active).toBe(false);
  });

  it('equals, text, true and false; a value of the wrong kind is a problem, no value is none', () => {
    expect(new ConditionState(cond({ kind: 'equals', value: 3 })).evaluate('3', 0, 0).active).toBe(true);
    expect(new ConditionState(cond({ kind: 'equalsText', text: 'open' })).evaluate('open', 0, 0).active).toBe(true);
    expect(new ConditionState(cond({ kind: 'isTrue' })).evaluate('on', 0, 0).active).toBe(true);
    expect(new ConditionState(cond({ kind: 'isFalse' })).evaluate(0, 0, 0).active).toBe(true);
    expect(new ConditionState(cond({ kind: 'above' })).evaluate('offline', 0, 0).problem).toBe('not-a-number');
    expect(new ConditionState(cond({ kind: 'isTrue' })).evaluate('maybe', 0, 0).problem).toBe('not-a-number');
    expect(new ConditionState(cond({ kind: 'always' })).evaluate(null, 0, 0)).toEqual({
      active: false,
      recheckAt: null,
      problem: 'no-value',
    });
  });

  it('reads numbers from numbers, numeric texts and booleans only', () => {
    expect([1.5, '42.5', ' 7 ', true, false, '', 'x', NaN, Infinity, null].map((v) => numberOf(v))).toEqual([
      1.5,
      42.5,
      7,
      1,
      0,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('maps a value linearly and clamps it at both ends of the range', () => {
    expect(mapRange(50, 0, 100, 0, 90)).toBe(45);
    expect(mapRange(-10, 0, 100, 0, 90)).toBe(0);
    expect(mapRange(500, 0, 100, 10, -10)).toBe(-10);
  });

  it('a ramp mixes its stops in sRGB, sorted by value, and holds its end colours beyond them', () => {
    const stops = [
      { value: 100, color: '#ff0000' },
      { value: 0, color: '#0000ff' },
    ];
    expect(rampColour(stops, 25)).toBe('#4000bf');
    expect(rampColour(stops, -5)).toBe('#0000ff');
    expect(rampColour(stops, 1e9)).toBe('#ff0000');
    expect(rampColour([...stops, { value: 50, color: 'rgb(0, 255, 0)' }], 75)).toBe('#808000');
  });
});

describe('host variables crossing to the engine', () => {
  it('keeps plain values, makes other kinds null, refuses what is not a record or over the cap', () => {
    const batch = readVariableBatch({ a: 1, b: 'x', c: true, d: null, e: { nested: 1 }, f: 'y'.repeat(1001) });
    expect(Object.fromEntries(batch!)).toEqual({ a: 1, b: 'x', c: true, d: null, e: null, f: null });
    expect(readVariableBatch([1, 2])).toBeNull();
    expect(readVariableBatch('a')).toBeNull();
    expect(readVariableBatch(Object.fromEntries(Array.from({ length: 4001 }, (_, i) => [`v${i}`, i])))).toBeNull();
    expect([plainValue(undefined), plainValue(new Date(5)), plainValue(() => 1), plainValue([1])]).toEqual([null, 5, null, null]);
  });

  it('the engine tells its listeners once per batch, only of the names whose values changed', () => {
    const hub = new VariableHub();
    const heard: string[][] = [];
    hub.subscribe((names) => heard.push([...names]));
    hub.set(
      new Map<string, number | string>([
        ['a', 1],
        ['b', 'x'],
      ]),
      10,
    );
    hub.set(
      new Map<string, number | string>([
        ['a', 1],
        ['b', 'y'],
      ]),
      20,
    );
    hub.set(new Map([['a', 1]]), 30);
    expect(heard).toEqual([['a', 'b'], ['b']]);
    expect([hub.get('b'), hub.changedAt('a'), hub.changedAt('b'), hub.changedAt('none')]).toEqual(['y', 10, 20, 0]);
  });
});
