import { afterEach, describe, expect, it, vi } from 'vitest';
import { diffShare, mountSpace, unmountAll, waitFor } from './support/harness';
import { contentScene } from './support/scenes';

afterEach(unmountAll);

/** Count workers created and terminated through the global constructor the bridge uses. */
function trackWorkers() {
  const Original = globalThis.Worker;
  const live = new Set<Worker>();
  let created = 0;
  class Tracked extends Original {
    constructor(url: string | URL, opts?: WorkerOptions) {
      super(url, opts);
      created++;
      live.add(this);
    }
    terminate() {
      live.delete(this);
      super.terminate();
    }
  }
  globalThis.Worker = Tracked;
  return {
    live,
    get created() {
      return created;
    },
    restore: () => void (globalThis.Worker = Original),
  };
}

describe('3D space lifecycle', () => {
  afterEach(() => vi.restoreAllMocks());

  it('20 mount/unmount cycles leave no live worker and no lost contexts', async () => {
    const workers = trackWorkers();
    try {
      for (let i = 0; i < 20; i++) {
        const m = await mountSpace(contentScene, { width: 160, height: 100 });
        m.unmount();
      }
      expect(workers.created).toBeGreaterThanOrEqual(20);
      expect(workers.live.size).toBe(0);
      // A leaked context would make Chromium drop the oldest ones ("Too many active WebGL contexts").
      const m = await mountSpace(contentScene, { width: 160, height: 100 });
      expect(m.events.some((e) => e.type === 'context-lost')).toBe(false);
      const p = await m.pixels();
      expect(p.data.some((v, i) => i % 4 !== 3 && v > 0)).toBe(true);
    } finally {
      workers.restore();
    }
  });

  it('20 mount/unmount cycles on the main-thread fallback release their contexts', async () => {
    const contexts: WebGL2RenderingContext[] = [];
    const original = HTMLCanvasElement.prototype.getContext;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
      ...args: Parameters<typeof original>
    ) {
      const ctx = original.apply(this, args);
      if (ctx && args[0] === 'webgl2' && !contexts.includes(ctx as WebGL2RenderingContext)) contexts.push(ctx as WebGL2RenderingContext);
      return ctx;
    } as typeof original);
    for (let i = 0; i < 20; i++) {
      const m = await mountSpace(contentScene, { width: 160, height: 100, forceMainThread: true });
      expect(m.handle.mode).toBe('main');
      m.unmount();
    }
    expect(contexts.length).toBeGreaterThanOrEqual(20);
    // Released at unmount, not whenever the garbage collector gets to them.
    expect(contexts.filter((gl) => !gl.isContextLost())).toEqual([]);
    const m = await mountSpace(contentScene, { width: 160, height: 100, forceMainThread: true });
    expect(m.events.some((e) => e.type === 'context-lost')).toBe(false);
  });

  it('a forced context loss restores the same image', async () => {
    const m = await mountSpace(contentScene, { width: 240, height: 150 });
    const before = await m.pixels();
    expect(await m.handle.simulateContextLoss(100)).toBe(true);
    await waitFor(() => m.events.some((e) => e.type === 'context-lost'), 'context-lost event');
    await waitFor(() => m.events.some((e) => e.type === 'context-restored'), 'context-restored event');
    const after = await m.pixels();
    expect(diffShare(before, after)).toBeLessThan(0.005);
    expect(m.host.querySelector('[data-notice="notice.contextLost"]')).toBeNull();
  });

  it('the same config gives the same pixels in the worker and in the main-thread fallback', async () => {
    const worker = await mountSpace(contentScene, { width: 240, height: 150 });
    const main = await mountSpace(contentScene, { width: 240, height: 150, forceMainThread: true });
    expect(worker.handle.mode).toBe('worker');
    expect(main.handle.mode).toBe('main');
    const a = await worker.pixels();
    const b = await main.pixels();
    expect(a.width).toBe(b.width);
    expect(diffShare(a, b)).toBeLessThan(0.005);
    // And the fallback says so.
    expect(main.host.querySelector('[data-notice="notice.fallback"]')).not.toBeNull();
  });

  it('shows the spec fallback panel and logs when the scene cannot start at all', async () => {
    const errors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...a) => void errors.push(a));
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    try {
      const m = await mountSpace(contentScene, { forceMainThread: true, waitReady: false });
      await waitFor(() => m.root.dataset.state === 'error', 'error state');
      expect(m.root.textContent).toContain('An error has occurred, possibly due to the model file being damaged or missing!');
      expect(m.root.getAttribute('aria-busy')).toBe('false');
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      getContext.mockRestore();
    }
  });
});
