import { afterEach, expect, it, vi } from 'vitest';
import { mountSpace, unmountAll } from './support/harness';
import { contentScene } from './support/scenes';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

// Its own file: the capability check is cached per page, and this test must be the first to ask.
it('renders on the main thread, with a console notice, where OffscreenCanvas has no WebGL2', async () => {
  const original = OffscreenCanvas.prototype.getContext;
  vi.spyOn(OffscreenCanvas.prototype, 'getContext').mockImplementation(function (
    this: OffscreenCanvas,
    ...args: Parameters<typeof original>
  ) {
    return args[0] === 'webgl2' ? null : original.apply(this, args);
  } as typeof original);
  const info = vi.spyOn(console, 'info');
  const m = await mountSpace(contentScene);
  expect(m.handle.mode).toBe('main');
  expect(m.root.dataset.state).toBe('ready');
  expect(info.mock.calls.some((c) => String(c[0]).includes('rendering on the main thread'))).toBe(true);
  expect(m.root.querySelector('[data-notice="notice.fallback"]')?.textContent).toContain('Rendering on the main thread');
  const p = await m.pixels();
  expect(p.data.some((v, i) => i % 4 !== 3 && v > 0)).toBe(true);
});
