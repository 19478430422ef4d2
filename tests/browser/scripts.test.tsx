import { afterEach, describe, expect, it, vi } from 'vitest';
import { diffShare, EMPTY, mountSpace, silentWarnings, unmountAll, waitFor } from './support/harness';
import { memoryVariables } from './widgets/support';
import { contentScene, normalBoxScript } from './support/scenes';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

const withScript = (script: string) => ({ ...contentScene, script });

// 2 s of silence in user code is a hang; silence outside it (a shader compile on a loaded machine)
// may last a minute, so the only restart these tests see is the one for the looping script.
const heartbeat = { intervalMs: 100, silentTicks: 20, slowTicks: 600 };

describe('the container script (user hooks)', () => {
  it('runs onReady with the three.js library object and a scene API', async () => {
    const m = await mountSpace(withScript(normalBoxScript));
    const withBox = await m.pixels();
    await m.update(withScript(''));
    const without = await m.pixels();
    // The box the hook added is gone once the script is cleared.
    expect(diffShare(withBox, without)).toBeGreaterThan(0.05);
  });

  it('reads host variables (api.variable, api.onVariable): the page sends what the script asks for, and each change', async () => {
    const variables = memoryVariables({ level: 3, other: 'x' });
    const script = `function onReady(THREE, api) {
      api.log('first read: ' + api.variable('level'));
      api.onVariable('level', (v) => {
        api.scene.background = new THREE.Color(v > 10 ? 0xff0000 : 0x000000);
        api.log('level is ' + v);
        api.invalidate();
      });
    }`;
    const m = await mountSpace({ ...EMPTY, script }, { variables });
    // Asked for on the first read: the value comes, and onVariable hears it.
    await waitFor(() => m.events.find((e) => e.type === 'log' && e.message === 'level is 3'), 'the first value');
    expect(m.events.find((e) => e.type === 'log' && e.message.startsWith('first read'))).toMatchObject({
      message: 'first read: undefined',
    });
    variables.set('level', 12);
    await waitFor(async () => {
      const p = await m.pixels();
      return p.data[0]! > 200 && p.data[1]! < 40 ? true : null;
    }, 'the background the script set from the new value');
  });

  it('a throwing hook is reported with its message and the scene keeps running', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const m = await mountSpace(withScript(`function onReady(THREE, api) { throw new Error('boom from the hook'); }`));
    expect(m.root.dataset.state).toBe('ready');
    const report = m.events.find((e) => e.type === 'script-error');
    expect(report).toMatchObject({ type: 'script-error', hook: 'onReady' });
    expect(report && 'message' in report && report.message).toContain('boom from the hook');
    expect(m.root.querySelector('[data-notice="error.script"]')?.textContent).toContain('boom from the hook');
    const p = await m.pixels();
    expect(p.data.some((v, i) => i % 4 !== 3 && v > 0)).toBe(true);
  });

  it('a syntax-broken script is reported, the scene keeps running', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const m = await mountSpace(withScript(`function onReady(THREE, api) { this is not javascript`));
    expect(m.root.dataset.state).toBe('ready');
    expect(m.events.find((e) => e.type === 'script-error')).toMatchObject({ hook: 'compile' });
  });

  it('an endless loop in the ready hook is detected and the scene comes back without scripts', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const m = await mountSpace(withScript(`function onReady() { for (;;) {} }`), {
      waitReady: false,
      heartbeat,
    });
    await waitFor(() => m.root.querySelector('[data-notice="notice.scriptsDisabled"]'), 'the scripts-disabled notice');
    await waitFor(() => m.root.dataset.state === 'ready', 'the restarted scene to be ready');
    const stats = await m.handle.stats();
    expect(stats.scriptsEnabled).toBe(false);
    expect(silentWarnings(warn)).toEqual([]);
    expect(m.handle.restarts).toBe(1);
    const p = await m.pixels();
    expect(p.data.some((v, i) => i % 4 !== 3 && v > 0)).toBe(true);
  });

  it('editing the script after a hang gives the new script a fresh worker with scripts on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const m = await mountSpace(withScript(`function onReady() { for (;;) {} }`), {
      waitReady: false,
      heartbeat,
    });
    await waitFor(() => m.root.querySelector('[data-notice="notice.scriptsDisabled"]'), 'the scripts-disabled notice');
    await waitFor(() => m.root.dataset.state === 'ready', 'the restarted scene');
    const withoutScript = await m.pixels();
    await m.update(withScript(normalBoxScript));
    // (Asked of the engine that the edit restarts, stats is refused: ask again.)
    await waitFor(
      async () => m.root.dataset.state === 'ready' && (await m.handle.stats().catch(() => null))?.scriptsEnabled,
      'scripts back on',
    );
    expect(m.root.querySelector('[data-notice="notice.scriptsDisabled"]')).toBeNull();
    expect(diffShare(withoutScript, await m.pixels())).toBeGreaterThan(0.05);
  });

  it('a frame callback that throws every frame is reported once and never stops drawing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const m = await mountSpace(
      withScript(`function onReady(THREE, api) { let n = 0; api.onFrame(() => { n++; if (n > 2) throw new Error('frame fail'); }); }`),
    );
    const start = (await m.handle.stats()).frames;
    // Drawing goes on after the throws: more frames come (as fast as this loaded machine allows).
    await waitFor(async () => (await m.handle.stats()).frames > start + 3, 'more frames after the throwing hook', 10_000);
    expect(m.events.filter((e) => e.type === 'script-error')).toHaveLength(1);
  });

  it('a call waiting on a worker that hangs is refused when the worker is stopped, and the restarted space answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Frames run until the hook is told to loop: the space is ready and answering first.
    const m = await mountSpace(
      withScript(
        `function onReady(THREE, api) { let n = 0; api.onFrame(() => { api.invalidate(); if (++n > 20) for (;;) {} }); api.invalidate(); }`,
      ),
      { heartbeat },
    );
    // Asked again and again: one call is asked while the frame hook spins, the worker never
    // answers it, and the heartbeat stops that worker. The call must fail then, not wait forever.
    const refused = await (async () => {
      for (;;) {
        try {
          await m.handle.stats();
        } catch (err) {
          return err as Error;
        }
      }
    })();
    expect(refused.message).toMatch(/render worker was stopped/);
    await waitFor(() => m.root.querySelector('[data-notice="notice.scriptsDisabled"]'), 'the scripts-disabled notice');
    const answered = await waitFor(() => m.handle.stats().catch(() => null), 'the restarted engine to answer');
    expect(answered.scriptsEnabled).toBe(false);
    expect(silentWarnings(warn)).toEqual([]);
    expect(m.handle.restarts).toBe(1);
  });
});
