import { Box3, Matrix4, Vector4, type Object3D } from 'three';
import type { ChildBounds } from '../../shared/overlays';
import type { EngineContext } from '../engine/context';
import type { ModelRegistry } from '../models/registry';
import type { CardLayer } from '../overlays/cards';
import type { GroupOverlays } from '../overlays/groups';

/** A move smaller than this (CSS px) is not sent: a still scene sends nothing. */
const EPSILON_PX = 0.5;
/** Around a pinned card's anchor: the pin and a little (CSS px, half a side). */
const PIN_HALF = 8;

export interface ChildBoundsTracker {
  /** Report where the children are after drawn frames (edit frames), or stop (nothing worked out, nothing sent). */
  track(on: boolean): void;
  /** After a drawn frame: the children whose bounds changed (null: gone), in one 'child-bounds' event. */
  update(): void;
  /** Everything known now. */
  current(): Record<string, ChildBounds>;
}

const _inverse = new Matrix4();
const _m = new Matrix4();
const _corner = new Vector4();

const differs = (a: ChildBounds, b: ChildBounds) =>
  a.state !== b.state ||
  Math.abs(a.x - b.x) >= EPSILON_PX ||
  Math.abs(a.y - b.y) >= EPSILON_PX ||
  Math.abs(a.width - b.width) >= EPSILON_PX ||
  Math.abs(a.height - b.height) >= EPSILON_PX;

/** Whether the object and every parent are visible (a model's meshConfig.visible, a script's hiding). */
function shownInTree(o: Object3D | null): boolean {
  for (; o; o = o.parent) if (!o.visible) return false;
  return true;
}

/**
 * Where each 3D child of the space is drawn (issue 19: edit frames follow the child), worked out
 * after drawn frames only while the host watches (edit mode): a model's bounding box projected
 * (its box in its own space is found once per loaded file; the frame moves it), a card's body,
 * leader line and anchor (or its pin), a group's panel.
 */
export function createChildBounds(ctx: EngineContext, models: ModelRegistry, cards: CardLayer, groups: GroupOverlays): ChildBoundsTracker {
  let on = false;
  let sent = new Map<string, ChildBounds>();
  const boxes = new WeakMap<Object3D, Box3>();

  function modelBounds(object: Object3D): ChildBounds | null {
    let local = boxes.get(object);
    if (!local) {
      object.updateWorldMatrix(true, true);
      local = new Box3().setFromObject(object).applyMatrix4(_inverse.copy(object.matrixWorld).invert());
      boxes.set(object, local);
    }
    if (local.isEmpty()) return null;
    const { width, height } = ctx.size;
    const { camera } = ctx;
    _m.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse).multiply(object.matrixWorld);
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity,
      behind = 0;
    for (let i = 0; i < 8; i++) {
      _corner
        .set(i & 1 ? local.max.x : local.min.x, i & 2 ? local.max.y : local.min.y, i & 4 ? local.max.z : local.min.z, 1)
        .applyMatrix4(_m);
      if (_corner.w <= camera.near) {
        behind++;
        continue;
      }
      const x = ((_corner.x / _corner.w + 1) / 2) * width;
      const y = ((1 - _corner.y / _corner.w) / 2) * height;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    // Part of the box behind the camera: the model reaches past the view's edges.
    if (behind === 8) return { x: 0, y: 0, width: 0, height: 0, state: 'out-of-view' };
    if (behind > 0) ({ minX, minY, maxX, maxY } = { minX: 0, minY: 0, maxX: width, maxY: height });
    const onCanvas = maxX >= 0 && minX <= width && maxY >= 0 && minY <= height;
    const state = !shownInTree(object) ? 'hidden' : onCanvas ? 'shown' : 'out-of-view';
    return { x: minX, y: minY, width: maxX - minX, height: maxY - minY, state };
  }

  function collect(): Map<string, ChildBounds> {
    const now = new Map<string, ChildBounds>();
    ctx.camera.updateMatrixWorld();
    for (const [id, node] of models.entries()) {
      const object = node.object;
      const b = object ? modelBounds(object) : null;
      if (b) now.set(id, b);
    }
    for (const [id, r] of Object.entries(cards.rects())) {
      const pin = r.level === 'pin';
      const minX = pin ? r.anchorX - PIN_HALF : Math.min(r.x, r.anchorX);
      const minY = pin ? r.anchorY - PIN_HALF : Math.min(r.y, r.anchorY);
      const maxX = pin ? r.anchorX + PIN_HALF : Math.max(r.x + r.width, r.anchorX);
      const maxY = pin ? r.anchorY + PIN_HALF : Math.max(r.y + r.height, r.anchorY);
      const state = r.visible ? 'shown' : r.hidden ? 'hidden' : 'out-of-view';
      now.set(id, { x: minX, y: minY, width: maxX - minX, height: maxY - minY, state });
    }
    groups.bounds(now);
    return now;
  }

  return {
    track(next) {
      if (next === on) return;
      on = next;
      sent = new Map();
      // A frame, so the watcher hears where everything is at once.
      if (on) ctx.invalidate();
    },
    update() {
      if (!on) return;
      const now = collect();
      const changed: Record<string, ChildBounds | null> = {};
      let any = false;
      for (const [id, b] of now) {
        const was = sent.get(id);
        if (was && !differs(was, b)) {
          now.set(id, was);
          continue;
        }
        changed[id] = b;
        any = true;
      }
      for (const id of sent.keys()) {
        if (now.has(id)) continue;
        changed[id] = null;
        any = true;
      }
      sent = now;
      if (any) ctx.emit({ type: 'child-bounds', bounds: changed });
    },
    current: () => Object.fromEntries(sent),
  };
}
