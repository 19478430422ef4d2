import { createRef, StrictMode, useMemo, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { ModelWidget } from '../../../src/widgets/model/ModelWidget';
import { ModelSettings } from '../../../src/widgets/model/ModelSettings';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import type { ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import type { ModelConfig } from '../../../shared/schema/model';
import type { PixelReadout } from '../../../shared/protocol';
import type { Locale } from '../../../shared/i18n';
import { waitFor } from '../support/harness';
import { objCube } from '../support/obj';
import { Themed } from '../settings/support';
import { fakeHost, mount, unmountWidgets } from './support';

/** A grey cube, 150 units wide, seen straight on from z = 600: its outline is its edge lines. */
const OBJ = objCube('Cube', 0, 75);

const SPACE = SpaceConfigSchema.parse({
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
  cameraConfig: { cameraPositon: { x: 0, y: 0, z: 600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
});

let objUrl = '';
beforeAll(async () => {
  objUrl = await commands.writeTempFile('cube.obj', OBJ);
});
afterEach(unmountWidgets);

/** Pixels clearly red: the edge lines' colour below, never the grey cube's or the black sky's. */
function redPixels(p: PixelReadout): number {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if (p.data[i]! > 150 && p.data[i + 1]! < 80 && p.data[i + 2]! < 80) n++;
  return n;
}

/** A host in miniature: it stores one model config; the space draws it and the model's panel edits it. */
function mountEditor(initial: unknown) {
  const ref = createRef<ThreeDSpaceHandle>();
  const loaded: unknown[] = [];
  const ctl: { store?(config: unknown): void; setLocale?(l: Locale): void } = {};
  function Editor() {
    const [config, store] = useState<unknown>(initial);
    const [locale, setLocale] = useState<Locale>('en');
    Object.assign(ctl, { store, setLocale });
    const host = useMemo(() => fakeHost({ locale }), [locale]);
    // The host hands both widgets the config as stored, whatever it holds.
    const model = config as ModelConfig;
    return (
      <Themed locale={locale}>
        <div style={{ display: 'flex', gap: 8 }}>
          <div style={{ width: 320, height: 200, position: 'relative' }}>
            <SpaceWidget id="space" config={SPACE} host={host} ref={ref}>
              <ModelWidget
                id="cube"
                config={model}
                host={host}
                onWidgetEvent={(name, payload) => name === 'loaded' && loaded.push(payload)}
              />
            </SpaceWidget>
          </div>
          <div style={{ width: 380, height: 600, overflow: 'auto' }}>
            <ModelSettings id="cube" config={model} host={host} onChange={store} />
          </div>
        </div>
      </Themed>
    );
  }
  mount(
    <StrictMode>
      <Editor />
    </StrictMode>,
    { width: 800, height: 620 },
  );
  const pixels = async () => {
    // Two frames for a model message to leave, then the engine's next settled frame.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await ref.current!.settled();
    return ref.current!.readPixels();
  };
  return { ref, loaded, pixels, store: (c: unknown) => ctl.store!(c), setLocale: (l: Locale) => ctl.setLocale!(l) };
}

describe('a model config that does not parse', () => {
  it('shows its issue in the model panel, in both languages, while the model keeps its last good config', async () => {
    const good = { src: { filePath: objUrl, fileList: [{ uid: 'c', name: 'cube.obj', url: objUrl }] }, adaptive: false };
    const e = mountEditor(good);
    await waitFor(() => e.loaded.length > 0, 'the cube to load', 60_000);
    expect(redPixels(await e.pixels())).toBe(0);

    // Stored by the host (an imported document, another editor): red edges, and a highlight colour that is no colour.
    const wrong = { ...good, edgeConfig: { enable: true, color: '#ff0000' }, highlightConfig: { enable: true, color: 'not-a-colour' } };
    e.store(wrong);
    await expect.element(page.getByText('Invalid settings: 1. They are not applied until corrected.')).toBeVisible();
    const effects = page.getByRole('button', { name: 'Edges, highlight and tween' });
    await expect.element(effects.getByText('1', { exact: true })).toBeVisible();
    await userEvent.click(effects);
    await expect.element(page.getByText('Not a valid colour')).toBeVisible();
    // Nothing of the rejected config reached the scene: no red edges.
    expect(redPixels(await e.pixels())).toBe(0);

    e.setLocale('zh_Hans');
    await expect.element(page.getByText('无效的设置：1 项。修正之前不会生效。')).toBeVisible();
    await expect.element(page.getByText('不是有效的颜色')).toBeVisible();

    // Corrected, the config is drawn: the same check now sees the red edges, and the issue is gone.
    e.store({ ...wrong, highlightConfig: { enable: true, color: '#00ff00' } });
    await expect.element(page.getByText('不是有效的颜色')).not.toBeInTheDocument();
    await expect.element(page.getByText('无效的设置：1 项。修正之前不会生效。')).not.toBeInTheDocument();
    await waitFor(async () => redPixels(await e.pixels()) > 100, 'the red edges');
  });
});
