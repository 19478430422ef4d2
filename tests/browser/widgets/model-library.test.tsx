import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import type { ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { ModelWidget } from '../../../src/widgets/model/ModelWidget';
import { ModelSettings } from '../../../src/widgets/model/ModelSettings';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/schema/model';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import type { PixelReadout } from '../../../shared/protocol';
import { diffShare, rgbaAt, waitFor } from '../support/harness';
import { fakeHost, mount, unmountWidgets } from './support';

afterEach(unmountWidgets);

/** Share of pixels that are clearly blue: the built-in cube's CubeBlue (Kd 0.2 0.45 0.8), from its .mtl. */
function blueShare(p: PixelReadout): number {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const [r, , b] = rgbaAt(p, i);
    if (b > 60 && b > r + 40) n++;
  }
  return n / (p.data.length / 4);
}

describe('a model from the media library', () => {
  it('choosing the built-in cube.obj stores it with its .mtl as the source, and the space draws it', async () => {
    const { baseUrl, token } = await commands.mediaServer();
    const host = fakeHost({ media: { baseUrl, headers: () => ({ Authorization: `Bearer ${token}` }), allowedFormats: [] } });
    const space = SpaceConfigSchema.parse({
      environmentConfig: { enable: false },
      sceneConfig: { background: '#000000', ground: { enable: false } },
    });
    const sent: ModelConfig[] = [];
    let handle: ThreeDSpaceHandle | null = null;
    function Editor() {
      const [config, setConfig] = useState(() => ModelConfigSchema.parse({}));
      return (
        <div style={{ display: 'flex', gap: 8 }}>
          <div style={{ width: 500, height: 360, position: 'relative' }}>
            <SpaceWidget id="s1" config={space} host={host} ref={(h) => void (handle = h)}>
              <ModelWidget id="m1" config={config} host={host} />
            </SpaceWidget>
          </div>
          <div style={{ width: 380, height: 700, overflow: 'auto' }}>
            <ModelSettings
              id="m1"
              config={config}
              host={host}
              onChange={(next) => {
                sent.push(next);
                setConfig(next);
              }}
            />
          </div>
        </div>
      );
    }
    const r = mount(<Editor />, { width: 900, height: 720 });
    const root = r.container.querySelector<HTMLElement>('.dash3d-space')!;
    await waitFor(() => root.dataset.state === 'ready' && handle?.mode, 'the space to run');
    await handle!.settled();
    const before = await handle!.readPixels();

    await userEvent.click(page.getByRole('button', { name: 'From the media library' }));
    const dialog = page.getByRole('dialog');
    await expect.element(dialog.getByText('Choose a model from the media library')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Open folder built-in' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Open folder models' }));
    // Model files are offered; their companions are not choosable on their own.
    await expect.element(dialog.getByRole('button', { name: 'Choose turntable.glb' })).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Choose cube.mtl' }).query()).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Choose cube.obj' }));

    const src = (await waitFor(() => sent.at(-1), 'the chosen source to be sent')).src;
    expect(src.filePath).toBe(`${baseUrl}media/built-in/models/cube.obj`);
    expect(src.fileList.map((f) => [f.name, f.url])).toEqual([
      ['cube.obj', `${baseUrl}media/built-in/models/cube.obj`],
      ['cube.mtl', `${baseUrl}media/built-in/models/cube.mtl`],
    ]);
    // The config points at the service's real files.
    for (const f of src.fileList) expect((await fetch(f.url)).status, f.url).toBe(200);

    await waitFor(async () => (await handle!.stats()).models.loaded === 1, 'the cube to load');
    await handle!.settled();
    const after = await handle!.readPixels();
    expect(diffShare(before, after)).toBeGreaterThan(0.02);
    // Blue: the .mtl beside it was found by name and used.
    expect(blueShare(after)).toBeGreaterThan(0.02);
    expect(blueShare(before)).toBe(0);
  });
});
