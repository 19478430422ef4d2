import { useState, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import type { ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { DataCardWidget } from '../../../src/widgets/data-card/DataCardWidget';
import { DataCardSettings } from '../../../src/widgets/data-card/DataCardSettings';
import { ModelWidget } from '../../../src/widgets/model/ModelWidget';
import { ModelSettings } from '../../../src/widgets/model/ModelSettings';
import { GroupSettings } from '../../../src/widgets/group/GroupSettings';
import { CardConfigSchema, type CardConfig } from '../../../shared/schema/card';
import { GroupConfigSchema } from '../../../shared/schema/group';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/schema/model';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { EMPTY, waitFor } from '../support/harness';
import { fakeHost, mount, unmountWidgets } from './support';
import { BOX_OBJ } from '../support/scenes';

afterEach(unmountWidgets);

let boxUrl = '';
beforeAll(async () => {
  boxUrl = await commands.writeTempFile('box.obj', BOX_OBJ);
});

const FOV = 45;
const spaceConfig = () =>
  SpaceConfigSchema.parse({
    ...EMPTY,
    cameraConfig: { fov: FOV, cameraPositon: { x: 0, y: 150, z: 400 }, cameraLookAt: { x: 0, y: 50, z: 0 } },
  });
/** The box model, not fitted (its file's units are the space's), at the origin. */
const boxModel = (): ModelConfig =>
  ModelConfigSchema.parse({ adaptive: false, src: { filePath: boxUrl, fileList: [{ uid: 'box', name: 'box.obj', url: boxUrl }] } });

type V3 = { x: number; y: number; z: number };
const sub = (a: V3, b: V3): V3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const dot = (a: V3, b: V3) => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: V3, b: V3): V3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const norm = (a: V3): V3 => {
  const l = Math.hypot(a.x, a.y, a.z);
  return { x: a.x / l, y: a.y / l, z: a.z / l };
};
const along = (o: V3, d: V3, s: number): V3 => ({ x: o.x + d.x * s, y: o.y + d.y * s, z: o.z + d.z * s });

/**
 * A pinhole camera written out by hand (not three's): where a space point shows on the canvas,
 * and the ray through a canvas pixel. Pixels are CSS px from the canvas's top left.
 */
function pinhole(eye: V3, target: V3, width: number, height: number) {
  const f = norm(sub(target, eye));
  const r = norm(cross(f, { x: 0, y: 1, z: 0 }));
  const u = cross(r, f);
  const tanHalf = Math.tan((FOV * Math.PI) / 360);
  const aspect = width / height;
  return {
    project(p: V3) {
      const d = sub(p, eye);
      const z = dot(d, f);
      return { x: ((dot(d, r) / (z * tanHalf * aspect) + 1) / 2) * width, y: ((1 - dot(d, u) / (z * tanHalf)) / 2) * height };
    },
    ray(px: number, py: number): V3 {
      const nx = (px / width) * 2 - 1;
      const ny = 1 - (py / height) * 2;
      return norm(along(along(f, r, nx * tanHalf * aspect), u, ny * tanHalf));
    },
    eye,
  };
}

/** The space with its widgets, and a panel beside it, as in a host editor. */
function mountEditor(panel: (props: { handle: () => ThreeDSpaceHandle | null }) => ReactNode, children: ReactNode) {
  let handle: ThreeDSpaceHandle | null = null;
  const host = fakeHost();
  const r = mount(
    <div style={{ display: 'flex', gap: 8 }}>
      <div style={{ width: 600, height: 400, position: 'relative' }}>
        <SpaceWidget id="s1" config={spaceConfig()} host={host} ref={(h) => void (handle = h)}>
          {children}
        </SpaceWidget>
      </div>
      <div style={{ width: 380, height: 700, overflow: 'auto' }}>{panel({ handle: () => handle })}</div>
    </div>,
    { width: 1000, height: 720 },
  );
  const space = r.container.querySelector<HTMLElement>('.dash3d-space')!;
  return { r, space, host, handle: () => handle! };
}

async function boxLoaded({ space, handle }: { space: HTMLElement; handle: () => ThreeDSpaceHandle }) {
  await waitFor(() => space.dataset.state === 'ready' && handle()?.mode, 'the space to run');
  await waitFor(async () => (await handle().stats()).models.loaded === 1, 'the box model to load');
  await handle().settled();
}

/** Clicks the pick layer where `at` projects, and returns the canvas pixel the click really landed on. */
async function clickAt(handle: () => ThreeDSpaceHandle, at: V3) {
  const view = await handle().getView();
  const canvas = handle().canvas()!;
  const cam = pinhole(view.position, view.target, canvas.clientWidth, canvas.clientHeight);
  const p = cam.project(at);
  const layer = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="dash3d-pick-layer"]'), 'the pick layer');
  let landed: { x: number; y: number } | null = null;
  const record = (e: MouseEvent) => {
    const rect = canvas.getBoundingClientRect();
    landed = { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  window.addEventListener('click', record, true);
  try {
    // The layer covers the canvas exactly, so its coordinates are the canvas's.
    await userEvent.click(layer, { position: { x: p.x, y: p.y } });
  } finally {
    window.removeEventListener('click', record, true);
  }
  expect(landed).not.toBeNull();
  const { x, y } = landed!;
  return { cam, x, y };
}

/** Where the ray through canvas pixel (x, y) meets the plane `axis` = `value`. */
function rayOnPlane(cam: ReturnType<typeof pinhole>, x: number, y: number, axis: keyof V3, value: number): V3 {
  const d = cam.ray(x, y);
  return along(cam.eye, d, (value - cam.eye[axis]) / d[axis]);
}

const near = (a: V3, b: V3, tol: number) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z)) <= tol;

function CardPanel({ id, onChange }: { id: string; onChange(c: CardConfig): void }) {
  const [config, setConfig] = useState(() => CardConfigSchema.parse({}));
  return (
    <DataCardSettings
      id={id}
      config={config}
      host={fakeHost()}
      onChange={(next) => {
        onChange(next);
        setConfig(next);
      }}
    />
  );
}

describe('Pick in scene', () => {
  it('a data card: the click on a box face sets meshConfig.position to the surface point the ray through it meets', async () => {
    const sent: CardConfig[] = [];
    const host = fakeHost();
    const e = mountEditor(
      () => <CardPanel id="c1" onChange={(c) => sent.push(c)} />,
      <>
        <ModelWidget id="box" config={boxModel()} host={host} />
        <DataCardWidget id="c1" config={CardConfigSchema.parse({})} host={host} />
      </>,
    );
    await boxLoaded(e);
    const button = page.getByRole('button', { name: 'Pick in scene' });
    await expect.element(button).toBeEnabled();
    await userEvent.click(button);
    // While picking: a crosshair over the canvas and the hint.
    const layer = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="dash3d-pick-layer"]'), 'the pick layer');
    expect(getComputedStyle(layer).cursor).toBe('crosshair');
    await expect.element(page.getByText('Click a point in the scene (Esc cancels)')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Cancel picking' })).toBeVisible();

    // A point of the front face (z = 50). The press is the pick's alone: neither the canvas, where
    // the camera controls listen (no orbit starts), nor the page around the space (a host editor
    // selecting the space would close this panel) sees it.
    let presses = 0;
    const count = () => presses++;
    e.r.container.addEventListener('pointerdown', count, true);
    const { cam, x, y } = await clickAt(e.handle, { x: 20, y: 60, z: 50 });
    e.r.container.removeEventListener('pointerdown', count, true);
    expect(presses).toBe(0);
    const expected = rayOnPlane(cam, x, y, 'z', 50);
    expect(near(expected, { x: 20, y: 60, z: 50 }, 2)).toBe(true); // the click landed where it was aimed
    await waitFor(() => sent.at(-1), 'the picked position to be sent');
    const got = sent.at(-1)!.meshConfig.position;
    expect(near(got, expected, 0.05), `picked ${JSON.stringify(got)}, the ray gives ${JSON.stringify(expected)}`).toBe(true);
    // The session ended: the layer is gone and the button is back.
    await waitFor(() => document.querySelector('[data-testid="dash3d-pick-layer"]') === null, 'the pick layer to go');
    await expect.element(page.getByRole('button', { name: 'Pick in scene' })).toBeVisible();
  });

  it('Esc cancels, and so does pressing the button again; a click on nothing says so: nothing changes', async () => {
    const sent: CardConfig[] = [];
    const host = fakeHost();
    const e = mountEditor(
      () => <CardPanel id="c1" onChange={(c) => sent.push(c)} />,
      <>
        <ModelWidget id="box" config={boxModel()} host={host} />
        <DataCardWidget id="c1" config={CardConfigSchema.parse({})} host={host} />
      </>,
    );
    await boxLoaded(e);
    await userEvent.click(page.getByRole('button', { name: 'Pick in scene' }));
    await waitFor(() => document.querySelector('[data-testid="dash3d-pick-layer"]'), 'the pick layer');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => document.querySelector('[data-testid="dash3d-pick-layer"]') === null, 'the layer to go on Esc');
    await expect.element(page.getByRole('button', { name: 'Pick in scene' })).toBeVisible();

    await userEvent.click(page.getByRole('button', { name: 'Pick in scene' }));
    await waitFor(() => document.querySelector('[data-testid="dash3d-pick-layer"]'), 'the pick layer again');
    await userEvent.click(page.getByRole('button', { name: 'Cancel picking' }));
    await waitFor(() => document.querySelector('[data-testid="dash3d-pick-layer"]') === null, 'the layer to go on the second press');

    // A click where the ray meets nothing (above the horizon) says so and changes nothing.
    const canvas = e.handle().canvas()!;
    await userEvent.click(page.getByRole('button', { name: 'Pick in scene' }));
    const layer = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="dash3d-pick-layer"]'), 'the pick layer');
    await userEvent.click(layer, { position: { x: canvas.clientWidth / 2, y: 2 } });
    await expect.element(page.getByText('Nothing there: click on a model or on the ground')).toBeVisible();

    // A click on the scene now is an ordinary click: the card stays where it was.
    await userEvent.click(canvas, { position: { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 } });
    expect(sent).toEqual([]);
  });

  it('a model is left out of its own pick: clicking its face places it on the ground behind', async () => {
    const sent: ModelConfig[] = [];
    function Panel() {
      const [config, setConfig] = useState(boxModel);
      return (
        <ModelSettings
          id="box"
          config={config}
          host={fakeHost()}
          onChange={(next) => {
            sent.push(next);
            setConfig(next);
          }}
        />
      );
    }
    const e = mountEditor(() => <Panel />, <ModelWidget id="box" config={boxModel()} host={fakeHost()} />);
    await boxLoaded(e);
    await userEvent.click(page.getByRole('button', { name: 'Pick in scene' }));
    const { cam, x, y } = await clickAt(e.handle, { x: 20, y: 60, z: 50 });
    const ground = rayOnPlane(cam, x, y, 'y', 0);
    expect(ground.z).toBeLessThan(-50); // behind the box: the face was not what the ray met
    await waitFor(() => sent.at(-1), 'the picked position to be sent');
    const got = sent.at(-1)!.position;
    expect(near(got, ground, 0.05), `picked ${JSON.stringify(got)}, the ground under the ray is ${JSON.stringify(ground)}`).toBe(true);
  });

  it("pickPoint: a model's position moves it in the space, and bad input is refused in the worker", async () => {
    const placed = ModelConfigSchema.parse({ ...boxModel(), position: { x: 120, y: 0, z: -40 } });
    const e = mountEditor(() => null, <ModelWidget id="box" config={placed} host={fakeHost()} />);
    await boxLoaded(e);
    const view = await e.handle().getView();
    const canvas = e.handle().canvas()!;
    const cam = pinhole(view.position, view.target, canvas.clientWidth, canvas.clientHeight);
    // The front face of the moved box is at z = 50 - 40 = 10.
    const aim = { x: 130, y: 60, z: 10 };
    const p = cam.project(aim);
    const got = await e.handle().pickPoint(p.x, p.y);
    expect(got?.on).toBe('model');
    expect(got?.modelId).toBe('box');
    expect(near(got!.point, rayOnPlane(cam, p.x, p.y, 'z', 10), 0.01)).toBe(true);
    // Where the box stood before it moved there is only ground.
    const old = cam.project({ x: -20, y: 60, z: 50 });
    const ground = await e.handle().pickPoint(old.x, old.y);
    expect(ground?.on).toBe('ground');
    expect(near(ground!.point, rayOnPlane(cam, old.x, old.y, 'y', 0), 0.01)).toBe(true);
    // Above the horizon the ray meets nothing.
    expect(await e.handle().pickPoint(canvas.clientWidth / 2, 1)).toBeNull();
    await expect(e.handle().pickPoint(Number.NaN, 10)).rejects.toThrow(/pickPoint/);
    await expect(e.handle().pickPoint(10, 10, '')).rejects.toThrow(/pickPoint/);
  });

  it.each([
    ['en', 'Pick in scene', 'Place this widget in a 3D space (and let the space run) to pick a point in it'],
    ['zh_Hans', '在场景中拾取', '请将此组件放入 3D 空间（并让空间运行）后再在其中拾取点'],
  ] as const)('a component group outside any running space: the button is disabled and says why (%s)', async (locale, name, why) => {
    mount(<GroupSettings id="lonely" config={GroupConfigSchema.parse({})} host={fakeHost({ locale })} onChange={() => undefined} />, {
      width: 420,
      height: 700,
    });
    const button = page.getByRole('button', { name });
    await expect.element(button).toBeDisabled();
    await userEvent.hover(document.querySelector<HTMLElement>('.dash3d-pick-disabled')!);
    await expect.element(page.getByRole('tooltip')).toHaveTextContent(why);
  });
});
