import { Euler, MathUtils, Matrix4, Quaternion, Vector3, type PerspectiveCamera } from 'three';
import type { CardNode } from './card';
import type { CardLevel } from '../../../shared/schema/card';
import type { ScreenRect } from './cover';

type Point = { x: number; y: number };
const point = (): Point => ({ x: 0, y: 0 });

/**
 * Where a card is on screen after placement, in CSS px from the canvas' top-left. Filled in place
 * frame after frame (placeCard): thousands of cards allocate nothing per frame.
 */
export class ScreenPlace {
  readonly anchor = point();
  /** Distance of the anchor in front of the camera (nearest card wins a click). */
  depth = 0;
  /** In front of the camera, on the canvas and meant to show (meshConfig.visible, opacity); occlusion is decided after. */
  inView = false;
  /** Outside its distance range (levelConfig.distanceRange): deliberately not shown, not even as a pin. */
  outOfRange = false;
  /**
   * A sprite's body as placed: its edges (CSS px; bottom below top on screen), `boxed` until its
   * corners are asked for. Most of thousands of sprites are pins: none asks for their corners.
   */
  left = 0;
  right = 0;
  bottom = 0;
  top = 0;
  boxed = false;
  private readonly corners = [point(), point(), point(), point()];

  /** The body's corners (bottom-left, bottom-right, top-right, top-left as drawn). */
  get quad(): Point[] {
    const q = this.corners;
    if (this.boxed) {
      this.boxed = false;
      q[0]!.x = q[3]!.x = this.left;
      q[1]!.x = q[2]!.x = this.right;
      q[0]!.y = q[1]!.y = this.bottom;
      q[2]!.y = q[3]!.y = this.top;
    }
    return q;
  }
}

/**
 * levelConfig's distance rules at `distance` (scene units from the camera to the anchor): whether
 * the card is outside its range, and its scale: 1 up to nearDistance, farScale from farDistance
 * on, in between linearly (Cesium's scaleByDistance).
 */
export function distanceRule(level: CardLevel, distance: number): { outOfRange: boolean; scale: number } {
  // Most cards have no rule: no object made per card per frame for them.
  if (!level.distanceRange && !level.scaleByDistance) return NO_RULE;
  const { nearDistance: near, farDistance: far } = level;
  const outOfRange = level.distanceRange && (distance < near || distance > far);
  if (!level.scaleByDistance || far <= near) return { outOfRange, scale: 1 };
  const t = MathUtils.clamp((distance - near) / (far - near), 0, 1);
  return { outOfRange, scale: MathUtils.lerp(1, level.farScale, t) };
}

const NO_RULE = Object.freeze({ outOfRange: false, scale: 1 });

const _euler = new Euler();
const _q = new Quaternion();
const _v = new Vector3();
const _position = new Vector3();

/** World position of the card's anchor (meshConfig.position, space coordinates). */
export function anchorOf(card: CardNode, out: Vector3): Vector3 {
  const { x, y, z } = card.input.config.meshConfig.position;
  return out.set(x, y, z);
}

/** A world point's screen position: one product with the frame's view-projection (Vector3.project takes two). */
function toScreen(p: Vector3, view: CameraFacing, width: number, height: number, out: { x: number; y: number }) {
  _v.copy(p).applyMatrix4(view.viewProjection);
  out.x = ((_v.x + 1) / 2) * width;
  out.y = ((1 - _v.y) / 2) * height;
  return out;
}

/**
 * What placement needs of the camera, worked out once a frame for all cards: its world rotation,
 * view direction, view-projection matrix, and the world units one CSS px covers at depth 1 per px
 * of viewport height (times depth / height: the units per px at a depth).
 */
export interface CameraFacing {
  quaternion: Quaternion;
  forward: Vector3;
  viewProjection: Matrix4;
  perDepth: number;
}

export function cameraFacing(camera: PerspectiveCamera, out?: CameraFacing): CameraFacing {
  const view = out ?? { quaternion: new Quaternion(), forward: new Vector3(), viewProjection: new Matrix4(), perDepth: 1 };
  camera.getWorldQuaternion(view.quaternion);
  camera.getWorldDirection(view.forward);
  view.viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  view.perDepth = (2 * Math.tan(MathUtils.degToRad(camera.fov) / 2)) / camera.zoom;
  return view;
}

/**
 * Turn and scale a card for this camera (spec §3 data card), into `card.matrix`, and where it is
 * on screen, into `out`:
 * - isSprite: faces the screen (the camera's rotation); otherwise meshConfig.rotation (degrees).
 * - isFixd: one card px is one CSS px on screen at the anchor's depth; otherwise one world unit
 *   (three's CSS3DRenderer convention). meshConfig.scale multiplies either, and so does the
 *   distance scale of levelConfig (distanceRule).
 * A sprite lies in the plane facing the camera through its anchor, where every world unit is the
 * same number of pixels: its screen rectangle is the anchor's projection plus its offsets scaled,
 * with no corner projected (most cards of a crowded space are sprites, placed every frame).
 * `camera` must have its world matrices up to date, and `view` be worked out for it this frame.
 */
export function placeCard(
  card: CardNode,
  camera: PerspectiveCamera,
  width: number,
  height: number,
  out = new ScreenPlace(),
  view: CameraFacing = cameraFacing(camera),
): ScreenPlace {
  const { isSprite, isFixd, meshConfig, levelConfig } = card.input.config;
  const position = anchorOf(card, _position);
  const depth = _v.copy(position).sub(camera.position).dot(view.forward);
  // The distance (a square root) only for a card with a distance rule: most have none.
  const rule =
    levelConfig.distanceRange || levelConfig.scaleByDistance ? distanceRule(levelConfig, position.distanceTo(camera.position)) : NO_RULE;
  // As raycast.ts worldPerPixel, from the depth worked out above (a camera is not scaled).
  const unitsPerPx = (Math.max(1e-6, depth) * view.perDepth) / height;
  const perPx = (isFixd ? unitsPerPx : 1) * rule.scale;
  const scale = card.scale.set(perPx * meshConfig.scale.x, perPx * meshConfig.scale.y, perPx * meshConfig.scale.z);
  const sprite = isSprite && depth > 0;
  // A sprite's matrix is only needed to draw it whole (poseCard); an oriented card's gives its corners.
  if (!sprite) {
    if (isSprite) _q.copy(view.quaternion);
    else {
      const r = meshConfig.rotation;
      _q.setFromEuler(_euler.set(MathUtils.degToRad(r.x), MathUtils.degToRad(r.y), MathUtils.degToRad(r.z)));
    }
    card.matrix.compose(position, _q, scale);
  }
  const m = card.matrix;

  const { lineWidth, lineHeight } = card.input.config.cardConfig;
  const { width: w, height: h } = card.layout;
  const { anchor } = out;
  toScreen(position, view, width, height, anchor);
  // Off the canvas (body and leader line both outside it): not drawn, and no occlusion ray is cast.
  let minX = anchor.x,
    maxX = anchor.x,
    minY = anchor.y,
    maxY = anchor.y;
  if (sprite) {
    // Screen px per card px, in x and y (y down on screen): the body's edges, its corners only when asked.
    const kx = scale.x / unitsPerPx;
    const ky = scale.y / unitsPerPx;
    const left = (out.left = anchor.x + lineWidth * kx);
    const right = (out.right = anchor.x + (lineWidth + w) * kx);
    const bottom = (out.bottom = anchor.y - lineHeight * ky);
    const top = (out.top = anchor.y - (lineHeight + h) * ky);
    out.boxed = true;
    if (left < minX) minX = left;
    else if (left > maxX) maxX = left;
    if (right < minX) minX = right;
    else if (right > maxX) maxX = right;
    if (bottom < minY) minY = bottom;
    else if (bottom > maxY) maxY = bottom;
    if (top < minY) minY = top;
    else if (top > maxY) maxY = top;
  } else {
    out.boxed = false;
    const quad = out.quad;
    toScreen(_v.set(lineWidth, lineHeight, 0).applyMatrix4(m), view, width, height, quad[0]!);
    toScreen(_v.set(lineWidth + w, lineHeight, 0).applyMatrix4(m), view, width, height, quad[1]!);
    toScreen(_v.set(lineWidth + w, lineHeight + h, 0).applyMatrix4(m), view, width, height, quad[2]!);
    toScreen(_v.set(lineWidth, lineHeight + h, 0).applyMatrix4(m), view, width, height, quad[3]!);
    for (let i = 0; i < 4; i++) {
      const q = quad[i]!;
      if (q.x < minX) minX = q.x;
      else if (q.x > maxX) maxX = q.x;
      if (q.y < minY) minY = q.y;
      else if (q.y > maxY) maxY = q.y;
    }
  }
  const onCanvas = maxX >= 0 && minX <= width && maxY >= 0 && minY <= height;
  out.depth = depth;
  out.outOfRange = rule.outOfRange;
  out.inView = meshConfig.visible && meshConfig.opacity > 0 && depth > camera.near && depth < camera.far && onCanvas && !rule.outOfRange;
  return out;
}

/** The body's bounds on screen (as the bounds of its quad), into `r`: a sprite's from its edges, no corner made. */
export function boundsOf(place: ScreenPlace, r: ScreenRect = { minX: 0, minY: 0, maxX: 0, maxY: 0 }): ScreenRect {
  if (place.boxed) {
    r.minX = Math.min(place.left, place.right);
    r.maxX = Math.max(place.left, place.right);
    r.minY = Math.min(place.bottom, place.top);
    r.maxY = Math.max(place.bottom, place.top);
    return r;
  }
  r.minX = Infinity;
  r.minY = Infinity;
  r.maxX = -Infinity;
  r.maxY = -Infinity;
  for (const q of place.quad) {
    r.minX = Math.min(r.minX, q.x);
    r.minY = Math.min(r.minY, q.y);
    r.maxX = Math.max(r.maxX, q.x);
    r.maxY = Math.max(r.maxY, q.y);
  }
  return r;
}

/**
 * `card.matrix` for a card about to be drawn whole, from what placeCard worked out this frame:
 * placeCard leaves a sprite's out (thousands of sprites shown as pins need none).
 */
export function poseCard(card: CardNode, view: CameraFacing): void {
  if (card.input.config.isSprite) card.matrix.compose(anchorOf(card, _position), view.quaternion, card.scale);
}

/** Whether a screen point is inside a convex quad (a card body seen from either side). */
export function insideQuad(p: { x: number; y: number }, quad: { x: number; y: number }[]): boolean {
  let sign = 0;
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % quad.length]!;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return sign !== 0;
}
