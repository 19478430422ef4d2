import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import type { Locale } from '../../../shared/i18n';
import { SpaceConfigSchema, type SpaceConfig } from '../../../shared/schema/space';
import type { ThreeDHost } from '../../../src/host/types';
import type { ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import { SpaceSettings } from '../../../src/widgets/space/settings/SpaceSettings';
import { waitFor } from '../support/harness';
import { contentScene } from '../support/scenes';
import { memoryVariables } from '../widgets/support';
import { fakeHost, Themed } from './support';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

/**
 * A host editor in miniature: the running space (SpaceWidget, as the host places it) and, beside
 * it, its settings panel rendered in a separate React root, as a host's inspector is. The panel
 * finds the running scene only through liveSpaces.
 */
async function mountEditor(opts: { locale?: Locale; token?: string; withSpace?: boolean } = {}) {
  const media = await commands.mediaServer();
  const variables = memoryVariables({ view: '' });
  const host: ThreeDHost = fakeHost({
    locale: opts.locale ?? 'en',
    variables,
    media: { baseUrl: media.baseUrl, headers: () => ({ Authorization: `Bearer ${opts.token ?? media.token}` }), allowedFormats: [] },
  });
  const state = {
    config: SpaceConfigSchema.parse({ ...contentScene, snapshotConfig: { snapshotVar: 'view', showBar: true } }),
    handle: null as ThreeDSpaceHandle | null,
  };
  const spaceEl = document.createElement('div');
  Object.assign(spaceEl.style, { width: '480px', height: '270px', position: 'relative' });
  const panelEl = document.createElement('div');
  Object.assign(panelEl.style, { width: '400px', height: '500px', overflow: 'auto' });
  document.body.append(spaceEl, panelEl);
  const spaceRoot = createRoot(spaceEl);
  const panelRoot = createRoot(panelEl);
  let setSpaceConfig: (c: SpaceConfig) => void = () => {};

  function Space() {
    const [config, setConfig] = useState(state.config);
    setSpaceConfig = setConfig;
    return (
      <SpaceWidget
        id="s1"
        config={config}
        host={host}
        ref={(h) => {
          state.handle = h;
        }}
      />
    );
  }
  function Panel() {
    const [config, setConfig] = useState(state.config);
    return (
      <Themed locale={host.locale}>
        <SpaceSettings
          id="s1"
          config={config}
          host={host}
          onChange={(next) => {
            state.config = next;
            setConfig(next);
            setSpaceConfig(next);
          }}
        />
      </Themed>
    );
  }
  if (opts.withSpace !== false) flushSync(() => spaceRoot.render(<Space />));
  flushSync(() =>
    panelRoot.render(
      <StrictMode>
        <Panel />
      </StrictMode>,
    ),
  );
  cleanup.push(() => {
    spaceRoot.unmount();
    panelRoot.unmount();
    spaceEl.remove();
    panelEl.remove();
  });
  const space = () => spaceEl.querySelector<HTMLElement>('.dash3d-space');
  if (opts.withSpace !== false) await waitFor(() => space()?.dataset.state === 'ready', 'the space to be ready');
  await userEvent.click(page.getByRole('button', { name: opts.locale === 'zh_Hans' ? '快照' : 'Snapshots', exact: true }));
  return { state, variables, handle: () => state.handle!, list: () => state.config.snapshotConfig.snapshotList };
}

const near = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) =>
  Math.abs(a.x - b.x) < 1e-3 && Math.abs(a.y - b.y) < 1e-3 && Math.abs(a.z - b.z) < 1e-3;

const poseA = { position: { x: 420, y: 260, z: -310 }, target: { x: 0, y: 80, z: 0 } };
const poseB = { position: { x: -150, y: 500, z: 400 }, target: { x: 20, y: 0, z: 10 } };

async function moveTo(handle: ThreeDSpaceHandle, pose: typeof poseA) {
  await handle.viewTo(pose);
  await waitFor(async () => near((await handle.getView()).position, pose.position), 'the camera to be placed');
}

describe('snapshot panel: Capture current view', () => {
  it('stores the running camera and a JPEG thumbnail on the real media server; the bar flies back to it', async () => {
    const e = await mountEditor();
    await moveTo(e.handle(), poseA);
    const view = await e.handle().getView();
    // The running camera, not the configured one.
    expect(near(view.position, e.state.config.cameraConfig.cameraPositon)).toBe(false);

    await userEvent.click(page.getByRole('button', { name: 'Capture current view' }));
    const shot = await waitFor(() => e.list().find((s) => s.img), 'the snapshot to get its thumbnail');
    expect(shot.name).toBe('Snapshot 1');
    expect(near(shot.position, view.position)).toBe(true);
    expect(near(shot.target, view.target)).toBe(true);
    await expect.element(page.getByText('Snapshot 1 added with its thumbnail')).toBeVisible();

    // The file is on the service's disk, in a snapshot folder, and it is a JPEG (FF D8 FF).
    const stored = await commands.mediaServerFile(shot.img);
    expect(stored.path).toMatch(/^3d\/snapshots\/[0-9A-Za-z]{32}\/cut\.jpg$/);
    expect(stored.head.slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);
    expect(stored.size).toBeGreaterThan(300);
    // The url loads as an image of the thumbnail's size.
    const img = new Image();
    img.src = shot.img;
    await img.decode();
    expect([img.naturalWidth, img.naturalHeight]).toEqual([160, 90]);

    // Elsewhere, then back through the snapshot bar.
    await moveTo(e.handle(), poseB);
    await userEvent.click(page.getByRole('toolbar', { name: 'Camera snapshots' }).getByRole('button', { name: 'Snapshot 1' }));
    await waitFor(async () => near((await e.handle().getView()).position, view.position), 'the camera to fly back to Snapshot 1');
  });

  it('captured names are unique by default; duplicate and empty renames are refused with the spec messages; rename and delete', async () => {
    const e = await mountEditor();
    const capture = page.getByRole('button', { name: 'Capture current view' });
    await userEvent.click(capture);
    await waitFor(() => e.list()[0]?.img, 'the first thumbnail');
    await moveTo(e.handle(), poseB);
    await userEvent.click(capture);
    await waitFor(() => e.list()[1]?.img, 'the second thumbnail');
    expect(e.list().map((s) => s.name)).toEqual(['Snapshot 1', 'Snapshot 2']);

    const second = page.getByRole('textbox', { name: 'Name' }).nth(1);
    await userEvent.fill(second, 'Snapshot 1');
    await expect.element(page.getByText('The snapshot name already exists')).toBeVisible();
    await userEvent.fill(second, '  ');
    await expect.element(page.getByText('The name cannot be empty')).toBeVisible();
    // Neither ever reached the stored config.
    expect(e.list().map((s) => s.name)).toEqual(['Snapshot 1', 'Snapshot 2']);

    await userEvent.fill(second, 'Pump room');
    await expect.poll(() => e.list().map((s) => s.name)).toEqual(['Snapshot 1', 'Pump room']);
    await expect.element(page.getByText('The name cannot be empty')).not.toBeInTheDocument();
    await expect.element(page.getByRole('toolbar', { name: 'Camera snapshots' }).getByRole('button', { name: 'Pump room' })).toBeVisible();

    await userEvent.click(page.getByRole('button', { name: 'Remove Snapshot 1' }));
    await expect.poll(() => e.list().map((s) => s.name)).toEqual(['Pump room']);
    // The next capture's default name is still one no snapshot has.
    await userEvent.click(capture);
    await expect.poll(() => e.list().map((s) => s.name)).toEqual(['Pump room', 'Snapshot 2']);
  });

  it('a change of the bound snapshot variable flies the running camera to that snapshot', async () => {
    const e = await mountEditor();
    await moveTo(e.handle(), poseA);
    await userEvent.click(page.getByRole('button', { name: 'Capture current view' }));
    await waitFor(() => e.list()[0]?.img, 'the thumbnail');
    await moveTo(e.handle(), poseB);
    e.variables.set('view', 'Snapshot 1');
    await waitFor(async () => near((await e.handle().getView()).position, poseA.position), 'the camera to follow the variable');
    expect(near((await e.handle().getView()).target, poseA.target)).toBe(true);
  });

  it('a refused upload keeps the snapshot without a thumbnail and says why (Chinese)', async () => {
    const e = await mountEditor({ locale: 'zh_Hans', token: 'wrong-token' });
    await userEvent.click(page.getByRole('button', { name: '捕获当前视角' }));
    await expect.element(page.getByText(/已添加 快照 1，但缩略图上传失败/)).toBeVisible();
    expect(e.list()).toEqual([expect.objectContaining({ name: '快照 1', img: '' })]);
  });

  it('is disabled, saying why, while the space is not running', async () => {
    await mountEditor({ withSpace: false });
    const button = page.getByRole('button', { name: 'Capture current view' });
    await expect.element(button).toBeDisabled();
    await expect.element(button).toHaveAccessibleDescription(/The 3D space is not running/);
  });
});
