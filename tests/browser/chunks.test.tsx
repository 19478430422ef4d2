import { afterEach, expect, it, vi } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor, type Mounted } from './support/harness';
import { sphereScene } from './support/scenes';

/*
 * Spec §8: a part that does not load says 'Loading chunk {id} failed' with the failure type and the
 * URL, in the scene's corner and the console, with a Retry. The bad responses are real: the test
 * page's server answers 404 or never answers (tests/browser/support/chunk-faults.ts).
 */

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

let keys = 0;
/** A fault of its own for each test (the browser keeps what it learnt about a URL), in `mode`. */
async function newFault(name: string, mode: 'missing' | 'hang') {
  const key = `${name}-${Date.now()}-${keys++}`;
  await commands.chunkFault(key, mode);
  return {
    key,
    /** The fault's URL; once repaired it redirects to `realUrl`. */
    url(realUrl: string) {
      const u = new URL(realUrl, location.href);
      return new URL(`/__chunk-faults/${key}/${name}.js?to=${encodeURIComponent(u.pathname + u.search)}`, location.href).href;
    },
  };
}

/** Short, so a timeout test waits seconds: the spec's 120 s is the default (shared/schema/chunks.ts). */
const TIMEOUT_MS = 2500;

async function failed(m: Mounted) {
  await waitFor(() => m.root.dataset.state === 'error', 'the space to report the failure');
  return m.root.querySelector<HTMLElement>('.dash3d-chunk-error')!;
}

/** Retry with the keyboard: the button has focus when the message appears. */
async function retryWithKeyboard(m: Mounted) {
  const button = m.root.querySelector<HTMLButtonElement>('.dash3d-chunk-error button')!;
  await waitFor(() => document.activeElement === button, 'Retry to take focus');
  await userEvent.keyboard('{Enter}');
  await waitFor(() => m.root.dataset.state === 'ready', 'the space to be ready after Retry', 50_000);
  expect(m.root.querySelector('.dash3d-chunk-error')).toBeNull();
  const p = await m.pixels();
  // The white sphere is drawn: the scene really runs.
  expect(p.data.some((v, i) => i % 4 === 0 && v > 200)).toBe(true);
}

for (const type of ['missing', 'timeout'] as const) {
  it(`the render worker's script ${type === 'missing' ? 'answering 404' : 'never answering'} is reported, and Retry starts the scene once it is served`, async () => {
    const errors = vi.spyOn(console, 'error');
    const f = await newFault('render-worker', type === 'missing' ? 'missing' : 'hang');
    let asked = '';
    const m = await mountSpace(sphereScene, {
      waitReady: false,
      chunks: { timeoutMs: TIMEOUT_MS, renderWorkerUrl: (built) => (asked = f.url(built)) },
    });
    const panel = await failed(m);
    expect(m.root.getAttribute('aria-busy')).toBe('false');
    const text = `Loading chunk render-worker failed (${type}: ${asked})`;
    expect(panel.textContent).toContain(text);
    expect(errors.mock.calls.some((c) => String(c[0]).includes(text))).toBe(true);
    // Not hidden behind the main-thread fallback.
    expect(m.handle.mode).toBeNull();

    await commands.chunkFault(f.key, 'ok');
    await retryWithKeyboard(m);
    expect(m.handle.mode).toBe('worker');
    expect((await commands.chunkFaultRequests(f.key)).length).toBeGreaterThanOrEqual(2);
  });
}

for (const type of ['missing', 'timeout'] as const) {
  it(`the main-thread engine's chunk ${type === 'missing' ? 'answering 404' : 'never answering'} is reported, and Retry loads it once it is served`, async () => {
    const errors = vi.spyOn(console, 'error');
    const f = await newFault('engine', type === 'missing' ? 'missing' : 'hang');
    const engineUrl = f.url('/worker/engine/engine.ts');
    const m = await mountSpace(sphereScene, { waitReady: false, forceMainThread: true, chunks: { timeoutMs: TIMEOUT_MS, engineUrl } });
    const panel = await failed(m);
    const text = `Loading chunk engine failed (${type}: ${engineUrl})`;
    expect(panel.textContent).toContain(text);
    expect(m.root.getAttribute('aria-busy')).toBe('false');
    expect(errors.mock.calls.some((c) => String(c[0]).includes(text))).toBe(true);

    await commands.chunkFault(f.key, 'ok');
    await retryWithKeyboard(m);
    expect(m.handle.mode).toBe('main');
  });
}

it('says it in the designer\'s language', async () => {
  const f = await newFault('render-worker', 'missing');
  const m = await mountSpace(sphereScene, { waitReady: false, locale: 'zh_Hans', chunks: { timeoutMs: TIMEOUT_MS, renderWorkerUrl: (built) => f.url(built) } });
  const panel = await failed(m);
  expect(panel.textContent).toMatch(/^加载代码块 render-worker 失败（缺失：http:\/\/.+\/__chunk-faults\/.+）重试$/);
});
