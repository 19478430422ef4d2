import { describe, expect, it } from 'vitest';
import type { DeclutterResult } from '../../../worker/overlays/cards/declutter';
import { ClusterMembers, eachPinSpot, levelIn, type PinnedMark } from '../../../worker/overlays/cards/pinned';

/*
 * Issue 34 point 1, at 5000 cards: the pins and badges of a frame come from marks on the shown
 * cards (the frame decide made each a pin) instead of maps of ids filled and asked every frame.
 * What is drawn must stay what the maps gave: the last pass's clusters of the cards still pins,
 * each at its first such card, then a pin of its own for every other pinned card, in order.
 */

type Shown = PinnedMark & { levelsOf?: DeclutterResult; level?: 'card' | 'pin' };

const shown = (id: string): Shown => ({ card: { id }, place: { anchor: { x: id.length, y: 0 } } });

function result(clusters: string[][], level: Record<string, 'card' | 'pin'> = {}): DeclutterResult {
  return { level: new Map(Object.entries(level)), clusters: clusters.map((ids) => ({ x: 0, y: 0, ids })), ms: 0, steps: 1 };
}

/** The spots of a frame as [ids, lead id] pairs, `pinned` being the frame's pins in shown order. */
function spots(r: DeclutterResult, byId: Map<string, Shown>, pinned: Shown[], frame: number) {
  for (const s of pinned) s.pinnedAt = frame;
  const out: [readonly string[], string][] = [];
  const members = new ClusterMembers<Shown>().of(r, 0, (id) => byId.get(id));
  eachPinSpot(r, members, pinned, frame, (ids, lead) => out.push([ids, lead.card.id]));
  return out;
}

describe('pins and badges of a frame', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  const byId = new Map(ids.map((id) => [id, shown(id)]));
  const at = (...xs: string[]) => xs.map((x) => byId.get(x)!);

  it('a cluster whose cards are all still pins is drawn with its own ids, at its first card', () => {
    const r = result([['a', 'b', 'c'], ['d']]);
    const out = spots(r, byId, at('a', 'b', 'c', 'd'), 1);
    expect(out).toEqual([
      [['a', 'b', 'c'], 'a'],
      [['d'], 'd'],
    ]);
    // The pass's own list: nothing made per frame for it.
    expect(out[0]![0]).toBe(r.clusters[0]!.ids);
  });

  it('leaves out the cards no longer pins (whole now, out of view, or gone) and leads with the first left', () => {
    const r = result([
      ['a', 'b', 'c'],
      ['gone', 'e'],
    ]);
    // a is whole this frame (not pinned), 'gone' has no card any more.
    const out = spots(r, byId, at('b', 'c', 'e'), 2);
    expect(out).toEqual([
      [['b', 'c'], 'b'],
      [['e'], 'e'],
    ]);
  });

  it('gives every other pinned card a pin of its own, in shown order, and drops a cluster with none left', () => {
    const r = result([['a', 'b'], ['c']]);
    // f and d were not in the pass (new, come into view) or gave way since: pins of their own.
    const out = spots(r, byId, at('f', 'a', 'd'), 3);
    expect(out).toEqual([
      [['a'], 'a'],
      [['f'], 'f'],
      [['d'], 'd'],
    ]);
  });

  it('marks of an earlier frame count for nothing', () => {
    const r = result([['a', 'b']]);
    spots(r, byId, at('a', 'b'), 4);
    // Frame 5: only b is a pin; a's mark is of frame 4.
    expect(spots(r, byId, at('b'), 5)).toEqual([[['b'], 'b']]);
  });
});

describe('cluster members and levels, worked out once per pass', () => {
  it('are found again for a new pass and when cards came or went, not otherwise', () => {
    const members = new ClusterMembers<Shown>();
    const r = result([['a', 'b']]);
    let asked = 0;
    const a = shown('a');
    const of = (id: string) => (asked++, id === 'a' ? a : undefined);
    const first = members.of(r, 0, of);
    expect(first).toEqual([[a, undefined]]);
    expect(members.of(r, 0, of)).toBe(first);
    expect(asked).toBe(2);
    members.of(r, 1, of);
    expect(asked).toBe(4);
    members.of(result([['a']]), 1, of);
    expect(asked).toBe(5);
  });

  it("a card's level is read from a pass once, and again from the next pass", () => {
    const s = shown('a');
    const one = result([], { a: 'pin' });
    const two = result([], { a: 'card' });
    expect(levelIn(s, one)).toBe('pin');
    (one.level as Map<string, string>).set('a', 'card');
    // The same pass: not looked up again (a pass's levels never change once it is done).
    expect(levelIn(s, one)).toBe('pin');
    expect(levelIn(s, two)).toBe('card');
    expect(levelIn(s, result([]))).toBeUndefined();
  });
});
