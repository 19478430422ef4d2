import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Bone,
  BoxGeometry,
  BufferGeometry,
  Float32BufferAttribute,
  Group,
  Mesh,
  MeshBasicMaterial,
  Object3D,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Raycaster,
  Skeleton,
  SkinnedMesh,
  Uint16BufferAttribute,
  Vector2,
  Vector3,
} from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { buildBoundsTrees, pickNearest, type PickTarget } from '../../../../worker/models/raycast';
import { createPicker, DBLCLICK_MS, type PickableNode } from '../../../../worker/models/features/picking';
import { HELPER_FLAG } from '../../../../worker/models/types';
import { ElementStandIn } from '../../../../worker/engine/element';
import type { EngineContext } from '../../../../worker/engine/context';
import type { EngineEvent } from '../../../../shared/protocol';

const W = 200;
const H = 100;

/** A camera at z = 10 looking down -z, matrices up to date (as after a drawn frame). */
function camera() {
  const c = new PerspectiveCamera(50, W / H, 0.1, 100);
  c.position.set(0, 0, 10);
  c.updateMatrixWorld();
  return c;
}

function box(name: string, x: number, z: number, size = 1) {
  const m = new Mesh(new BoxGeometry(size, size, size), new MeshBasicMaterial());
  m.name = name;
  m.position.set(x, 0, z);
  return m;
}

/** A group holding the given objects, world matrices updated. */
function rootOf(...objects: Object3D[]) {
  const g = new Group();
  g.add(...objects);
  g.updateMatrixWorld(true);
  return g;
}

/** A ray from the camera through a point of the view (NDC -1..1). */
function rayAt(cam: PerspectiveCamera, x = 0, y = 0) {
  const r = new Raycaster();
  r.setFromCamera(new Vector2(x, y), cam);
  return r;
}

afterEach(() => vi.restoreAllMocks());

describe('pickNearest: raycasting with bounding-volume hierarchies', () => {
  it('hits a mesh through its BVH, at the surface facing the camera, leaving the geometry untouched', () => {
    const cam = camera();
    const part = box('Body', 0, 0, 2);
    const root = rootOf(part);
    const indexBefore = part.geometry.index!.array.slice();
    buildBoundsTrees(root);
    const spy = vi.spyOn(MeshBVH.prototype, 'raycastObject3D');
    const hit = pickNearest(rayAt(cam), [{ root, owner: 'a' }], cam, H);
    expect(spy).toHaveBeenCalled();
    expect(hit?.part).toBe(part);
    expect(hit?.owner).toBe('a');
    expect(hit?.point.z).toBeCloseTo(1, 5); // front face of a 2-unit box centred at the origin
    expect(hit?.distance).toBeCloseTo(9, 5);
    // indirect build: the index (what the GPU draws) is not reordered
    expect(Array.from(part.geometry.index!.array)).toEqual(Array.from(indexBefore));
  });

  it('misses where there is nothing', () => {
    const cam = camera();
    const root = rootOf(box('Body', 0, 0));
    buildBoundsTrees(root);
    expect(pickNearest(rayAt(cam, 0.9, 0.9), [{ root, owner: 'a' }], cam, H)).toBeNull();
  });

  it('the nearest hit wins across models, whatever their order', () => {
    const cam = camera();
    const far = rootOf(box('Far', 0, -3));
    const near = rootOf(box('Near', 0, 2));
    buildBoundsTrees(far);
    buildBoundsTrees(near);
    const targets: PickTarget<string>[] = [
      { root: far, owner: 'far' },
      { root: near, owner: 'near' },
    ];
    expect(pickNearest(rayAt(cam), targets, cam, H)?.owner).toBe('near');
    expect(pickNearest(rayAt(cam), [...targets].reverse(), cam, H)?.part.name).toBe('Near');
  });

  it('skips engine helpers, invisible objects, hidden or fully transparent materials, and hits what is behind them', () => {
    const cam = camera();
    const helper = box('edges', 0, 3);
    helper.userData[HELPER_FLAG] = true;
    const hidden = box('Hidden', 0, 2);
    hidden.visible = false;
    const ghost = box('Ghost', 0, 1);
    ghost.material.visible = false;
    const faded = box('Faded', 0, 0);
    Object.assign(faded.material, { transparent: true, opacity: 0 });
    const back = box('Back', 0, -2);
    const root = rootOf(helper, hidden, ghost, faded, back);
    buildBoundsTrees(root);
    expect(pickNearest(rayAt(cam), [{ root, owner: 'm' }], cam, H)?.part.name).toBe('Back');
    // a hidden parent hides its whole subtree
    const parent = rootOf(box('Child', 0, 0));
    parent.visible = false;
    expect(pickNearest(rayAt(cam), [{ root: parent, owner: 'm' }], cam, H)).toBeNull();
  });

  it('hits a point cloud within a few pixels and reports the point itself', () => {
    const cam = camera();
    // A 21 x 21 grid of points one unit apart at z = 0; the centre one sits slightly off the ray.
    const pos: number[] = [];
    for (let i = -10; i <= 10; i++) for (let j = -10; j <= 10; j++) pos.push(i, j, 0);
    pos[(10 * 21 + 10) * 3] = 0.01;
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(pos, 3));
    const cloud = new Points(g, new PointsMaterial({ size: 1, sizeAttenuation: false }));
    cloud.name = 'Cloud';
    const root = rootOf(cloud);
    buildBoundsTrees(root);
    const hit = pickNearest(rayAt(cam), [{ root, owner: 'p' }], cam, H);
    expect(hit?.part).toBe(cloud);
    expect(hit?.point.x).toBeCloseTo(0.01, 5);
    // Between four grid points (0.7 units from each, ~7.6 px at this distance and view height) nothing is hit.
    const between = new Raycaster(new Vector3(0.5, 0.5, 10), new Vector3(0, 0, -1));
    expect(pickNearest(between, [{ root, owner: 'p' }], cam, H)).toBeNull();
    // Drawn bigger (12 px wide), the same spot is on a point.
    cloud.material.size = 16;
    expect(pickNearest(between, [{ root, owner: 'p' }], cam, H)?.part).toBe(cloud);
  });

  it('picks a skinned mesh in its drawn pose, not its bind pose', () => {
    const cam = camera();
    const geometry = new BoxGeometry(1, 1, 1);
    const n = geometry.attributes.position!.count;
    geometry.setAttribute('skinIndex', new Uint16BufferAttribute(new Uint16Array(n * 4), 4));
    const weights = new Float32Array(n * 4);
    for (let i = 0; i < n; i++) weights[i * 4] = 1;
    geometry.setAttribute('skinWeight', new Float32BufferAttribute(weights, 4));
    const bone = new Bone();
    const mesh = new SkinnedMesh(geometry, new MeshBasicMaterial());
    mesh.add(bone);
    mesh.bind(new Skeleton([bone]));
    const root = rootOf(mesh);
    buildBoundsTrees(root);
    const at = (x: number) => {
      const r = new Raycaster(new Vector3(x, 0, 10), new Vector3(0, 0, -1));
      return pickNearest(r, [{ root, owner: 's' }], cam, H);
    };
    expect(at(0)?.part).toBe(mesh);
    // The animation moves the bone 3 units right; a drawn frame updates the bone matrices.
    bone.position.x = 3;
    root.updateMatrixWorld(true);
    mesh.skeleton.update();
    expect(at(0)).toBeNull();
    expect(at(3)?.part).toBe(mesh);
  });
});

/** An engine context with just what the picker uses, and a model node double. */
function fixture(claimed?: (p: { x: number; y: number }) => boolean) {
  const element = new ElementStandIn();
  element.setRect(W, H);
  const events: EngineEvent[] = [];
  const cam = camera();
  const ctx = { element, camera: cam, emit: (e: EngineEvent) => events.push(e), onFrame: () => () => {} } as unknown as EngineContext;
  const left = box('Left', -2, 0, 2);
  const right = box('Right', 2, 0, 2);
  const model = rootOf(left, right);
  const hovers: (string | null)[] = [];
  const node: PickableNode = { id: 'w1', root: model, object: model, hover: (p) => hovers.push(p?.name ?? null) };
  const picker = createPicker(ctx, () => [node], claimed);
  picker.prepare(model);
  // Screen position (CSS px) of a world point.
  const px = (x: number) => ({ offsetX: ((new Vector3(x, 0, 1).project(cam).x + 1) / 2) * W, offsetY: H / 2 });
  const send = (type: 'pointermove' | 'pointerdown' | 'pointerup' | 'pointerleave', at: { offsetX: number; offsetY: number }) =>
    element.dispatch({ type, pointerId: 1, button: 0, ...at });
  const pointer = () => events.flatMap((e) => (e.type === 'model-pointer' ? [`${e.event}:${e.name}`] : []));
  return { picker, send, px, pointer, hovers, events };
}
/** Hover picks run on the next animation frame (a timer in Node). */
const frame = () => new Promise((r) => setTimeout(r, 40));

describe('createPicker: pointer events from forwarded input', () => {
  it('a press and release without moving is a click on the part under it, with the world hit point', () => {
    const f = fixture();
    f.send('pointerdown', f.px(-2));
    f.send('pointerup', f.px(-2));
    expect(f.pointer()).toEqual(['click:Left']);
    const click = f.events.find((e) => e.type === 'model-pointer')!;
    expect(click).toMatchObject({ id: 'w1', point: { z: expect.closeTo(1, 4) as unknown } });
    f.picker.dispose();
  });

  it('two quick clicks on the same part add a dblclick; slow ones or on other parts do not', async () => {
    const f = fixture();
    for (let i = 0; i < 2; i++) {
      f.send('pointerdown', f.px(-2));
      f.send('pointerup', f.px(-2));
    }
    expect(f.pointer()).toEqual(['click:Left', 'click:Left', 'dblclick:Left']);
    f.send('pointerdown', f.px(2));
    f.send('pointerup', f.px(2));
    await new Promise((r) => setTimeout(r, DBLCLICK_MS + 50));
    f.send('pointerdown', f.px(2));
    f.send('pointerup', f.px(2));
    expect(f.pointer().slice(3)).toEqual(['click:Right', 'click:Right']);
    f.picker.dispose();
  });

  it('a drag (an orbit) is no click, even when it comes back to where it started', () => {
    const f = fixture();
    const start = f.px(-2);
    f.send('pointerdown', start);
    f.send('pointermove', { ...start, offsetX: start.offsetX + 30 });
    f.send('pointerup', start);
    expect(f.pointer()).toEqual([]);
    f.picker.dispose();
  });

  it('a click something drawn over the model claims (a data card) is no model click; hover is unaffected', async () => {
    // The card covers the left part only.
    const f = fixture((p) => p.x < W / 2);
    f.send('pointermove', f.px(-2));
    await frame();
    f.send('pointerdown', f.px(-2));
    f.send('pointerup', f.px(-2));
    f.send('pointerdown', f.px(2));
    f.send('pointerup', f.px(2));
    expect(f.pointer()).toEqual(['mouseenter:Left', 'click:Right']);
    f.picker.dispose();
  });

  it('hover: enter and leave per part, coalesced to one pick per frame, leave when the pointer leaves the canvas', async () => {
    const f = fixture();
    f.send('pointermove', { offsetX: 2, offsetY: 2 });
    await frame();
    expect(f.pointer()).toEqual([]);
    const spy = vi.spyOn(MeshBVH.prototype, 'raycastObject3D');
    for (let i = 0; i < 5; i++) f.send('pointermove', f.px(-2 + i * 0.01));
    await frame();
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2); // one pick: both parts tested once
    f.send('pointermove', f.px(2));
    await frame();
    f.send('pointermove', { offsetX: 2, offsetY: 2 });
    await frame();
    f.send('pointermove', f.px(2));
    await frame();
    f.send('pointerleave', f.px(2));
    expect(f.pointer()).toEqual([
      'mouseenter:Left',
      'mouseleave:Left',
      'mouseenter:Right',
      'mouseleave:Right',
      'mouseenter:Right',
      'mouseleave:Right',
    ]);
    // The node hears the part under the pointer (highlight follows it), null once off the model.
    expect(f.hovers).toEqual(['Left', 'Right', null, 'Right', null]);
    f.picker.dispose();
  });

  it('a move and a click within one frame: mouseenter comes first, and that move is not picked again', async () => {
    const f = fixture();
    const spy = vi.spyOn(MeshBVH.prototype, 'raycastObject3D');
    f.send('pointermove', f.px(-2));
    f.send('pointerdown', f.px(-2));
    f.send('pointerup', f.px(-2));
    expect(f.pointer()).toEqual(['mouseenter:Left', 'click:Left']);
    const picks = spy.mock.calls.length;
    await frame();
    expect(spy.mock.calls.length).toBe(picks);
    expect(f.pointer()).toEqual(['mouseenter:Left', 'click:Left']);
    f.picker.dispose();
  });

  it('stops listening when disposed', async () => {
    const f = fixture();
    f.picker.dispose();
    f.send('pointermove', f.px(-2));
    f.send('pointerdown', f.px(-2));
    f.send('pointerup', f.px(-2));
    await frame();
    expect(f.pointer()).toEqual([]);
  });
});
