import { createRef, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SpaceConfigSchema, type SpaceConfig } from '../../../shared/schema/space';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { SpaceSettings } from '../../../src/widgets/space/settings/SpaceSettings';
import { colourDistance, EMPTY, pixelAt, waitFor } from '../support/harness';
import { editorAround, editorNamed, lineNumberBeside } from '../support/code';
import { liveSpaces } from '../../../src/widgets/space/liveSpaces';
import { fakeHost, Themed } from './support';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

/** A host in miniature: one config, the panel edits it, the space shows it. */
function mountEditor(initial: unknown, opts: { scripts?: boolean } = {}) {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  const ref = createRef<ThreeDSpaceHandle>();
  const host = fakeHost();
  const sent: SpaceConfig[] = [];
  function Editor() {
    const [config, setConfig] = useState(() => SpaceConfigSchema.parse(initial));
    return (
      <Themed locale="en">
        <div style={{ display: 'flex', gap: 8 }}>
          <div style={{ width: 320, height: 200, position: 'relative' }}>
            <ThreeDSpace config={config} ref={ref} userCode={opts.scripts ? { trusted: true, document: '' } : undefined} />
          </div>
          {/* The inspector scrolls on its own, as in a host editor: the page (and the space) stay put. */}
          <div style={{ width: 380, height: 500, overflow: 'auto' }}>
            <SpaceSettings
              id="space"
              config={config}
              host={host}
              onChange={(next) => {
                sent.push(next);
                setConfig(next);
              }}
            />
          </div>
        </div>
      </Themed>
    );
  }
  flushSync(() =>
    root.render(
      <StrictMode>
        <Editor />
      </StrictMode>,
    ),
  );
  // As the space widget does: its panel finds the running scene by the space's id.
  const unregister = liveSpaces.register({
    spaceId: 'space',
    get handle() {
      return ref.current;
    },
  });
  cleanup.push(() => {
    unregister();
    root.unmount();
    el.remove();
  });
  const space = el.querySelector<HTMLElement>('.dash3d-space')!;
  return { space, sent, handle: () => ref.current! };
}

async function centrePixel(handle: () => ThreeDSpaceHandle) {
  await handle().settled();
  return pixelAt(await handle().readPixels(), 0.5, 0.5);
}

describe('settings panel next to a running 3D space', () => {
  it('a background colour typed into the panel shows in the canvas pixels', async () => {
    const e = mountEditor({ ...EMPTY, sceneConfig: { background: '#000000', ground: { enable: false } } });
    await waitFor(() => e.space.dataset.state === 'ready' && e.handle()?.mode, 'the space to be ready');
    expect(colourDistance(await centrePixel(e.handle), [0, 0, 0, 255])).toBeLessThanOrEqual(1);

    const input = page.getByRole('textbox', { name: 'Background colour' });
    await userEvent.fill(input, '#ff8000');
    await userEvent.keyboard('{Enter}');
    await waitFor(async () => colourDistance(await centrePixel(e.handle), [255, 128, 0, 255]) <= 1, 'the background to turn orange');

    // An invalid colour is refused in the panel and the scene keeps the last valid one.
    await userEvent.fill(input, 'not-a-colour');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('Not a valid colour')).toBeVisible();
    expect(e.sent.every((c) => c.sceneConfig.background !== 'not-a-colour')).toBe(true);
    expect(colourDistance(await centrePixel(e.handle), [255, 128, 0, 255])).toBeLessThanOrEqual(1);
  });

  it('each step of the field-of-view slider is sent, and the view follows', async () => {
    // A white sky over an unlit (black) ground: a wider view shows less of the ground.
    const e = mountEditor({ ...EMPTY, sceneConfig: { background: '#ffffff', ground: { enable: true, color: '#000000' } } });
    await waitFor(() => e.space.dataset.state === 'ready' && e.handle()?.mode, 'the space to be ready');
    const darkShare = async () => {
      await e.handle().settled();
      const p = await e.handle().readPixels();
      let dark = 0;
      for (let i = 0; i < p.data.length; i += 4) if (p.data[i]! < 128) dark++;
      return dark / (p.data.length / 4);
    };
    const before = await darkShare();
    await userEvent.click(page.getByRole('button', { name: 'Camera', exact: true }));
    const handle = page.getByRole('slider', { name: 'Field of view (°)' });
    await userEvent.click(handle);
    const start = e.sent.length;
    const fovAtStart = e.sent.at(-1)?.cameraConfig.fov ?? 45;
    for (let i = 0; i < 20; i++) await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => e.sent.at(-1)?.cameraConfig.fov).toBe(fovAtStart + 20);
    // One onChange per step (the space coalesces them to a message per frame).
    expect(e.sent.slice(start).map((c) => c.cameraConfig.fov)).toEqual(Array.from({ length: 20 }, (_, i) => fovAtStart + i + 1));
    await waitFor(async () => (await darkShare()) < before - 0.02, 'the ground to take less of the view');
  });

  it('an edit is parsed once on the main thread: the panel parses it, the space takes it as sent', async () => {
    const e = mountEditor({ ...EMPTY, sceneConfig: { background: '#000000', ground: { enable: false } } });
    await waitFor(() => e.space.dataset.state === 'ready' && e.handle()?.mode, 'the space to be ready');
    const parses = vi.spyOn(SpaceConfigSchema, 'safeParse');
    try {
      const input = page.getByRole('textbox', { name: 'Background colour' });
      await userEvent.fill(input, '#0080ff');
      await userEvent.keyboard('{Enter}');
      await waitFor(async () => colourDistance(await centrePixel(e.handle), [0, 128, 255, 255]) <= 1, 'the background to turn blue');
      expect(e.sent).toHaveLength(1);
      expect(parses).toHaveBeenCalledTimes(1);
    } finally {
      parses.mockRestore();
    }
  });

  it("an error thrown by the space's script is a diagnostic on its line in the panel's script editor; a fixed script clears it", async () => {
    const script = ['function onReady(THREE, api) {', '  const part = null;', '  part.visible = false;', '}'].join('\n');
    const e = mountEditor({ ...EMPTY, script }, { scripts: true });
    await waitFor(() => e.space.dataset.state === 'ready' && e.handle()?.mode, 'the space to be ready');
    await userEvent.click(page.getByRole('button', { name: 'Script', exact: true }));
    const content = await editorNamed('Container script');
    const range = await waitFor(() => editorAround(content).querySelector('.cm-lintRange-error'), 'the diagnostic in the editor');
    expect(range.textContent).toBe('part.visible = false;');
    await expect.poll(() => lineNumberBeside(content, range)).toBe(3);
    expect(editorAround(content).querySelector('.cm-dash3d-errorLine')).not.toBeNull();
    // Fixed and handed over (on blur): the error is gone.
    await userEvent.click(content);
    await userEvent.keyboard('{Control>}a{/Control}');
    await userEvent.keyboard('function onReady(THREE, api) {{}}');
    content.blur();
    await waitFor(() => !editorAround(content).querySelector('.cm-lintRange-error'), 'the diagnostic to go');
  });
});
