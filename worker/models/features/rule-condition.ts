import { NUMERIC_CONDITIONS, type RuleCondition } from '../../../shared/schema/rules';
import type { VariableValue } from '../../../shared/schema/variables';

/**
 * A variable's value as a number: finite numbers, numeric texts ("42.5", as many IoT feeds send
 * them) and booleans (1 and 0); anything else is null (the rule says so and does not apply).
 */
export function numberOf(v: VariableValue | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A value read as true or false: booleans, numbers (non-zero), and the usual words. */
function truthOf(v: VariableValue | undefined): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v !== 0 : null;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', 'on', 'yes', '1', 'open'].includes(s)) return true;
    if (['false', 'off', 'no', '0', 'closed', ''].includes(s)) return false;
  }
  return null;
}

export interface ConditionResult {
  /** The rule's state shows now. */
  active: boolean;
  /** When (performance.now() ms) the state may change without a new value (hold time, "changed"). */
  recheckAt: number | null;
  /** The value cannot be tested this way ('not-a-number'), or the variable has no value yet ('no-value'). */
  problem: 'not-a-number' | 'no-value' | null;
}

/**
 * One rule's condition over time. `evaluate` is called with the variable's value on every change
 * and at `recheckAt`; it remembers whether the raw test held (for hysteresis: the way back across
 * a threshold is `hysteresis` further) and since when (the hold time: the state shows only after
 * the test held `holdMs` without a break; leaving is immediate).
 */
export class ConditionState {
  private held = false;
  private since = 0;

  constructor(private readonly c: RuleCondition) {}

  evaluate(value: VariableValue | undefined, changedAt: number, now: number): ConditionResult {
    const raw = this.test(value, changedAt, now);
    if (raw.problem) {
      this.held = false;
      return { active: false, recheckAt: null, problem: raw.problem };
    }
    if (raw.held && !this.held) this.since = now;
    this.held = raw.held;
    if (!raw.held) return { active: false, recheckAt: raw.until, problem: null };
    const showsAt = this.since + this.c.holdMs;
    if (now < showsAt) return { active: false, recheckAt: raw.until === null ? showsAt : Math.min(showsAt, raw.until), problem: null };
    return { active: true, recheckAt: raw.until, problem: null };
  }

  private test(
    value: VariableValue | undefined,
    changedAt: number,
    now: number,
  ): { held: boolean; until: number | null; problem?: ConditionResult['problem'] } {
    const c = this.c;
    // null: the host has no usable value (a sensor that reports none): nothing to test, nothing to say.
    if (value === undefined || value === null) return { held: false, until: null, problem: 'no-value' };
    if (c.kind === 'always') return { held: true, until: null };
    if (c.kind === 'changed') {
      const until = changedAt + c.withinS * 1000;
      return changedAt > 0 && now < until ? { held: true, until } : { held: false, until: null };
    }
    if (c.kind === 'equalsText') return { held: String(value) === c.text, until: null };
    if (c.kind === 'isTrue' || c.kind === 'isFalse') {
      const truth = truthOf(value);
      if (truth === null) return { held: false, until: null, problem: 'not-a-number' };
      return { held: truth === (c.kind === 'isTrue'), until: null };
    }
    const n = numberOf(value);
    if (n === null) return { held: false, until: null, problem: NUMERIC_CONDITIONS.includes(c.kind) ? 'not-a-number' : null };
    // Once held, the test lets go only `h` beyond the threshold: the way back is wider.
    const h = this.held ? c.hysteresis : 0;
    switch (c.kind) {
      case 'above':
        return { held: n > c.value - h, until: null };
      case 'below':
        return { held: n < c.value + h, until: null };
      case 'between':
        return { held: n >= c.low - h && n <= c.high + h, until: null };
      case 'outside':
        return { held: n < c.low + h || n > c.high - h, until: null };
      case 'equals':
        return { held: n === c.value, until: null };
    }
  }
}

/** The value mapped from [inLow, inHigh] onto [outLow, outHigh], clamped at both ends. */
export function mapRange(n: number, inLow: number, inHigh: number, outLow: number, outHigh: number): number {
  const k = inHigh === inLow ? 0 : Math.min(1, Math.max(0, (n - inLow) / (inHigh - inLow)));
  return outLow + (outHigh - outLow) * k;
}
