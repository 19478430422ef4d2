import { expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace } from './support/harness';
import { sphereScene } from './support/scenes';
import { chunkTimeout, failed, newFault, retryWithKeyboard, useChunkTests } from './support/chunks';

/*
 * Spec §8: a part that does not load says 'Loading chunk {id} failed' with the failure type and the
 * URL, in the scene's corner and the console, with a Retry. The bad responses are real: the test
 * page's server answers 404 or never answers (tests/browser/support/chunk-faults.ts).
 */

useChunkTests();

for (const type of ['missing', 'timeout'] as const) {
  it(`the render worker's script ${type === 'missing' ? 'answering 404' : 'never answering'} is reported, and Retry starts the scene once it is served`, async () => {
    const errors = vi.spyOn(console, 'error');
    const f = await newFault('render-worker', type === 'missing' ? 'missing' : 'hang');
    let asked = '';
    const time = chunkTimeout('render-worker');
    const m = await mountSpace(sphereScene, {
      waitReady: false,
      chunks: {
        get timeoutsMs() {
          return time.timeoutsMs;
        },
        renderWorkerUrl: (built) => (asked = f.url(built)),
      },
    });
    const panel = await failed(m);
    expect(m.root.getAttribute('aria-busy')).toBe('false');
    const text = `Loading chunk render-worker failed (${type}: ${asked})`;
    expect(panel.textContent).toContain(text);
    expect(errors.mock.calls.some((c) => String(c[0]).includes(text))).toBe(true);
    // A missing worker script is what a host meets when its bundler does not emit it (esbuild):
    // the panel and the console say what to do (shared/chunk-hints.ts); one that came too late, not.
    const hint = panel.querySelector('.dash3d-chunk-hint')?.textContent ?? null;
    if (type === 'missing') {
      expect(hint).toContain('`files.createWorker` and `files.assetBase`');
      expect(hint).toContain('docs/host-guide.md, "Serving the package\'s files yourself"');
      expect(errors.mock.calls.some((c) => String(c[0]).includes(`${text}\n${hint}`))).toBe(true);
    } else expect(hint).toBeNull();
    // Not hidden behind the main-thread fallback.
    expect(m.handle.mode).toBeNull();

    await commands.chunkFault(f.key, 'ok');
    time.repaired();
    await retryWithKeyboard(m);
    expect(m.handle.mode).toBe('worker');
    expect((await commands.chunkFaultRequests(f.key)).length).toBeGreaterThanOrEqual(2);
  });
}

for (const type of ['missing', 'timeout'] as const) {
  it(`the main-thread engine's chunk ${type === 'missing' ? 'answering 404' : 'never answering'} is reported, and Retry loads it once it is served`, async () => {
    const errors = vi.spyOn(console, 'error');
    const f = await newFault('engine', type === 'missing' ? 'missing' : 'hang');
    const engineUrl = f.url('/worker/api.ts');
    const time = chunkTimeout('engine');
    const m = await mountSpace(sphereScene, {
      waitReady: false,
      forceMainThread: true,
      chunks: {
        get timeoutsMs() {
          return time.timeoutsMs;
        },
        engineUrl,
      },
    });
    const panel = await failed(m);
    const text = `Loading chunk engine failed (${type}: ${engineUrl})`;
    expect(panel.textContent).toContain(text);
    expect(m.root.getAttribute('aria-busy')).toBe('false');
    expect(errors.mock.calls.some((c) => String(c[0]).includes(text))).toBe(true);

    await commands.chunkFault(f.key, 'ok');
    time.repaired();
    await retryWithKeyboard(m);
    expect(m.handle.mode).toBe('main');
  });
}

it("says it in the designer's language", async () => {
  const f = await newFault('render-worker', 'missing');
  const m = await mountSpace(sphereScene, { waitReady: false, locale: 'zh_Hans', chunks: { renderWorkerUrl: (built) => f.url(built) } });
  const panel = await failed(m);
  expect(panel.textContent).toMatch(
    /^加载代码块 render-worker 失败（缺失：http:\/\/.+\/__chunk-faults\/.+）若页面的打包工具.+`files.createWorker`.+重试$/,
  );
});

for (const type of ['missing', 'timeout'] as const) {
  it(`an environment preset ${type === 'missing' ? 'answering 404' : 'never answering'} is reported, and Retry loads it`, async () => {
    const errors = vi.spyOn(console, 'error');
    const f = await newFault('environment-sky', type === 'missing' ? 'missing' : 'hang');
    const preset = f.url('/worker/assets/files/environments/sky.exr');
    const time = chunkTimeout('environment-sky');
    const scene = { ...sphereScene, environmentConfig: { enable: true, type: 'sky' } };
    const m = await mountSpace(scene, {
      waitReady: false,
      chunks: {
        get timeoutsMs() {
          return time.timeoutsMs;
        },
        moduleUrls: { 'environment-sky': preset },
      },
    });
    const panel = await failed(m);
    const text = `Loading chunk environment-sky failed (${type}: ${preset})`;
    expect(panel.textContent).toContain(text);
    if (type === 'missing') expect(panel.querySelector('.dash3d-chunk-hint')?.textContent).toContain('`files.assetBase`');
    expect(m.root.getAttribute('aria-busy')).toBe('false');
    expect(errors.mock.calls.some((c) => String(c[0]).includes(text))).toBe(true);

    await commands.chunkFault(f.key, 'ok');
    time.repaired();
    const from = m.events.length;
    await retryWithKeyboard(m);
    // The restarted engine got its preset: no environment failure since the Retry.
    expect(m.events.slice(from).some((e) => e.type === 'error' || e.type === 'chunk-failed')).toBe(false);
    expect((await commands.chunkFaultRequests(f.key)).length).toBeGreaterThanOrEqual(2);
  });
}

it('the main-thread fallback engine reports a missing preset the same way', async () => {
  const f = await newFault('environment-sky', 'missing');
  const preset = f.url('/worker/assets/files/environments/sky.exr');
  const scene = { ...sphereScene, environmentConfig: { enable: true, type: 'sky' } };
  const m = await mountSpace(scene, { waitReady: false, forceMainThread: true, chunks: { moduleUrls: { 'environment-sky': preset } } });
  const panel = await failed(m);
  expect(panel.textContent).toContain(`Loading chunk environment-sky failed (missing: ${preset})`);
  await commands.chunkFault(f.key, 'ok');
  await retryWithKeyboard(m);
  expect(m.handle.mode).toBe('main');
});
