import { afterEach, expect, it, vi } from 'vitest';
import { mountSpace, unmountAll } from './support/harness';
import { contentScene } from './support/scenes';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

/**
 * The render worker's own script, started behind a module that first takes WebGL2 away from the
 * worker's OffscreenCanvas: a browser whose page has it and whose workers do not (the capability
 * check must ask the worker, not the page). Same origin (a blob of this page), so the import works.
 */
const withoutWorkerWebGL = (built: string) => {
  const script = (source: string) => URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const patch = script(`const get = OffscreenCanvas.prototype.getContext;
OffscreenCanvas.prototype.getContext = function (kind, ...rest) { return kind === 'webgl2' ? null : get.call(this, kind, ...rest); };`);
  // Static imports, run in order before the worker's first message is delivered (a dynamic import
  // would finish after it, and the ping would find no listener).
  return script(`import ${JSON.stringify(patch)};\nimport ${JSON.stringify(new URL(built, location.href).href)};`);
};

// Its own file: the capability check is cached per page, and this test must be the first to ask.
it('renders on the main thread, with one console notice and no error on the way, where workers have no WebGL2', async () => {
  const info = vi.spyOn(console, 'info');
  const error = vi.spyOn(console, 'error');
  const warn = vi.spyOn(console, 'warn');
  // Every state the space shows on its way: an error shown for a moment is an error seen.
  const states: string[] = [];
  const seen = new MutationObserver((records) => {
    for (const r of records) if (r.target instanceof HTMLElement && r.target.dataset.state) states.push(r.target.dataset.state);
  });
  seen.observe(document.body, { subtree: true, attributeFilter: ['data-state'] });
  const options = { chunks: { renderWorkerUrl: withoutWorkerWebGL } };
  const m = await mountSpace(contentScene, options);
  // The page's own OffscreenCanvas still has WebGL2: the verdict came from the worker.
  expect(new OffscreenCanvas(1, 1).getContext('webgl2')).not.toBeNull();
  expect(m.handle.mode).toBe('main');
  expect(m.root.dataset.state).toBe('ready');
  expect(m.root.querySelector('[data-notice="notice.fallback"]')?.textContent).toContain('Rendering on the main thread');
  const p = await m.pixels();
  expect(p.data.some((v, i) => i % 4 !== 3 && v > 0)).toBe(true);

  // A second space asks nothing again and says nothing again in the console.
  const second = await mountSpace(contentScene, options);
  expect(second.handle.mode).toBe('main');
  seen.disconnect();
  expect(states).not.toContain('error');
  expect(info.mock.calls.filter((c) => String(c[0]).includes('rendering on the main thread'))).toHaveLength(1);
  expect(error).not.toHaveBeenCalled();
  expect(warn.mock.calls.filter((c) => String(c[0]).includes('[dash3d]'))).toEqual([]);
});
