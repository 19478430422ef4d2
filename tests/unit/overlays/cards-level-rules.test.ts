import { describe, expect, it } from 'vitest';
import { CardConfigSchema, CardLevelSchema } from '../../../shared/schema/card';
import { levelOf } from '../../../worker/overlays/cards/alarm';
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
      levels: [],
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

/** The level a card is in, by name ('' normal), from its levelConfig as stored. */
const inLevel = (config: Record<string, unknown>, values: string[]) => levelOf(level(config), items(...values))?.name ?? '';
const inAlarm = (config: Record<string, unknown>, values: string[]) => levelOf(level(config), items(...values)) !== null;

describe('card levels: an alarm stored before levels (issue 18) is the first level', () => {
  it('is off without a mode, whatever the value', () => {
    expect(inAlarm({}, ['1e9'])).toBe(false);
  });
  it('reads the watched item as a designer writes a number, units and spaces included', () => {
    const above = { alarmMode: 'above', alarmHigh: 50, alarmItem: 2 };
    expect(inAlarm(above, ['99', '57.5 °C'])).toBe(true);
    expect(inAlarm(above, ['99', ' 50'])).toBe(false);
    expect(inAlarm(above, ['99', '-4'])).toBe(false);
  });
  it('below, outside, and a value that is no number or no item is never an alarm', () => {
    const below = { alarmMode: 'below', alarmLow: 10 };
    expect(inAlarm(below, ['9.99'])).toBe(true);
    expect(inAlarm(below, ['n/a'])).toBe(false);
    expect(inAlarm(below, [''])).toBe(false);
    expect(inAlarm({ alarmMode: 'below', alarmItem: 3 }, ['-100'])).toBe(false);
    const outside = { alarmMode: 'outside', alarmLow: 0, alarmHigh: 10 };
    expect([inAlarm(outside, ['-1']), inAlarm(outside, ['5']), inAlarm(outside, ['11'])]).toEqual([true, false, true]);
  });
  it('migrates to one level with its mode, limits and colour, and is stored once when saved again', () => {
    const parsed = level({ alarmMode: 'below', alarmLow: 3, alarmHigh: 9, alarmColor: '#123456' });
    expect(parsed.alarmMode).toBe('none');
    expect(parsed.levels).toEqual([
      expect.objectContaining({ mode: 'below', low: 3, high: 9, color: '#123456', blink: false, tintPart: false }),
    ]);
    // The panel saves what it parsed: parsing that again keeps the one level.
    expect(level(parsed as unknown as Record<string, unknown>).levels).toHaveLength(1);
  });
  it('is worked out by the worker when a card arrives, and again for a value-only update', () => {
    const config = { levelConfig: { alarmMode: 'above', alarmHigh: 50 } };
    const first = parseCard({ config, items: items('40'), active: false });
    expect(first.ok && first.card.alarm).toBe(null);
    const next = parseCard({ items: items('60'), active: false }, first.ok ? first.card : undefined);
    expect(next.ok && next.card.alarm).toMatchObject({ mode: 'above', high: 50, color: '#ff4d4f' });
  });
});

describe('card levels: a list of levels (issue 40)', () => {
  const levels = [
    { name: 'warning', mode: 'above', high: 30, color: '#faad14' },
    { name: 'alarm', mode: 'above', high: 50, color: '#ff4d4f', blink: true },
    { name: 'frost', mode: 'below', low: 0, color: '#1677ff' },
  ];
  it('normal while none applies; where several apply, the later one wins', () => {
    expect(['20', '30', '31', '50', '51', '-1', 'n/a'].map((v) => inLevel({ levels }, [v]))).toEqual([
      '',
      '',
      'warning',
      'warning',
      'alarm',
      'frost',
      '',
    ]);
  });
  it('refuse a level with its low limit above its high one, a colour that is none, and more than 8 levels', () => {
    const bad = CardLevelSchema.safeParse({ levels: [{ mode: 'outside', low: 10, high: 5 }, { color: 'nope' }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['levels.0.low', 'levels.0.high', 'levels.1.color']);
    const many = CardLevelSchema.safeParse({ levels: Array.from({ length: 9 }, () => ({})) });
    expect(many.error!.issues[0]!.message).toBe('msg.tooManyCardLevels');
  });
  it('an old alarm beside a list goes first, so the listed levels win over it', () => {
    const both = level({ alarmMode: 'above', alarmHigh: 10, levels: [{ name: 'alarm', high: 50 }] });
    expect(both.levels.map((l) => l.high)).toEqual([10, 50]);
    expect(levelOf(both, items('60'))?.name).toBe('alarm');
    expect(levelOf(both, items('20'))?.high).toBe(10);
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
