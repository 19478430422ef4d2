import { Vector3 } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { EngineContext } from '../../engine/context';
import type { StandInEvent } from '../../engine/element';
import { keyAction, type KeyAction } from '../../../shared/camera-keys';

/** One press of an arrow: this much of an orbit (5°), as model-viewer steps. */
export const KEY_ORBIT_STEP = Math.PI / 36;
/** One press of + or -: the distance to the target times this (or divided by it). */
export const KEY_ZOOM_STEP = 0.9;
/** One press of Shift+arrow: this share of the view's height at the target. */
export const KEY_PAN_STEP = 0.05;

/**
 * The orbit camera from the keyboard (issue 42 point 1): with the space focused, arrows orbit,
 * Shift+arrows pan, + / - and PageUp / PageDown zoom (shared/camera-keys.ts names them, the page
 * keeps them from scrolling). Each press moves the camera one small step and lets OrbitControls'
 * update() clamp it, so the configured angle and distance limits hold as they do for a drag. Home
 * (the configured view) is the controls feature's, for every kind of control.
 */
export function listenOrbitKeys(ctx: EngineContext, controls: OrbitControls): () => void {
  const offset = new Vector3();
  const axis = new Vector3();
  const turn = new Vector3();
  const move = new Vector3();
  const step = (action: KeyAction): boolean => {
    const camera = ctx.camera;
    const target = controls.target;
    offset.subVectors(camera.position, target);
    switch (action.kind) {
      case 'orbit': {
        if (!controls.enableRotate) return false;
        // Turning around the world's up axis (azimuth), or over the target (polar): the camera's
        // own right vector is the polar axis. update() clamps both to the configured limits.
        if (action.dx) offset.applyAxisAngle(axis.set(0, 1, 0), -action.dx * KEY_ORBIT_STEP);
        if (action.dy) {
          axis.setFromMatrixColumn(camera.matrixWorld, 0).normalize();
          const turned = turn.copy(offset).applyAxisAngle(axis, action.dy * KEY_ORBIT_STEP);
          // Never over the pole: past it the view would flip.
          if (Math.abs(turned.y) < 0.999 * turned.length()) offset.copy(turned);
        }
        camera.position.copy(target).add(offset);
        return true;
      }
      case 'pan': {
        if (!controls.enablePan) return false;
        const height = 2 * offset.length() * Math.tan((camera.fov * Math.PI) / 360);
        move
          .set(0, 0, 0)
          .addScaledVector(axis.setFromMatrixColumn(camera.matrixWorld, 0), action.dx * KEY_PAN_STEP * height)
          .addScaledVector(axis.setFromMatrixColumn(camera.matrixWorld, 1), -action.dy * KEY_PAN_STEP * height);
        camera.position.add(move);
        target.add(move);
        return true;
      }
      case 'zoom':
        if (!controls.enableZoom) return false;
        camera.position.copy(target).addScaledVector(offset, action.in ? KEY_ZOOM_STEP : 1 / KEY_ZOOM_STEP);
        return true;
      default:
        return false;
    }
  };
  const onKey = (e: StandInEvent) => {
    const action = keyAction(e);
    if (!action || !controls.enabled || !step(action)) return;
    ctx.camera.updateMatrixWorld();
    controls.update();
    ctx.invalidate();
  };
  ctx.element.addEventListener('keydown', onKey);
  return () => ctx.element.removeEventListener('keydown', onKey);
}
