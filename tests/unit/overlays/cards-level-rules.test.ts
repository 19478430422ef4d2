import { describe, expect, it } from 'vitest';
import { CardConfigSchema, CardLevelSchema } from '../../../shared/schema/card';
import { inAlarm } from '../../../worker/overlays/cards/alarm';
import { distanceRule } from '../../../worker/overlays/cards/placement';
import { parseCard } from '../../../worker/overlays/cards/input';

/*
 * Issue 18 point 3: a card's levelConfig. The alarm reads its watched item as a number; the
 * distance range hides a card outside it; scale by distance shrinks it from near to far.
 */

const level = (over: Record<string, unknown> = {}) => CardLevelSchema.parse(over);
const items = (...values: string[]) => values.map((value, i) => ({ label: `L${i}`, value }));

describe('card levels: schema defaults', () => {
  it('keep the look of a few cards: priority 0, no range, no alarm', () => {
    expect(CardConfigSchema.parse({}).levelConfig).toMatchObject({
      priority: 0,
      alwaysShow: false,
      distanceRange: false,
      scaleByDistance: false,
      alarmMode: 'none',
    });
  });
  it('refuse a far distance not beyond the near one, and a low limit above the high one', () => {
    const r = CardLevelSchema.safeParse({ nearDistance: 50, farDistance: 50 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['nearDistance', 'farDistance']);
    expect(CardLevelSchema.safeParse({ alarmLow: 10, alarmHigh: 5 }).success).toBe(false);
    expect(CardLevelSchema.safeParse({ alarmColor: 'not a colour' }).success).toBe(false);
  });
});

describe('card levels: alarm', () => {
  it('is off without a mode, whatever the value', () => {
    expect(inAlarm(level(), items('1e9'))).toBe(false);
  });
  it('reads the watched item as a designer writes a number, units and spaces included', () => {
    const above = level({ alarmMode: 'above', alarmHigh: 50, alarmItem: 2 });
    expect(inAlarm(above, items('99', '57.5 °C'))).toBe(true);
    expect(inAlarm(above, items('99', ' 50'))).toBe(false);
    expect(inAlarm(above, items('99', '-4'))).toBe(false);
  });
  it('below, outside, and a value that is no number or no item is never an alarm', () => {
    const below = level({ alarmMode: 'below', alarmLow: 10 });
    expect(inAlarm(below, items('9.99'))).toBe(true);
    expect(inAlarm(below, items('n/a'))).toBe(false);
    expect(inAlarm(below, items(''))).toBe(false);
    expect(inAlarm(level({ alarmMode: 'below', alarmItem: 3 }), items('-100'))).toBe(false);
    const outside = level({ alarmMode: 'outside', alarmLow: 0, alarmHigh: 10 });
    expect([inAlarm(outside, items('-1')), inAlarm(outside, items('5')), inAlarm(outside, items('11'))]).toEqual([true, false, true]);
  });
  it('is worked out by the worker when a card arrives, and again for a value-only update', () => {
    const config = { levelConfig: { alarmMode: 'above', alarmHigh: 50 } };
    const first = parseCard({ config, items: items('40'), active: false });
    expect(first.ok && first.card.alarm).toBe(false);
    const next = parseCard({ items: items('60'), active: false }, first.ok ? first.card : undefined);
    expect(next.ok && next.card.alarm).toBe(true);
  });
});

describe('card levels: distance', () => {
  it('a range hides the card outside it, and nothing without one', () => {
    const ranged = level({ distanceRange: true, nearDistance: 10, farDistance: 100 });
    expect([5, 10, 50, 100, 101].map((d) => distanceRule(ranged, d).outOfRange)).toEqual([true, false, false, false, true]);
    expect(distanceRule(level(), 1e6)).toEqual({ outOfRange: false, scale: 1 });
  });
  it('scale by distance goes from 1 at near to farScale at far, and stays there', () => {
    const scaled = level({ scaleByDistance: true, nearDistance: 100, farDistance: 300, farScale: 0.5 });
    expect([0, 100, 200, 300, 1000].map((d) => distanceRule(scaled, d).scale)).toEqual([1, 1, 0.75, 0.5, 0.5]);
  });
});
