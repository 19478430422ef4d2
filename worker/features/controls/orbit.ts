import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { OrbitConfig } from '../../../shared/schema/space';
import type { EngineContext } from '../../engine/context';
import type { Controller } from './types';
import { ordered } from '../../util/order';
import { listenOrbitKeys } from './orbit-keys';
import { onMotionChange, reducedMotion } from '../../engine/motion';

/**
 * The schema's azimuth range is -π..π and uses the ends for "no limit" (JSON has no Infinity).
 * A little slack, because settings panels that round to two decimals store ±3.14: clamping theta to
 * [-3.14, 3.14] would put an invisible wall behind the target.
 */
const NO_LIMIT_SLACK = 0.005;
function azimuthLimits(min: number, max: number): [number, number] {
  return min <= -Math.PI + NO_LIMIT_SLACK && max >= Math.PI - NO_LIMIT_SLACK ? [-Infinity, Infinity] : [min, max];
}

/** controlType 'orbit': three's OrbitControls on the element stand-in, orbiting cameraLookAt. */
export function createOrbit(ctx: EngineContext): Controller<OrbitConfig> {
  // The stand-in provides exactly what OrbitControls uses of a DOM element (engine/element.ts);
  // three's types ask for an HTMLElement, a name the worker's library does not have.
  const controls = new OrbitControls(ctx.camera, ctx.element);
  const onChange = () => ctx.invalidate();
  controls.addEventListener('change', onChange);
  const offKeys = listenOrbitKeys(ctx, controls);
  // Auto-rotate is decoration: it stops while motion is reduced, and resumes when it no longer is.
  let autoRotate = false;
  const rotate = () => {
    controls.autoRotate = autoRotate && !reducedMotion();
    ctx.invalidate();
  };
  const offMotion = onMotionChange(rotate);

  return {
    apply(c, view) {
      controls.enabled = c.enabled;
      controls.enableRotate = c.enableRotate;
      controls.rotateSpeed = c.rotateSpeed;
      [controls.minAzimuthAngle, controls.maxAzimuthAngle] = azimuthLimits(c.minAzimuthAngle, c.maxAzimuthAngle);
      [controls.minPolarAngle, controls.maxPolarAngle] = ordered(c.minPolarAngle, c.maxPolarAngle);
      controls.enablePan = c.enablePan;
      controls.panSpeed = c.panSpeed;
      controls.enableZoom = c.enableZoom;
      controls.zoomSpeed = c.zoomSpeed;
      [controls.minDistance, controls.maxDistance] = ordered(c.minDistance, c.maxDistance);
      controls.enableDamping = c.enableDamping;
      controls.dampingFactor = c.dampingFactor;
      autoRotate = c.autoRotate;
      controls.autoRotate = autoRotate && !reducedMotion();
      controls.autoRotateSpeed = c.autoRotateSpeed;
      // Otherwise the view stays where the user left it: only a new configured pose moves it.
      if (view.moved) controls.target.set(view.lookAt.x, view.lookAt.y, view.lookAt.z);
      // Apply new limits (distance, angles) to the current view at once.
      controls.update();
    },
    // dt makes auto-rotation speed independent of the frame rate. true while damping settles or
    // auto-rotation runs; false when idle, so an idle scene draws nothing.
    step: (dt) => controls.update(dt),
    target: () => controls.target,
    dispose() {
      offKeys();
      offMotion();
      controls.removeEventListener('change', onChange);
      controls.dispose();
    },
  };
}
