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
    pending: [] as (() => void)[],
    finish() {
      for (const f of s.pending.splice(0)) f();
    },
    watch: vis.watchLiveContext(el, (on) => {
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
    }),
  };
  return s;
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('which spaces hold a WebGL context', () => {
  it('nothing is decided before the observer reported; a space out of view never starts', async () => {
    const a = space();
    await tick();
    expect(a.live).toBe(false);
    show(a.el, false);
    await tick();
    expect(a.live).toBe(false);
    show(a.el, true);
    // Decided once the reports of this moment are all in.
    expect(a.live).toBe(false);
    await tick();
    expect(a.live).toBe(true);
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
});
