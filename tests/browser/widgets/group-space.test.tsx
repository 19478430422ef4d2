import { createRef, type ReactNode } from 'react';
import { PerspectiveCamera, Vector3 } from 'three';
import { afterEach, describe, expect, it } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { GroupWidget } from '../../../src/widgets/group/GroupWidget';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import type { ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import type { ThreeDHost } from '../../../src/host/types';
import { GroupConfigSchema, type GroupConfigInput } from '../../../shared/schema/group';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { mountSpace, unmountAll, waitFor } from '../support/harness';
import type { GroupTransform } from '../../../shared/overlays';
import { fakeHost, mount, unmountWidgets, type Rendered } from './support';

/*
 * Component groups placed in the 3D scene (issue 10 point 6): the group's DOM element is moved by
 * the matrix the engine computes, so what is checked here is where the element is on screen,
 * against the anchor projected independently with a camera of the same lens and pose.
 */

afterEach(() => {
  unmountWidgets();
  unmountAll();
});

const W = 600;
const H = 400;
const FOV = 45;
/** A box 200 units wide at the origin, drawn by the space's script (something to hide behind). */
const BOX = `
function onReady(THREE, api) {
  api.scene.add(new THREE.Mesh(new THREE.BoxGeometry(200, 200, 200), new THREE.MeshBasicMaterial({ color: 0x3366ff })));
  api.invalidate();
}`;

const space = (script = '') =>
  SpaceConfigSchema.parse({
    sceneConfig: { background: '#000000', ground: { enable: false } },
    lightConfig: { ambientLight: [], directionalLight: [] },
    environmentConfig: { enable: false },
    cameraConfig: { fov: FOV, cameraPositon: { x: 0, y: 0, z: 600 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
    script,
  });

type V3 = { x: number; y: number; z: number };

/** Where a world point shows in the space, in CSS pixels from its top-left (three's projection, not the engine's code). */
function project(p: V3, view: { position: V3; target: V3 }) {
  const camera = new PerspectiveCamera(FOV, W / H, 1, 10000);
  camera.position.set(view.position.x, view.position.y, view.position.z);
  camera.lookAt(view.target.x, view.target.y, view.target.z);
  camera.updateMatrixWorld();
  const v = new Vector3(p.x, p.y, p.z).project(camera);
  return { x: ((v.x + 1) / 2) * W, y: ((1 - v.y) / 2) * H, depth: camera.position.distanceTo(new Vector3(p.x, p.y, p.z)) };
}

interface Scene {
  r: Rendered;
  handle: ThreeDSpaceHandle;
  /** The group's element, and its box relative to the space's top-left. */
  group(id?: string): HTMLElement;
  box(el: HTMLElement): DOMRect;
  shown(id?: string): boolean;
  render(groups: Record<string, GroupConfigInput>): void;
}

async function mountScene(
  groups: Record<string, GroupConfigInput>,
  opts: { script?: string; host?: Partial<ThreeDHost>; inner?: ReactNode } = {},
) {
  const host = fakeHost({ userCode: { trusted: true }, ...opts.host });
  const ref = createRef<ThreeDSpaceHandle>();
  const config = space(opts.script);
  const view = (list: Record<string, GroupConfigInput>) => (
    <SpaceWidget id="s1" config={config} host={host} ref={ref}>
      {Object.entries(list).map(([id, c]) => (
        <GroupWidget key={id} id={id} config={GroupConfigSchema.parse(c)} host={host}>
          {opts.inner ?? <div style={{ width: '100%', height: '100%', background: '#e33' }} />}
        </GroupWidget>
      ))}
    </SpaceWidget>
  );
  const r = mount(view(groups), { width: W, height: H });
  const root = r.container.querySelector<HTMLElement>('.dash3d-space')!;
  await waitFor(() => root.dataset.state === 'ready' && ref.current?.mode, 'the space to be ready');
  await ref.current!.settled();
  const group = (id = 'g1') => r.container.querySelector<HTMLElement>(`.dash3d-group[data-widget-id="${id}"]`)!;
  const scene: Scene = {
    r,
    handle: ref.current!,
    group,
    box(el) {
      const s = root.getBoundingClientRect();
      const b = el.getBoundingClientRect();
      return new DOMRect(b.left - s.left, b.top - s.top, b.width, b.height);
    },
    shown: (id = 'g1') => !!group(id) && getComputedStyle(group(id)).visibility === 'visible',
    render: (list) => r.render(view(list)),
  };
  return scene;
}

const centre = (b: DOMRect) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const near = (a: number, b: number, tol = 2) => Math.abs(a - b) <= tol;

/** Move the camera and wait until the group's element shows where `check` expects it. */
async function viewAndWait(s: Scene, view: { position: V3; target: V3 }, check: () => boolean, what: string) {
  await s.handle.viewTo(view);
  await s.handle.settled();
  await waitFor(check, what, 10_000);
}

describe('a component group inside a 3D space', () => {
  it('is placed in the scene: its element follows the projected anchor as the camera moves', async () => {
    const anchor = { x: 120, y: 60, z: -50 };
    const s = await mountScene({
      g1: { layoutWidth: 100, layoutHeight: 60, isSprite: true, isFixd: true, meshConfig: { position: anchor } },
    });
    await waitFor(() => s.shown(), 'the group to be shown');
    const views = [
      { position: { x: 0, y: 0, z: 600 }, target: { x: 0, y: 0, z: 0 } },
      { position: { x: 400, y: 150, z: 400 }, target: { x: 0, y: 0, z: 0 } },
      { position: { x: -300, y: 300, z: 500 }, target: { x: 50, y: 0, z: 0 } },
    ];
    for (const v of views) {
      const p = project(anchor, v);
      await viewAndWait(
        s,
        v,
        () => {
          const c = centre(s.box(s.group()));
          return near(c.x, p.x) && near(c.y, p.y);
        },
        `the group centred on the anchor at ${p.x.toFixed(1)},${p.y.toFixed(1)} seen from ${JSON.stringify(v.position)}`,
      );
      // Fixed size: the layout's pixels whatever the distance.
      const b = s.box(s.group());
      expect(near(b.width, 100) && near(b.height, 60), `${b.width}x${b.height}`).toBe(true);
    }
  });

  it('scales with distance unless fixed (one CSS pixel is one world unit at scale 1; meshConfig.scale multiplies)', async () => {
    const at = { x: 0, y: 0, z: 0 };
    const s = await mountScene({
      scaled: { layoutWidth: 100, layoutHeight: 50, isSprite: true, meshConfig: { position: at } },
      fixed: {
        layoutWidth: 100,
        layoutHeight: 50,
        isSprite: true,
        isFixd: true,
        meshConfig: { position: at, scale: { x: 2, y: 2, z: 2 } },
      },
    });
    for (const distance of [600, 1200]) {
      const v = { position: { x: 0, y: 0, z: distance }, target: at };
      // 100 world units at this distance, in pixels of a 400 px high view with a 45° lens.
      const px = (100 * H) / 2 / (distance * Math.tan((FOV * Math.PI) / 360));
      await viewAndWait(s, v, () => near(s.box(s.group('scaled')).width, px), `the scaled group ${px.toFixed(1)} px wide at ${distance}`);
      expect(near(s.box(s.group('fixed')).width, 200)).toBe(true);
      expect(near(s.box(s.group('fixed')).height, 100)).toBe(true);
    }
  });

  it('a sprite faces the screen; otherwise meshConfig.rotation (degrees) orients it', async () => {
    const s = await mountScene({
      sprite: {
        layoutWidth: 100,
        layoutHeight: 100,
        isSprite: true,
        isFixd: true,
        meshConfig: { position: { x: -180, y: 0, z: 0 }, rotation: { x: 0, y: 60, z: 0 } },
      },
      oriented: {
        layoutWidth: 100,
        layoutHeight: 100,
        isFixd: true,
        meshConfig: { position: { x: 0, y: 0, z: 0 }, rotation: { x: 0, y: 60, z: 0 } },
      },
    });
    await waitFor(() => s.shown('sprite') && s.shown('oriented'), 'both groups shown');
    // Seen head-on, a panel turned 60° about the vertical shows about half its width.
    const front = s.box(s.group('oriented'));
    expect(front.width / front.height).toBeGreaterThan(0.4);
    expect(front.width / front.height).toBeLessThan(0.65);
    expect(near(s.box(s.group('sprite')).width, 100)).toBe(true);
    // Seen from 60° round, the oriented panel faces the camera and the sprite still does.
    const side = { position: { x: 600 * Math.sin(Math.PI / 3), y: 0, z: 600 * Math.cos(Math.PI / 3) }, target: { x: 0, y: 0, z: 0 } };
    await viewAndWait(
      s,
      side,
      () => {
        const b = s.box(s.group('oriented'));
        return b.width / b.height > 0.9;
      },
      'the oriented panel facing the camera',
    );
    const sprite = s.box(s.group('sprite'));
    expect(near(sprite.width, 100) && near(sprite.height, 100), `${sprite.width}x${sprite.height}`).toBe(true);
  });

  it('hides behind the scene geometry and shows in front of it; meshConfig.visible and opacity apply', async () => {
    const s = await mountScene(
      {
        behind: { isSprite: true, isFixd: true, layoutWidth: 40, layoutHeight: 40, meshConfig: { position: { x: 0, y: 0, z: -300 } } },
        before: {
          isSprite: true,
          isFixd: true,
          layoutWidth: 40,
          layoutHeight: 40,
          meshConfig: { position: { x: 0, y: 0, z: 300 }, opacity: 0.5 },
        },
        off: {
          isSprite: true,
          isFixd: true,
          layoutWidth: 40,
          layoutHeight: 40,
          meshConfig: { position: { x: 200, y: 0, z: 0 }, visible: false },
        },
      },
      { script: BOX },
    );
    await waitFor(() => s.shown('before'), 'the group in front of the box shown');
    expect(s.shown('behind')).toBe(false);
    expect(s.shown('off')).toBe(false);
    expect(getComputedStyle(s.group('before')).opacity).toBe('0.5');
    // Round the other side: the box now hides the other one.
    await viewAndWait(
      s,
      { position: { x: 0, y: 0, z: -600 }, target: { x: 0, y: 0, z: 0 } },
      () => s.shown('behind') && !s.shown('before'),
      'the groups swapped',
    );
    expect(s.shown('off')).toBe(false);
  });

  it('preview: a button on a panel turned 40° is clicked where it is drawn (a real pointer click)', async () => {
    let clicks = 0;
    const inner = (
      <button type="button" style={{ position: 'absolute', left: 20, top: 20, width: 160, height: 80 }} onClick={() => clicks++}>
        press
      </button>
    );
    const anchor = { x: 80, y: 40, z: 0 };
    const s = await mountScene(
      { g1: { layoutWidth: 200, layoutHeight: 120, isFixd: true, meshConfig: { position: anchor, rotation: { x: 0, y: 40, z: 0 } } } },
      { host: { mode: 'preview' }, inner },
    );
    await waitFor(() => s.shown(), 'the group shown');
    const button = s.group().querySelector('button')!;
    // Foreshortened: the panel is really turned, not drawn flat.
    const b = s.box(button);
    expect(b.width / 160).toBeLessThan(0.9);
    expect(b.width / 160).toBeGreaterThan(0.6);
    // The panel's centre is the anchor, and the button covers it: press there, in canvas fractions.
    const p = project(anchor, { position: { x: 0, y: 0, z: 600 }, target: { x: 0, y: 0, z: 0 } });
    await commands.mouseClick({ x: p.x / W, y: p.y / H });
    await waitFor(() => clicks === 1, 'the button to be clicked');
    // And through vitest's own pointer (Playwright clicks the transformed element's drawn quad).
    await userEvent.click(button);
    await waitFor(() => clicks === 2, 'the second click');
  });

  it('edit mode: the mask on the placed group opens the edit modal with the children', async () => {
    const s = await mountScene(
      { g1: { layoutWidth: 200, layoutHeight: 120, isSprite: true, isFixd: true } },
      { inner: <div data-testid="inner">gauge</div> },
    );
    await waitFor(() => s.shown(), 'the group shown');
    // Placed by the engine, not laid out flat.
    expect(s.group().style.transform).toMatch(/^matrix3d\(/);
    const mask = s.group().querySelector<HTMLElement>('.dash3d-group__mask')!;
    await userEvent.hover(mask);
    // The pointer may rest where the group appears (the last test clicked there): Chromium then
    // sends the mask no pointerenter, only moves; the hint must show all the same.
    await waitFor(() => mask.textContent === 'double click to edit', 'the hover text');
    await userEvent.dblClick(mask);
    await waitFor(() => document.querySelector('.dash3d-group-modal [data-testid="inner"]'), 'the children in the modal');
    expect(s.group().querySelector('[data-testid="inner"]')).toBeNull();
  });

  it('a moved anchor moves the element; a rebuilt stage places the groups again', async () => {
    const s = await mountScene({ g1: { isSprite: true, isFixd: true, layoutWidth: 50, layoutHeight: 50 } });
    await waitFor(() => s.shown(), 'the group shown');
    const before = s.group().style.transform;
    s.render({ g1: { isSprite: true, isFixd: true, layoutWidth: 50, layoutHeight: 50, meshConfig: { position: { x: 100, y: 0, z: 0 } } } });
    await waitFor(() => s.group().style.transform !== before, 'the group moved with its anchor');
    const p = project({ x: 100, y: 0, z: 0 }, { position: { x: 0, y: 0, z: 600 }, target: { x: 0, y: 0, z: 0 } });
    await waitFor(() => near(centre(s.box(s.group())).x, p.x), 'the group at its new anchor');

    // A lost and restored context rebuilds the scene: the groups are placed again.
    s.group().style.transform = '';
    expect(await s.handle.simulateContextLoss(50)).toBe(true);
    await waitFor(() => s.group().style.transform.startsWith('matrix3d('), 'the group placed again after the rebuild');
  });

  it('the engine reports only the groups that moved, and nothing on a frame where none did', async () => {
    const reports: Record<string, GroupTransform>[] = [];
    const place = (x: number) => GroupConfigSchema.parse({ isSprite: true, meshConfig: { position: { x, y: 0, z: 0 } } });
    const a = place(-100);
    const m = await mountSpace(space(), {
      width: W,
      height: H,
      groups: { a, b: place(100) },
      onGroupTransforms: (t) => reports.push(t),
    });
    await waitFor(() => reports.some((r) => r.a) && reports.some((r) => r.b), 'both groups placed');
    const twoFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // A frame drawn with nothing moved (readPixels draws one): no report.
    await m.handle.settled();
    await twoFrames();
    reports.length = 0;
    await m.handle.readPixels();
    await twoFrames();
    await m.handle.readPixels();
    await twoFrames();
    expect(reports).toEqual([]);
    // One group moved: a report naming it alone.
    await m.update(space(), { groups: { a, b: place(150) } });
    await waitFor(() => reports.length > 0, 'a report');
    expect(reports.every((r) => Object.keys(r).join() === 'b')).toBe(true);
    // The camera moved: both.
    reports.length = 0;
    await m.handle.viewTo({ position: { x: 0, y: 100, z: 500 }, target: { x: 0, y: 0, z: 0 } });
    await waitFor(() => reports.some((r) => r.a && r.b), 'both groups reported after the camera moved');
  });

  it('a restarted engine is given the groups again (here: user code allowed, which restarts the scene)', async () => {
    const reports: Record<string, GroupTransform>[] = [];
    const m = await mountSpace(space(BOX), {
      width: W,
      height: H,
      userCode: { trusted: false },
      groups: { a: GroupConfigSchema.parse({ isSprite: true }) },
      onGroupTransforms: (t) => reports.push(t),
    });
    await waitFor(() => reports.some((r) => r.a), 'the group placed by the first engine');
    const before = m.handle.restarts;
    reports.length = 0;
    m.root.querySelector<HTMLButtonElement>('button:not([disabled])')!.click();
    await waitFor(() => m.handle.restarts > before && m.root.dataset.state === 'ready', 'the scene restarted');
    await waitFor(() => reports.some((r) => r.a), 'the group placed by the new engine');
  });
});
