/**
 * The material preview showing a model instead of the box, through the render handle and the
 * preview component (issue 11 point 2; spec §4 replacing and clearing): lost contexts, the newest
 * model winning, the main-thread fallback, what the worker refuses.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { colourDistance, diffShare, EMPTY, mountSpace, unmountAll, waitFor } from '../support/harness';
import { CAMERA, choose, isGrey, isRed, LEFT, mountEditor, RIGHT, treeSelect, twoCubes, unmountEditors } from './tree-support';

let objUrl = '';
beforeAll(async () => {
  objUrl = await commands.writeTempFile('two-cubes.obj', twoCubes());
});

afterEach(() => {
  unmountAll();
  unmountEditors();
});

describe('the previewed model after a lost WebGL context', () => {
  it('comes back with the same parts (same uuids) and the edited part still edited', async () => {
    const space = await mountSpace(
      { ...EMPTY, lightConfig: { ambientLight: [{ intensity: 0.5 }], directionalLight: [] }, cameraConfig: { cameraPositon: CAMERA } },
      { width: 240, height: 240 },
    );
    const shown = await space.handle.setPreviewModel({ filePath: objUrl, fileList: [] });
    if (!shown.ok) throw new Error(shown.message);
    const left = shown.nodes[0]!.children[0]!;
    const target = (left.material as { uuid: string }).uuid;
    expect(await space.handle.setPreviewMaterial({ type: 'phong', color: '#ff0000' }, target)).toMatchObject({ ok: true, shown: true });
    const red = await space.pixels();
    expect(isRed(LEFT(red)), `left ${LEFT(red).join(',')}`).toBe(true);

    expect(await space.handle.simulateContextLoss(100)).toBe(true);
    await waitFor(() => space.events.some((e) => e.type === 'context-restored'), 'context-restored event');
    await waitFor(async () => isRed(LEFT(await space.pixels())), 'the edited part again');
    expect(diffShare(red, await space.pixels())).toBeLessThan(0.01);
    // The main thread's target still names the part: Clear (null for it) restores the file's material.
    expect(await space.handle.setPreviewMaterial(null, target)).toMatchObject({ ok: true });
    const cleared = await space.pixels();
    expect(isGrey(LEFT(cleared)), `left ${LEFT(cleared).join(',')}`).toBe(true);
  });
});

describe('the main-thread fallback', () => {
  it('previews the model and replaces a part the same way', async () => {
    const editor = await mountEditor({ url: objUrl, files: [] }, { forceMainThread: true });
    expect(editor.handle().mode).toBe('main');
    const before = await editor.pixels();
    await choose('Left');
    expect(await editor.edit({ color: '#ff0000' })).toMatchObject({ ok: true, shown: true });
    const red = await editor.pixels();
    expect(isRed(LEFT(red)), `left ${LEFT(red).join(',')}`).toBe(true);
    expect(colourDistance(RIGHT(red), RIGHT(before))).toBeLessThanOrEqual(2);
  });
});

describe('the newest model wins', () => {
  it('a model replaced while it loads is never shown; GPU memory as for one model', async () => {
    const space = await mountSpace(EMPTY, { width: 120, height: 120 });
    // renderer.info counts geometries when a frame uploads them: each reading waits for a drawn
    // frame (a busy machine drew none between the answer and the reading).
    await space.handle.settled();
    const baseline = (await space.handle.stats()).memory;
    const one = await space.handle.setPreviewModel({ filePath: objUrl, fileList: [] });
    expect(one).toMatchObject({ ok: true, shown: true });
    await space.handle.settled();
    const single = (await space.handle.stats()).memory;
    expect(single.geometries).toBeGreaterThan(baseline.geometries);
    const [first, second] = await Promise.all([
      space.handle.setPreviewModel({ filePath: objUrl, fileList: [] }),
      space.handle.setPreviewModel({ filePath: `${objUrl}?again`, fileList: [] }),
    ]);
    expect(first).toMatchObject({ ok: true, shown: false, nodes: [] });
    expect(second).toMatchObject({ ok: true, shown: true });
    await space.handle.settled();
    expect((await space.handle.stats()).memory).toEqual(single);
    expect(await space.handle.setPreviewModel(null)).toMatchObject({ ok: true, shown: false });
    await space.handle.settled();
    expect((await space.handle.stats()).memory).toEqual(baseline);
  });
});

describe('a model that cannot be previewed', () => {
  it('the worker checks what it is sent itself: a source or target of the wrong shape is refused', async () => {
    const space = await mountSpace(EMPTY, { width: 120, height: 120 });
    const bad = await space.handle.setPreviewModel({ filePath: 5 });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.message).toContain('filePath');
    expect(await space.handle.setPreviewMaterial({ type: 'phong' }, 42 as never)).toMatchObject({
      ok: false,
      issues: [{ path: 'target' }],
    });
    // A target the model does not have: nothing replaced, said in words.
    const shown = await space.handle.setPreviewModel({ filePath: objUrl, fileList: [] });
    expect(shown).toMatchObject({ ok: true, shown: true });
    const r = await space.handle.setPreviewMaterial({ type: 'phong' }, 'no-such-material');
    expect(r).toMatchObject({ ok: true, shown: false });
    expect(r.ok ? r.problems.join() : '').toContain('no-such-material');
  });

  it('is named under the canvas, and the tree stays empty', async () => {
    const editor = await mountEditor(null);
    // Another origin than the page's (the preview's allowed origins): refused without a request.
    editor.setModel({ url: 'https://elsewhere.example/part.obj', files: [] });
    const preview = document.querySelector<HTMLElement>('.dash3d-material-preview')!;
    await waitFor(() => preview.querySelector('.dash3d-issues')?.textContent?.includes('part.obj'), 'the refusal to be shown');
    expect(editor.nodes()).toEqual([]);
    expect(treeSelect().element()).toHaveProperty('disabled', true);
  });
});
