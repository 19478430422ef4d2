import { afterEach, describe, expect, it, vi } from 'vitest';
import { diffShare, mountSpace, unmountAll, waitFor } from './support/harness';
import { contentScene } from './support/scenes';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('config from the host', () => {
  it('an invalid change keeps the last valid scene and says which field is wrong and why', async () => {
    const m = await mountSpace(contentScene);
    const before = await m.pixels();
    await m.update({
      ...contentScene,
      sceneConfig: { ...contentScene.sceneConfig, fog: { enable: true, color: '#ff0000', near: 1, far: 50 } },
      controlConfig: { orbitConfig: { dampingFactor: 3 } },
    });
    const list = await waitFor(() => m.root.querySelector('.dash3d-issues'), 'the issue list');
    expect(list.textContent).toContain('controlConfig.orbitConfig.dampingFactor');
    expect(list.textContent).toContain('Exceeding the value range');
    // Nothing of the rejected config reached the scene (the fog would have turned it red).
    expect(diffShare(before, await m.pixels())).toBeLessThan(0.001);
  });

  it('shows the message in Chinese when the locale is zh_Hans', async () => {
    const m = await mountSpace(contentScene, { locale: 'zh_Hans' });
    await m.update({ ...contentScene, controlConfig: { orbitConfig: { dampingFactor: -1 } } });
    const list = await waitFor(() => m.root.querySelector('.dash3d-issues'), 'the issue list');
    expect(list.textContent).toContain('超出取值范围');
  });

  it('a stored config with garbage starts with defaults where it is broken, and reports it', async () => {
    const m = await mountSpace({ ...contentScene, cameraConfig: { fov: 'wide', near: -5 }, helperConfig: 42 });
    expect(m.root.dataset.state).toBe('ready');
    expect(m.root.querySelector('.dash3d-issues')?.textContent).toContain('cameraConfig.fov');
  });

  it('a slider drag is coalesced: many changes within a frame leave as one patch', async () => {
    const m = await mountSpace(contentScene);
    const canvasBefore = await m.pixels();
    const patchesBefore = (await m.handle.stats()).patches;
    // 30 synchronous updates in one task: the engine must see only the last. Awaited afterwards, so
    // a failing one still fails the test.
    const sent: Promise<void>[] = [];
    for (let i = 0; i <= 30; i++) {
      sent.push(
        m.update({
          ...contentScene,
          sceneConfig: { ...contentScene.sceneConfig, fog: { enable: true, color: '#ff0000', near: 1, far: 60 - i } },
        }),
      );
    }
    await m.update({
      ...contentScene,
      sceneConfig: { ...contentScene.sceneConfig, fog: { enable: true, color: '#ff0000', near: 1, far: 30 } },
    });
    await Promise.all(sent);
    const after = await m.pixels();
    expect(diffShare(canvasBefore, after)).toBeGreaterThan(0.3);
    expect((await m.handle.stats()).patches - patchesBefore).toBeLessThanOrEqual(2);
  });
});
