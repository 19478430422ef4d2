import { MathUtils, Sphere, Vector3 } from 'three';
import type { EngineContext } from '../../engine/context';
import type { CardNode } from './card';
import { anchorOf } from './placement';

/** How long the camera takes to fly to a badge's cards (the snapshot tween's easing). */
const FLY_MS = 700;
/** The badge's cards fill this share of the view's height once there. */
const FILL = 0.5;
/** Never more than this much closer in one click: each click is a step a designer can follow. */
const MAX_STEP = 0.25;

/**
 * A click on a cluster badge flies the camera closer to its cards (issue 18), with the snapshot
 * tween (ViewHub.moveTo): it looks at the centre of their anchors from the same direction, near
 * enough that they spread over about half the view, and at least MAX_STEP of the way closer, so
 * a badge of cards at one point still comes apart as the camera approaches.
 */
export function flyCloser(ctx: EngineContext, cards: readonly CardNode[]): void {
  if (!cards.length) return;
  const anchors = cards.map((c) => anchorOf(c, new Vector3()));
  const sphere = new Sphere().setFromPoints(anchors);
  const { camera } = ctx;
  const away = camera.position.clone().sub(sphere.center);
  const distance = away.length();
  if (distance === 0) return;
  const fit = sphere.radius / Math.tan(MathUtils.degToRad(camera.fov / 2)) / FILL;
  const closest = camera.near * 4;
  // Already about as close as the camera can come: no move (never away from the cards).
  if (distance * (1 - MAX_STEP) <= closest) return;
  const next = MathUtils.clamp(fit, closest, distance * (1 - MAX_STEP));
  const position = sphere.center.clone().add(away.multiplyScalar(next / distance));
  ctx.view.moveTo(position, sphere.center, FLY_MS);
}
