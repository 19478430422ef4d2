import { describe, expect, it } from 'vitest';
import { createCardSender } from '../../../src/bridge/cards';
import { createCardStore } from '../../../src/widgets/data-card/cardStore';
import { memoryVariables } from '../widgets/support';
import type { RenderHandle } from '../../../src/bridge/connection';
import type { CardDraw, CardUpdate, CardValueBatch } from '../../../shared/overlays';

/*
 * What the main thread sends the worker about cards: a card's config only when its config object
 * changed (a value change sends items and active state alone), and everything again to an engine
 * that restarted. The messages a stand-in engine receives, over real animation frames.
 */

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

describe('the card sender', () => {
  it('sends a config once, then only values (in a flat batch) while the config, labels and state are the same; all again after a restart', async () => {
    const sent: Record<string, CardUpdate | null>[] = [];
    const batches: (CardValueBatch | undefined)[] = [];
    const engine = {
      setCards: (c: Record<string, CardUpdate | null>, v?: CardValueBatch) => (sent.push(c), batches.push(v), Promise.resolve()),
    } as unknown as RenderHandle;
    const sender = createCardSender(() => engine);
    const config = { cardConfig: { cardWidth: 120 } };
    const draw = (value: string, c: unknown = config): CardDraw => ({ config: c, items: [{ label: 'T', value }], active: false });

    sender.started();
    sender.update({ cards: { a: draw('1') } });
    await frame();
    expect(sent.at(-1)).toEqual({ a: draw('1') });

    sender.update({ cards: { a: draw('2') } });
    await frame();
    // A value alone: nothing per card, one flat batch of texts.
    expect(sent.at(-1)).toEqual({});
    expect(batches.at(-1)).toEqual({ ids: ['a'], counts: [1], texts: ['2'] });

    // A new label (or another number of items) sends the items.
    sender.update({ cards: { a: { config, items: [{ label: 'P', value: '2' }], active: true, focused: true } } });
    await frame();
    expect(sent.at(-1)).toEqual({ a: { items: [{ label: 'P', value: '2' }], active: true, focused: true } });
    expect(batches.at(-1)).toBeUndefined();

    const other = { cardConfig: { cardWidth: 80 } };
    sender.update({ cards: { a: draw('3', other) } });
    await frame();
    expect(sent.at(-1)).toEqual({ a: draw('3', other) });

    sender.started();
    await frame();
    expect(sent.at(-1)).toEqual({ a: draw('3', other) });
    sender.stopped();
  });

  it('changes made in one task leave as one message at the end of that task, without waiting for a frame', async () => {
    const sent: Record<string, CardUpdate | null>[] = [];
    const engine = { setCards: (c: Record<string, CardUpdate | null>) => (sent.push(c), Promise.resolve()) } as unknown as RenderHandle;
    const sender = createCardSender(() => engine);
    const config = { cardConfig: { cardWidth: 120 } };
    const draw = (value: string): CardDraw => ({ config, items: [{ label: 'T', value }], active: false });
    sender.started();
    sender.update({ cards: { a: draw('1') } });
    sender.update({ cards: { a: draw('2'), b: draw('x') } });
    sender.update({ cards: { a: draw('3'), b: draw('x') } });
    expect(sent).toEqual([]);
    await Promise.resolve();
    expect(sent).toEqual([{ a: draw('3'), b: draw('x') }]);
    sender.stopped();
  });

  it("follows a card store as its feed: values leave in one batch per frame without a new record or a render; a restart gets every card's latest values", async () => {
    const sent: Record<string, CardUpdate | null>[] = [];
    const batches: (CardValueBatch | undefined)[] = [];
    let alive = true;
    const engine = {
      setCards: (c: Record<string, CardUpdate | null>, v?: CardValueBatch) => (sent.push(c), batches.push(v), Promise.resolve()),
    } as unknown as RenderHandle;
    const vars = memoryVariables({ t: 20, p: 1 });
    const store = createCardStore(() => undefined);
    store.attach(vars);
    const config = (name: string) => ({ dataConfig: { dataList: [{ label: name, value: `{{${name}}}` }] } });
    const ca = config('t');
    const cb = config('p');
    store.register('a', ca);
    store.register('b', cb);
    let renders = 0;
    store.subscribe(() => renders++);
    const sender = createCardSender(() => (alive ? engine : null));
    sender.update({ feed: store });
    sender.started();
    await frame();
    expect(sent.at(-1)).toEqual({
      a: { config: ca, items: [{ label: 't', value: '20' }], active: false },
      b: { config: cb, items: [{ label: 'p', value: '1' }], active: false },
    });
    const record = store.cards();
    renders = 0;
    sent.length = 0;
    batches.length = 0;

    vars.set('t', 21);
    vars.set('t', 22);
    vars.set('p', 2);
    await frame();
    expect(sent).toEqual([{}]);
    expect(batches).toEqual([{ ids: ['a', 'b'], counts: [1, 1], texts: ['22', '2'] }]);
    // Nothing for React: the listeners a space renders from were not called.
    expect(renders).toBe(0);
    expect(store.draw('a')!.items[0]!.value).toBe('22');

    // A change beyond values (the active card) goes the record's way, its values not sent twice.
    store.activate('b');
    await frame();
    expect(renders).toBe(1);
    expect(store.cards()).not.toBe(record);
    expect(sent.at(-1)).toEqual({ b: { items: [{ label: 'p', value: '2' }], active: true } });

    // An engine that was away while values changed gets the values of now.
    alive = false;
    vars.set('t', 30);
    await frame();
    alive = true;
    sender.started();
    await Promise.resolve();
    expect(sent.at(-1)).toEqual({
      a: { config: ca, items: [{ label: 't', value: '30' }], active: false },
      b: { config: cb, items: [{ label: 'p', value: '2' }], active: true },
    });

    // Disposed, the sender no longer follows the store.
    sender.dispose();
    sent.length = 0;
    vars.set('t', 31);
    store.unregister('b');
    await frame();
    expect(sent).toEqual([]);
  });
});
