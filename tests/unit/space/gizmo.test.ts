import { describe, expect, it } from 'vitest';
import { Object3D, PerspectiveCamera, Scene } from 'three';
import type { EngineEvent, GizmoOptions } from '../../../shared/protocol';
import type { InputMessage } from '../../../shared/input';
import type { EngineContext } from '../../../worker/engine/context';
import type { ModelRegistry } from '../../../worker/models/registry';
import { ElementStandIn } from '../../../worker/engine/element';
import { createGizmo } from '../../../worker/space/gizmo';

const W = 400;
const H = 200;

/**
 * The gizmo on a model at the origin, seen from z = 10, on an element stand-in of W x H: what it
 * tells the page ('gizmo-hover'), and a frame's effect on it (matrices drawn, then afterDraw).
 */
function fixture(mode: GizmoOptions['mode']) {
  const camera = new PerspectiveCamera(45, W / H, 0.1, 1000);
  camera.position.set(0, 0, 10);
  const scene = new Scene();
  const element = new ElementStandIn();
  element.setRect(W, H);
  const placement = new Object3D();
  scene.add(placement);
  const events: EngineEvent[] = [];
  // The gizmo is drawn over the scene (engine/compose.ts): its own scene, updated with the frame.
  const overlay = new Scene();
  const ctx = {
    scene,
    overlay,
    camera,
    element,
    emit: (e: EngineEvent) => events.push(e),
    invalidate: () => undefined,
  } as unknown as EngineContext;
  const models = { get: (id: string) => (id === 'm' ? { object: new Object3D(), placement } : undefined) } as unknown as ModelRegistry;
  const gizmo = createGizmo(ctx, models);
  gizmo.set('m', { enabled: true, mode, snap: false, space: 'world' });
  const frame = () => {
    gizmo.beforeDraw();
    scene.updateMatrixWorld();
    overlay.updateMatrixWorld();
    gizmo.afterDraw();
  };
  frame();
  const mouse = (type: InputMessage['type'], x: number, y = H / 2) =>
    element.dispatch({ type, pointerType: 'mouse', offsetX: x, offsetY: y, button: type === 'pointermove' ? -1 : 0, isPrimary: true });
  /** What the page was last told: on a handle (its axis) or not; undefined when told nothing. */
  const told = () => events.filter((e) => e.type === 'gizmo-hover').at(-1)?.axis;
  /** The first point right of the model's origin where the X handle is under the mouse. */
  const xHandle = () => {
    for (let x = W / 2 + 2; x < W; x++) {
      mouse('pointermove', x);
      if (gizmo.stats().axis === 'X') return x;
    }
    throw new Error('no X handle');
  };
  return { gizmo, placement, mouse, told, xHandle, frame };
}

describe('the gizmo tells the page which handle is under the pointer', () => {
  it('a scale drag let go off the handle: the page hears that no handle is under the pointer', () => {
    const f = fixture('scale');
    const x = f.xHandle();
    expect(f.told()).toBe('X');
    f.mouse('pointerdown', x);
    expect(f.gizmo.stats().dragging).toBe(true);
    for (let i = 1; i <= 10; i++) f.mouse('pointermove', x + i * 10);
    f.mouse('pointerup', x + 100);
    expect(f.placement.scale.x).toBeGreaterThan(1);
    expect(f.gizmo.stats()).toMatchObject({ dragging: false, axis: null });
    expect(f.told()).toBeNull();
  });

  it('a move let go on the handle stays on it; an undo moving the model from under the still pointer is told on the next frame', () => {
    const f = fixture('translate');
    const x = f.xHandle();
    f.mouse('pointerdown', x);
    f.mouse('pointermove', x + 5);
    f.frame();
    f.mouse('pointerup', x + 5);
    expect(f.placement.position.x).toBeGreaterThan(0);
    // The handle moved with the pointer: a press here is still the gizmo's.
    expect(f.told()).toBe('X');
    // Ctrl+Z: the model jumps back, the pointer does not move.
    f.placement.position.set(0, 3, 0);
    f.frame();
    expect(f.gizmo.stats().axis).toBeNull();
    expect(f.told()).toBeNull();
  });

  it('the pointer leaving the canvas over a handle, and the gizmo going off: no handle is under it', () => {
    const f = fixture('translate');
    f.xHandle();
    f.mouse('pointerleave', -1);
    expect(f.told()).toBeNull();
    f.xHandle();
    expect(f.told()).toBe('X');
    f.gizmo.set(null, { enabled: false, mode: 'translate', snap: false, space: 'world' });
    f.frame();
    expect(f.gizmo.stats().attached).toBeNull();
    expect(f.told()).toBeNull();
  });
});
