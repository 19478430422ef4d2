import { describe, expect, it } from 'vitest';
import { KeptOverlays, type OverlayLayers } from '../../../worker/overlays/kept';
import type { CardInput } from '../../../worker/overlays/cards/input';

/*
 * Issue 18 point 4: a change of values alone crosses to the worker as one flat batch of texts
 * (shared/overlays.ts CardValueBatch). The worker checks it as it reads it: a batch from a broken
 * or hostile sender updates only cards it holds, with their own number of values, and stops at
 * the first count that does not add up.
 */
function setup() {
  const seen = new Map<string, CardInput | null>();
  const layers = { cards: { set: (id: string, input: CardInput | null) => seen.set(id, input) } } as unknown as OverlayLayers;
  const kept = new KeptOverlays(() => undefined);
  const items = (...values: string[]) => values.map((value, i) => ({ label: `L${i}`, value }));
  kept.setCards({ a: { config: {}, items: items('1', '2'), active: true }, b: { config: {}, items: items('x'), active: false } }, layers);
  const values = (id: string) => seen.get(id)?.items.map((i) => i.value);
  return { kept, layers, seen, values };
}

describe('card values in one batch', () => {
  it('update each card held with its own values, keeping labels, config and state', () => {
    const { kept, layers, seen, values } = setup();
    kept.setCardValues({ ids: ['a', 'b'], counts: [2, 1], texts: ['3', '4', 'y'] }, layers);
    expect(values('a')).toEqual(['3', '4']);
    expect(values('b')).toEqual(['y']);
    expect(seen.get('a')).toMatchObject({ active: true, items: [{ label: 'L0' }, { label: 'L1' }] });
  });

  it('skip a card not held or with another count (and its texts), stop where counts do not add up', () => {
    const { kept, layers, values } = setup();
    kept.setCardValues({ ids: ['zz', 'a', 'b'], counts: [1, 1, 1], texts: ['q', 'only-one', 'y'] }, layers);
    // zz unknown: its text is skipped; a has two items: one value is refused; b still gets its own.
    expect(values('a')).toEqual(['1', '2']);
    expect(values('b')).toEqual(['y']);
    kept.setCardValues({ ids: ['b', 'a'], counts: [1, 1e9], texts: ['z'] }, layers);
    expect(values('b')).toEqual(['z']);
    expect(values('a')).toEqual(['1', '2']);
    for (const bad of [
      null,
      'x',
      { ids: 'a', counts: [1], texts: ['1'] },
      { ids: ['b'], counts: [-1], texts: [] },
      { ids: ['b'], counts: [1.5], texts: ['1', '2'] },
    ])
      kept.setCardValues(bad, layers);
    expect(values('b')).toEqual(['z']);
  });
});
