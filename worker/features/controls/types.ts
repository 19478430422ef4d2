import type { Vector3 } from 'three';
import type { Vec3 } from '../../../shared/schema/common';
import type { ControlConfig } from '../../../shared/schema/space';

/** What the controls feature reads: the control settings and the configured view. */
export interface ControlsSlice {
  control: ControlConfig;
  lookAt: Vec3;
  position: Vec3;
}

/** One kind of camera control; only the selected one exists at a time. */
export interface Controller<C> {
  /**
   * New settings. `moved` is true when the configured camera pose changed (or this controller was
   * just selected): the controller takes the camera's pose as its new starting point.
   */
  apply(config: C, view: { lookAt: Vec3; moved: boolean }): void;
  /** The point the camera turns around, when the control has one (orbit). */
  target?(): Vector3;
  /** Advance by dt seconds; true while it still moves and needs another frame. */
  step(dt: number): boolean;
  dispose(): void;
}
