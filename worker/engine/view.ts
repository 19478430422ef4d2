import { MathUtils, Vector3, type PerspectiveCamera } from 'three';
import type { Vec3 } from '../../shared/schema/common';
import { reducedMotion } from './motion';

type Provider = () => Vector3 | null;

/**
 * Where the camera is and what it looks at, shared by whoever moves the camera: the controls own
 * the look-at point (the orbit target); snapshots place the camera and the active controls carry
 * on from there.
 */
export class ViewHub {
  private provider: Provider | null = null;
  private placed = new Set<(target: Vec3) => void>();
  private tween: (() => void) | null = null;

  constructor(
    private camera: PerspectiveCamera,
    private onFrame: (fn: (dt: number) => void) => () => void,
    private invalidate: () => void,
  ) {}

  /** The controls tell where the camera looks at; without them it is a point ahead. */
  provideTarget(fn: Provider): () => void {
    this.provider = fn;
    return () => {
      if (this.provider === fn) this.provider = null;
    };
  }

  target(): Vector3 {
    const t = this.provider?.();
    if (t) return t.clone();
    const ahead = new Vector3();
    this.camera.getWorldDirection(ahead);
    return ahead.multiplyScalar(100).add(this.camera.position);
  }

  /** Called after someone else placed the camera, with the new look-at point. */
  onPlaced(fn: (target: Vec3) => void): () => void {
    this.placed.add(fn);
    return () => this.placed.delete(fn);
  }

  place(position: Vec3, target: Vec3): void {
    this.camera.position.set(position.x, position.y, position.z);
    this.camera.lookAt(target.x, target.y, target.z);
    this.camera.updateMatrixWorld();
    for (const fn of this.placed) fn(target);
    this.invalidate();
  }

  /** Move the camera to a pose over `ms` (eased; at once while motion is reduced); a newer move replaces a running one. */
  moveTo(position: Vec3, target: Vec3, ms: number): void {
    this.tween?.();
    this.tween = null;
    if (ms <= 0 || reducedMotion()) return this.place(position, target);
    const fromPos = this.camera.position.clone();
    const fromTarget = this.target();
    const toPos = new Vector3(position.x, position.y, position.z);
    const toTarget = new Vector3(target.x, target.y, target.z);
    const p = new Vector3();
    const t = new Vector3();
    let elapsed = 0;
    const off = this.onFrame((dt) => {
      elapsed += dt * 1000;
      const k = MathUtils.smootherstep(Math.min(elapsed / ms, 1), 0, 1);
      this.place(p.lerpVectors(fromPos, toPos, k), t.lerpVectors(fromTarget, toTarget, k));
      if (elapsed >= ms) {
        off();
        this.tween = null;
      }
    });
    this.tween = off;
    this.invalidate();
  }

  dispose(): void {
    this.tween?.();
    this.placed.clear();
    this.provider = null;
  }
}
