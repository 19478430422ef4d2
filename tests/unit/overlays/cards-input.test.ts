import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../worker/overlays/cards/input';
import { parseTheme } from '../../../worker/overlays/cards/theme';
import { CARD_MAX_ITEMS, CARD_MAX_TEXT, CardThemeSchema } from '../../../shared/schema/card-theme';

/** The worker checks what the main thread sends about data cards again (it never trusts it). */
describe('data card input in the worker', () => {
  it('parses the stored config with its defaults and keeps text as text', () => {
    const r = parseCard({ config: {}, items: [{ label: '<b>x</b>', value: '温度' }], active: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.card.config.cardConfig).toEqual({ cardWidth: 200, lineWidth: 100, lineHeight: 100 });
    expect(r.card.items).toEqual([{ label: '<b>x</b>', value: '温度' }]);
    expect(r.card.active).toBe(true);
  });

  it('refuses a config that does not parse, naming the field', () => {
    const r = parseCard({ config: { cardConfig: { cardWidth: -5 } }, items: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('config.cardConfig.cardWidth');
  });

  it('caps items and text, and turns what is not text into empty text', () => {
    const many = Array.from({ length: 10_000 }, () => ({ label: 'a', value: 'b' }));
    const r = parseCard({ config: {}, items: many });
    expect(r.ok && r.card.items.length).toBe(CARD_MAX_ITEMS);
    const long = parseCard({ config: {}, items: [{ label: 'x'.repeat(50_000), value: { evil: true } }, 'junk'], active: 'yes' });
    expect(long.ok).toBe(true);
    if (!long.ok) return;
    expect(long.card.items[0]!.label).toHaveLength(CARD_MAX_TEXT);
    expect(long.card.items[0]!.label.endsWith('…')).toBe(true);
    expect(long.card.items[0]!.value).toBe('');
    expect(long.card.items[1]).toEqual({ label: '', value: '' });
    expect(long.card.active).toBe(false);
    expect(parseCard({ config: {}, items: 'nope' })).toMatchObject({ ok: true, card: { items: [] } });
  });

  it('a plain draw (the usual message, checked without the schema) gives what the schema gives', () => {
    const items = [
      { label: 'T', value: '21 °C', extra: '<b>' },
      { label: '', value: 'x'.repeat(CARD_MAX_TEXT) },
    ];
    const plain = parseCard({ config: {}, items, active: false });
    // `active` not a boolean: the schema checks the whole draw (and makes it false).
    const schema = parseCard({ config: {}, items, active: 'no' });
    expect(plain.ok && schema.ok).toBe(true);
    if (!plain.ok || !schema.ok) return;
    expect(plain.card.items).toEqual(schema.card.items);
    expect(plain.card.items).toEqual([
      { label: 'T', value: '21 °C' },
      { label: '', value: 'x'.repeat(CARD_MAX_TEXT) },
    ]);
    expect(plain.card.active).toBe(schema.card.active);
  });

  it('a theme: defaults when absent, sizes clamped, bad fields replaced by their defaults', () => {
    const defaults = CardThemeSchema.parse({});
    expect(parseTheme(undefined)).toEqual(defaults);
    expect(parseTheme('garbage')).toEqual(defaults);
    const t = parseTheme({ body: { ...defaults.body, background: 'red', fontSize: 10_000, padding: 'x', borderWidth: NaN } });
    expect(t.body.background).toBe('red');
    expect(t.body.fontSize).toBe(72);
    expect(t.body.padding).toBe(defaults.body.padding);
    expect(t.body.borderWidth).toBe(defaults.body.borderWidth);
    expect(t.item).toEqual(defaults.item);
  });

  it('a card without config keeps its last config; an unchanged config is not parsed again; a new card needs one', () => {
    const first = parseCard({ config: { cardConfig: { cardWidth: 300 } }, items: [] });
    if (!first.ok) throw new Error(first.error);
    const partial = parseCard({ items: [{ label: 'a', value: '2' }] }, first.card);
    expect(partial.ok && partial.card.config).toBe(first.card.config);
    expect(partial.ok && partial.card.items).toEqual([{ label: 'a', value: '2' }]);
    const same = parseCard({ config: { cardConfig: { cardWidth: 300 } }, items: [] }, first.card);
    expect(same.ok && same.card.config).toBe(first.card.config);
    const changed = parseCard({ config: { cardConfig: { cardWidth: 120 } }, items: [] }, first.card);
    expect(changed.ok && changed.card.config.cardConfig.cardWidth).toBe(120);
    expect(parseCard({ items: [] }).ok).toBe(false);
  });
  it('a values-only update keeps the labels and config, clips and cleans values, and is refused without a card or with another count', () => {
    const first = parseCard({
      config: {},
      items: [
        { label: 'T', value: '1' },
        { label: 'P', value: '2' },
      ],
      active: false,
    });
    if (!first.ok) throw new Error(first.error);
    const next = parseCard({ values: ['3', 'x'.repeat(CARD_MAX_TEXT + 5)], active: true }, first.card);
    if (!next.ok) throw new Error(next.error);
    expect(next.card.items.map((i) => i.label)).toEqual(['T', 'P']);
    expect(next.card.items[0]!.value).toBe('3');
    expect(next.card.items[1]!.value).toHaveLength(CARD_MAX_TEXT);
    expect(next.card.items[1]!.value.endsWith('…')).toBe(true);
    expect(next.card).toMatchObject({ active: true, focused: false, config: first.card.config });
    const odd = parseCard({ values: [{ not: 'text' }, 7], active: false }, first.card);
    expect(odd.ok && odd.card.items.map((i) => i.value)).toEqual(['', '']);
    expect(parseCard({ values: ['1'], active: false }, first.card)).toMatchObject({ ok: false });
    expect(parseCard({ values: ['1', '2'], active: false })).toMatchObject({ ok: false });
    expect(parseCard({ values: 'nope', active: false }, first.card)).toMatchObject({ ok: false });
  });
});
