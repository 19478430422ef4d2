import { describe, expect, it } from 'vitest';
import { Declutter, type DeclutterItem } from '../../../worker/overlays/cards/declutter';

/*
 * Issue 18 point 1-2: cards placed greedily by rank into a screen grid; a card that would overlap
 * a placed one becomes a pin at its anchor, and touching pins merge into a cluster. The engine
 * feeds this each placement pass (worker/overlays/cards/declutter.ts).
 */

const item = (id: string, x: number, y: number, over: Partial<DeclutterItem> = {}): DeclutterItem => ({
  id,
  rect: { minX: x, minY: y - 60, maxX: x + 120, maxY: y },
  anchor: { x, y: y + 20 },
  priority: 0,
  always: false,
  depth: 100,
  ...over,
});

function run(d: Declutter, items: DeclutterItem[]) {
  d.begin(items);
  expect(d.step()).toBe(true);
  return d.result;
}

const levels = (d: Declutter) => Object.fromEntries(d.result.level);

describe('decluttering data cards', () => {
  it('cards apart all show whole; two at one place give one card and one pin', () => {
    const d = new Declutter();
    run(d, [item('a', 0, 100), item('b', 300, 100), item('c', 0, 300)]);
    expect(levels(d)).toEqual({ a: 'card', b: 'card', c: 'card' });
    expect(d.result.clusters).toEqual([]);

    run(d, [item('a', 0, 100, { depth: 50 }), item('b', 10, 110, { depth: 80 })]);
    expect(levels(d)).toEqual({ a: 'card', b: 'pin' });
    expect(d.result.clusters).toEqual([{ x: 10, y: 130, ids: ['b'] }]);
  });

  it('bodies that only touch are not an overlap', () => {
    const d = new Declutter();
    run(d, [item('a', 0, 100), item('b', 120, 100), item('c', 0, 160)]);
    expect(levels(d)).toEqual({ a: 'card', b: 'card', c: 'card' });
  });

  it('higher priority wins the place; always-show beats any priority, and always-show cards all show', () => {
    const d = new Declutter();
    run(d, [item('low', 0, 100, { depth: 10 }), item('high', 5, 100, { priority: 5, depth: 90 })]);
    expect(levels(d)).toEqual({ low: 'pin', high: 'card' });

    run(d, [item('alarm', 0, 100, { always: true }), item('high', 5, 100, { priority: 99 }), item('alarm2', 8, 100, { always: true })]);
    expect(levels(d)).toEqual({ alarm: 'card', alarm2: 'card', high: 'pin' });
  });

  it('a placed card keeps its place against equals (no flicker), and yields to a higher priority', () => {
    const d = new Declutter();
    run(d, [item('a', 0, 100, { depth: 50 }), item('b', 10, 100, { depth: 60 })]);
    expect(levels(d)).toEqual({ a: 'card', b: 'pin' });
    // b is now the nearer one, by a little: a was whole, so a stays whole.
    run(d, [item('a', 0, 100, { depth: 50 }), item('b', 10, 100, { depth: 49 })]);
    expect(levels(d)).toEqual({ a: 'card', b: 'pin' });
    run(d, [item('a', 0, 100), item('b', 10, 100), item('c', 20, 100, { priority: 1 })]);
    expect(levels(d)).toEqual({ a: 'pin', b: 'pin', c: 'card' });
  });

  it('pins that touch merge into one cluster listing its cards, highest ranked first; pins apart stay apart', () => {
    const d = new Declutter();
    const pile = [0, 1, 2, 3, 4].map((i) => item(`p${i}`, i * 2, 100, { priority: 10 - i }));
    const far = [item('q0', 600, 400), item('q1', 604, 402, { depth: 200 })];
    run(d, [...pile, ...far]);
    expect(levels(d)).toMatchObject({ p0: 'card', p1: 'pin', p2: 'pin', p3: 'pin', p4: 'pin', q0: 'card', q1: 'pin' });
    expect(d.result.clusters).toEqual([
      { x: 2, y: 120, ids: ['p1', 'p2', 'p3', 'p4'] },
      { x: 604, y: 422, ids: ['q1'] },
    ]);
  });

  it('over 5000 scattered anchors: every anchor is a card or in exactly one cluster, and no two whole cards overlap', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const items = Array.from({ length: 5000 }, (_, i) =>
      item(`c${i}`, rnd() * 1000, rnd() * 600, { priority: Math.floor(rnd() * 3), always: i % 997 === 0, depth: rnd() * 500 }),
    );
    const d = new Declutter();
    run(d, items);
    const whole = items.filter((i) => d.result.level.get(i.id) === 'card');
    const clustered = d.result.clusters.flatMap((c) => c.ids);
    expect(whole.length + clustered.length).toBe(items.length);
    expect(new Set([...whole.map((i) => i.id), ...clustered]).size).toBe(items.length);
    expect(whole.length).toBeGreaterThan(10);
    const overlap = (a: DeclutterItem, b: DeclutterItem) =>
      a.rect.minX + 0.5 < b.rect.maxX - 0.5 &&
      b.rect.minX + 0.5 < a.rect.maxX - 0.5 &&
      a.rect.minY + 0.5 < b.rect.maxY - 0.5 &&
      b.rect.minY + 0.5 < a.rect.maxY - 0.5;
    const pairs = [];
    for (let i = 0; i < whole.length; i++)
      for (let j = i + 1; j < whole.length; j++)
        if (overlap(whole[i]!, whole[j]!) && !(whole[i]!.always && whole[j]!.always)) pairs.push([whole[i]!.id, whole[j]!.id]);
    expect(pairs).toEqual([]);
    // Every always-show card is whole.
    expect(items.filter((i) => i.always && d.result.level.get(i.id) !== 'card')).toEqual([]);
  });

  it('a pass can be spread over frames: the last finished result stays in force until the next one is done', () => {
    const items = Array.from({ length: 3000 }, (_, i) => item(`c${i}`, (i % 60) * 17, Math.floor(i / 60) * 12));
    const d = new Declutter();
    run(d, items.slice(0, 2));
    const before = d.result;
    d.begin(items);
    let steps = 0;
    while (!d.step(0)) {
      steps++;
      expect(d.result).toBe(before);
      expect(d.running).toBe(true);
    }
    expect(steps).toBeGreaterThan(10);
    expect(d.result.steps).toBe(steps + 1);
    expect(d.result.level.size).toBe(3000);
    // The same pass in one step decides the same.
    const once = new Declutter();
    run(once, items);
    expect(Object.fromEntries(once.result.level)).toEqual(Object.fromEntries(d.result.level));
  });

  it('a card opened from its pin shows whole on top, and the cards around it keep their levels', () => {
    const d = new Declutter();
    run(d, [item('a', 0, 100), item('b', 10, 100), item('c', 400, 100)]);
    expect(levels(d)).toEqual({ a: 'card', b: 'pin', c: 'card' });
    run(d, [item('a', 0, 100), item('b', 10, 100, { onTop: true }), item('c', 400, 100)]);
    expect(levels(d)).toEqual({ a: 'card', b: 'card', c: 'card' });
    expect(d.result.clusters).toEqual([]);
  });
});
