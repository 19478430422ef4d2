import type { ControlConfig } from '../../../shared/schema/space';
import type { EngineContext, Feature } from '../../engine/context';
import { createFly } from './fly';
import { keepDrawingWhileDragged } from './gesture';
import { createOrbit } from './orbit';
import type { Controller, ControlsSlice } from './types';
import { keyAction } from '../../../shared/camera-keys';
import type { StandInEvent } from '../../engine/element';
import { createWalk } from './walk';

export type { ControlsSlice } from './types';
type ControlType = ControlConfig['controlType'];

const settingsOf = (c: ControlConfig) =>
  c.controlType === 'orbit' ? c.orbitConfig : c.controlType === 'pointerLock' ? c.pointerLockConfig : c.flyConfig;

function create(type: ControlType, ctx: EngineContext): Controller<unknown> {
  const c = type === 'orbit' ? createOrbit(ctx) : type === 'pointerLock' ? createWalk(ctx) : createFly(ctx);
  return c;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Home's flight back to the configured view (ms), as a card's fly-to. */
const HOME_MS = 600;

/**
 * controlConfig: exactly one kind of camera control exists at a time; switching disposes the old
 * one, so nothing of it keeps listening. Frames are drawn only while the active control moves the
 * camera (input, damping, auto-rotation, walking, falling): an idle scene costs nothing. A drag's
 * frames follow each other (gesture.ts), so adaptive resolution measures drags too.
 * Runs after the camera feature, which has already placed the camera when the configured pose
 * changed.
 */
export function createControls(ctx: EngineContext): Feature<ControlsSlice> {
  let type: ControlType | null = null;
  let active: Controller<unknown> | null = null;
  let settings: unknown = null;
  let pose: ControlsSlice | null = null;
  const offFrame = ctx.onFrame((dt) => {
    if (active?.step(dt)) ctx.invalidate();
  });
  const offGesture = keepDrawingWhileDragged(ctx);
  const offTarget = ctx.view.provideTarget(() => active?.target?.() ?? null);
  // A snapshot placed the camera: carry on from there, around the snapshot's target.
  const offPlaced = ctx.view.onPlaced((lookAt) => active?.apply(settings, { lookAt, moved: true }));
  // Home, from the keyboard, in every kind of control: back to the configured view.
  const onKey = (e: StandInEvent) => {
    if (!pose || settingsOf(pose.control).enabled === false || keyAction(e)?.kind !== 'home') return;
    ctx.view.moveTo(pose.position, pose.lookAt, HOME_MS);
  };
  ctx.element.addEventListener('keydown', onKey);

  return {
    apply(next, prev) {
      let moved = !prev || !same(prev.position, next.position) || !same(prev.lookAt, next.lookAt);
      if (next.control.controlType !== type) {
        active?.dispose();
        type = next.control.controlType;
        active = create(type, ctx);
        // A fresh control starts from the camera as it is (orbit: around the configured look-at).
        moved = true;
      }
      settings = settingsOf(next.control);
      pose = next;
      active!.apply(settings, { lookAt: next.lookAt, moved });
      ctx.invalidate();
    },
    dispose() {
      ctx.element.removeEventListener('keydown', onKey);
      offFrame();
      offGesture();
      offTarget();
      offPlaced();
      active?.dispose();
      active = null;
      type = null;
    },
  };
}
