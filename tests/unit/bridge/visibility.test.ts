import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The live-context registry's decisions, with a stand-in IntersectionObserver that the test
 * drives (Node has none). Real scrolling is covered by tests/browser/visibility.test.tsx.
 */
type Report = (records: { isIntersecting: boolean }[]) => void;
const observed = new Map<object, Report>();
class FakeObserver {
  constructor(private report: Report) {}
  observe(el: object) {
    observed.set(el, this.report);
  }
  disconnect() {
    for (const [el, r] of observed) if (r === this.report) observed.delete(el);
  }
}
const show = (el: object, visible: boolean) => observed.get(el)!([{ isIntersecting: visible }]);

let vis: typeof import('../../../src/bridge/visibility');
beforeEach(async () => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  // A fresh registry per test: it is page-wide state.
  const { vi } = await import('vitest');
  vi.resetModules();
  vis = await import('../../../src/bridge/visibility');
});
afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  observed.clear();
});

/** A space: its live flag as the registry last set it; a release completes when `finish()` is called. */
function space() {
  // The registry only hands the element to the observer.
  const el = {};
  const s = {
    el,
    live: false,
    /** What the registry last said: in view and waiting for a context. */
    waiting: false,
    /** Every start and release, in order (true: started). */
    log: [] as boolean[],
    pending: [] as (() => void)[],
    finish() {
      for (const f of s.pending.splice(0)) f();
    },
    watch: vis.watchLiveContext(
      el,
      (on) => {
        s.log.push(on);
        if (on) {
          s.live = true;
          return;
        }
        return new Promise<void>((resolve) =>
          s.pending.push(() => {
            s.live = false;
            resolve();
          }),
        );
      },
      (waiting) => {
        s.waiting = waiting;
      },
    ),
  };
  return s;
}
type Space = ReturnType<typeof space>;
const live = (list: readonly Space[]) => list.map((s) => s.live);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('which spaces hold a WebGL context', () => {
  it('nothing is decided before the observer reported; a space out of view starts only for its first image', async () => {
    const a = space();
    await tick();
    expect(a.live).toBe(false);
    show(a.el, true);
    // Decided once the reports of this moment are all in.
    expect(a.live).toBe(false);
    await tick();
    expect(a.live).toBe(true);
    const b = space();
    show(b.el, false);
    await tick();
    // b never drew, but a space in view has not drawn yet: a goes first.
    expect(b.live).toBe(false);
    a.watch.drawn();
    expect(b.live).toBe(true);
    // Drawn out of view: its context goes back at once, its image stays (the space keeps it).
    b.watch.drawn();
    expect(b.log).toEqual([true, false]);
    b.finish();
    await tick();
    expect(b.log).toEqual([true, false]);
  });

  it('never more than the cap, and a slot is given only after the release finished', async () => {
    vis.setLiveContextCap(2);
    const [a, b, c] = [space(), space(), space()];
    show(a.el, true);
    await tick();
    show(b.el, true);
    await tick();
    a.watch.drawn();
    b.watch.drawn();
    show(c.el, true);
    await tick();
    // c has drawn nothing: it goes first, so the least recently seen drawn space (a) gives way.
    expect(a.pending).toHaveLength(1);
    expect(c.live).toBe(false);
    expect(vis.liveContexts()).toBe(2);
    a.finish();
    await tick();
    expect([a.live, b.live, c.live]).toEqual([false, true, true]);
    expect(vis.liveContexts()).toBe(2);
  });

  it('scrolled out: released; scrolled back in: live again; touched: the most recent', async () => {
    vis.setLiveContextCap(1);
    const [a, b] = [space(), space()];
    show(a.el, true);
    await tick();
    a.watch.drawn();
    show(a.el, false);
    await tick();
    a.finish();
    await tick();
    expect(a.live).toBe(false);
    show(b.el, true);
    await tick();
    b.watch.drawn();
    show(a.el, true);
    await tick();
    // a came into view after b: a is the most recently seen.
    b.finish();
    await tick();
    expect([a.live, b.live]).toEqual([true, false]);
    b.watch.touch();
    a.finish();
    await tick();
    expect([a.live, b.live]).toEqual([false, true]);
  });

  it('spaces that come into view in one scroll: the higher on the page first, whatever order their reports arrive in', async () => {
    vis.setLiveContextCap(2);
    const spaces = [space(), space(), space(), space()] as const;
    // All four drew once, then were scrolled out.
    for (const s of spaces) show(s.el, true);
    for (const s of spaces) s.watch.drawn();
    await tick();
    for (const s of spaces) show(s.el, false);
    for (const s of spaces) s.finish();
    await tick();
    expect(spaces.map((s) => s.live)).toEqual([false, false, false, false]);
    // Scrolled back: the observers report bottom-up.
    for (const s of [...spaces].reverse()) show(s.el, true);
    await tick();
    expect(spaces.map((s) => s.live)).toEqual([true, true, false, false]);
    // A later scroll that brings a space into view makes it the most recent.
    show(spaces[3].el, false);
    await tick();
    show(spaces[3].el, true);
    await tick();
    spaces[1].finish();
    await tick();
    expect(spaces.map((s) => s.live)).toEqual([true, false, false, true]);
  });

  it('an unmounted space frees its slot at once', async () => {
    vis.setLiveContextCap(1);
    const [a, b] = [space(), space()];
    show(a.el, true);
    show(b.el, true);
    await tick();
    expect(b.live).toBe(false);
    a.watch.dispose();
    expect(b.live).toBe(true);
  });

  it('a space scrolled past before it drew draws once every space in view drew (before issue 34 it waited for ever)', async () => {
    vis.setLiveContextCap(2);
    const [a, b, c] = [space(), space(), space()];
    show(a.el, true);
    show(b.el, true);
    await tick();
    expect(live([a, b, c])).toEqual([true, true, false]);
    // The user scrolls on before either drew: c comes into view and takes a slot; of the two
    // starting out of view, the nearer (b) keeps the one slot left, a gives its slot up unfinished.
    show(a.el, false);
    show(b.el, false);
    show(c.el, true);
    await tick();
    expect(a.pending).toHaveLength(1);
    a.finish();
    await tick();
    expect(live([a, b, c])).toEqual([false, true, true]);
    b.watch.drawn();
    b.finish();
    await tick();
    // c (in view) has not drawn yet: a waits.
    expect(live([a, b, c])).toEqual([false, false, true]);
    c.watch.drawn();
    // Every space in view drew: a, never drawn, gets its turn, and gives it back once it drew.
    expect(live([a, b, c])).toEqual([true, false, true]);
    a.watch.drawn();
    a.finish();
    await tick();
    expect(live([a, b, c])).toEqual([false, false, true]);
    expect(a.log).toEqual([true, false, true, false]);
    expect(b.log).toEqual([true, false]);
  });

  it('the behaviour before issue 34 (the benchmark baseline): a space passed undrawn waits until it is scrolled back', async () => {
    vis.onlySpacesInView();
    vis.setLiveContextCap(2);
    const [a, b] = [space(), space()];
    show(a.el, false);
    show(b.el, true);
    await tick();
    b.watch.drawn();
    await tick();
    expect(live([a, b])).toEqual([false, true]);
  });

  it('out of view: nearest the spaces in view first, two at a time, the spaces in view giving up slots for them', async () => {
    vis.setLiveContextCap(12);
    const spaces = Array.from({ length: 30 }, () => space());
    // Spaces 10 to 21 in view: as many as the cap.
    spaces.forEach((s, i) => show(s.el, i >= 10 && i < 22));
    await tick();
    expect(spaces.map((s) => s.live)).toEqual(spaces.map((_, i) => i >= 10 && i < 22));
    for (const s of spaces.slice(10, 22)) s.watch.drawn();
    // Two of the twelve in view give their slots up (the least recently seen: the same moment, so the lowest).
    expect(spaces[20]!.pending).toHaveLength(1);
    expect(spaces[21]!.pending).toHaveLength(1);
    spaces[20]!.finish();
    spaces[21]!.finish();
    await tick();
    // The nearest undrawn ones out of view: 9 (just above) and 22 (just below).
    const started = () => spaces.flatMap((s, i) => (s.live && (i < 10 || i >= 22) ? [i] : []));
    expect(started()).toEqual([9, 22]);
    expect(vis.liveContexts()).toBe(12);
    spaces[9]!.watch.drawn();
    spaces[9]!.finish();
    await tick();
    expect(started()).toEqual([8, 22]);
    // Every one of them gets its turn, two at a time, then the spaces in view have their slots back.
    for (let round = 0; round < 40 && started().length; round++) {
      const now = started();
      expect(now.length).toBeLessThanOrEqual(2);
      for (const i of now) spaces[i]!.watch.drawn();
      for (const s of spaces) s.finish();
      await tick();
    }
    expect(spaces.every((s) => s.log.length > 0)).toBe(true);
    for (const s of spaces) s.finish();
    await tick();
    expect(spaces.map((s) => s.live)).toEqual(spaces.map((_, i) => i >= 10 && i < 22));
  });

  it('a new space in view goes before the turns out of view; one already starting keeps its slot while there is room', async () => {
    vis.setLiveContextCap(4);
    const [a, b, c, d, e] = [space(), space(), space(), space(), space()];
    show(a.el, true);
    for (const s of [b, c, d, e]) show(s.el, false);
    await tick();
    a.watch.drawn();
    // Cap 4, one in view: room for two turns out of view.
    expect(live([a, b, c, d, e])).toEqual([true, true, true, false, false]);
    // d and e come into view undrawn: they take the free slots, b and c keep theirs.
    show(d.el, true);
    show(e.el, true);
    await tick();
    expect(live([a, b, c, d, e])).toEqual([true, true, true, true, false]);
    expect(e.waiting).toBe(true);
    expect(b.pending).toHaveLength(0);
    // c gives way for e (in view first), b starting keeps its slot only while room is left.
    show(a.el, false);
    await tick();
    a.finish();
    await tick();
    expect(live([a, b, c, d, e])).toEqual([false, true, true, true, true]);
    expect(e.waiting).toBe(false);
  });

  it('a space in view without a context is told it waits its turn, and told again when it gets one', async () => {
    vis.setLiveContextCap(1);
    const [a, b, c] = [space(), space(), space()];
    show(a.el, true);
    show(b.el, true);
    show(c.el, false);
    await tick();
    expect([a.waiting, b.waiting, c.waiting]).toEqual([false, true, false]);
    a.watch.drawn();
    a.finish();
    await tick();
    expect([a.live, b.live, b.waiting]).toEqual([false, true, false]);
    // It lost its image (released before the frame could be kept): undrawn again, it waits again.
    b.watch.drawn();
    a.watch.drawn(false);
    b.finish();
    await tick();
    expect([a.live, a.waiting]).toEqual([true, false]);
    show(a.el, false);
    show(b.el, true);
    await tick();
    expect(b.waiting).toBe(false);
  });
});
