import { describe, expect, it } from 'vitest';
import {
  CARD_ACTIVE_BODY_SELECTOR, CARD_BODY_SELECTOR, CARD_DATA_ITEM_SELECTOR, CardConfigSchema, GroupConfigSchema, MSG,
} from '../../../shared/schema';
import { expectRange, issuesOf } from './helpers';

const meshDefaults = {
  visible: true, opacity: 1, color: '',
  scale: { x: 1, y: 1, z: 1 }, position: { x: 0, y: 0, z: 0 }, rotation: { x: 0, y: 0, z: 0 },
};

describe('data card', () => {
  it('defaults: width 200px, line width 100px, line height 100px, one line, no data', () => {
    expect(CardConfigSchema.parse({})).toEqual({
      isSprite: false,
      isFixd: false,
      meshConfig: meshDefaults,
      cardConfig: { cardWidth: 200, lineWidth: 100, lineHeight: 100 },
      dataConfig: { lineCount: '1', dataList: [] },
      // Issue 18's levels (not in the spec): defaults that keep a space with a few cards as it looked.
      levelConfig: {
        priority: 0,
        alwaysShow: false,
        distanceRange: false,
        scaleByDistance: false,
        nearDistance: 0,
        farDistance: 1000,
        farScale: 0.5,
        alarmMode: 'none',
        alarmItem: 1,
        levels: [],
        partModel: '',
        parts: [],
        alarmHigh: 100,
        alarmLow: 0,
        alarmColor: '#ff4d4f',
      },
    });
  });

  it.each(['cardWidth', 'lineWidth', 'lineHeight'])('%s must be positive', (f) =>
    expectRange(CardConfigSchema, `cardConfig.${f}`, [1, 0.5], [0, -10]));

  it("line count is '1', '2' or '3'", () => {
    expect(CardConfigSchema.parse({ dataConfig: { lineCount: '3' } }).dataConfig.lineCount).toBe('3');
    expect(issuesOf(CardConfigSchema, { dataConfig: { lineCount: '4' } }).map((i) => i.path)).toEqual(['dataConfig.lineCount']);
    expect(issuesOf(CardConfigSchema, { dataConfig: { lineCount: 2 } }).map((i) => i.path)).toEqual(['dataConfig.lineCount']);
  });

  it('data items: label and value (text or number)', () => {
    const c = CardConfigSchema.parse({ dataConfig: { dataList: [{ label: 'Temp', value: 21.5 }, {}] } });
    expect(c.dataConfig.dataList).toEqual([{ label: 'Temp', value: 21.5 }, { label: '', value: '' }]);
    expect(issuesOf(CardConfigSchema, { dataConfig: { dataList: [{ value: {} }] } }).map((i) => i.path)).toEqual(['dataConfig.dataList.0.value']);
  });

  it('mesh config ranges apply inside the card', () => {
    expect(issuesOf(CardConfigSchema, { meshConfig: { opacity: 2 } })).toEqual([{ path: 'meshConfig.opacity', message: MSG.range }]);
  });

  it('theme selectors are three distinct class selectors', () => {
    const all = [CARD_BODY_SELECTOR, CARD_ACTIVE_BODY_SELECTOR, CARD_DATA_ITEM_SELECTOR];
    expect(new Set(all).size).toBe(3);
    for (const s of all) expect(s).toMatch(/^\.[a-z][\w-]*(\.[\w-]+)*$/);
    expect(CARD_ACTIVE_BODY_SELECTOR.startsWith(CARD_BODY_SELECTOR)).toBe(true);
  });
});

describe('component group', () => {
  it('defaults: 400x250, not a sprite, not fixed', () => {
    expect(GroupConfigSchema.parse({})).toEqual({
      layoutWidth: 400, layoutHeight: 250, isSprite: false, isFixd: false, meshConfig: meshDefaults,
    });
  });

  it.each(['layoutWidth', 'layoutHeight'])('%s must be positive', (f) => expectRange(GroupConfigSchema, f, [1], [0]));

  it('keeps given values', () => {
    expect(GroupConfigSchema.parse({ isSprite: true, meshConfig: { scale: { x: 2 } } })).toMatchObject({
      isSprite: true, meshConfig: { scale: { x: 2, y: 1, z: 1 } },
    });
  });

  it('refuses garbage with a path', () => {
    expect(issuesOf(GroupConfigSchema, null)[0]!.path).toBe('(root)');
    expect(issuesOf(GroupConfigSchema, { isFixd: 'no' }).map((i) => i.path)).toEqual(['isFixd']);
  });
});
