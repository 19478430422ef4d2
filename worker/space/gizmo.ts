import { MathUtils, type Object3D } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { GizmoOptions, ModelTransform } from '../../shared/protocol';
import type { EngineContext } from '../engine/context';
import type { StandInEvent } from '../engine/element';
import type { ModelRegistry } from '../models/registry';

/** Snapping steps when snapping is on: scene units, degrees, scale factor. */
const SNAP = { translate: 10, rotate: 15, scale: 0.1 };

const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits;

/** A placement's transform as a model config states it (degrees, rounded: a panel shows them). */
function transformOf(o: Object3D): Omit<ModelTransform, 'id'> {
  const { position: p, rotation: r, scale: s } = o;
  const deg = (v: number) => round(MathUtils.radToDeg(v), 3);
  return {
    position: { x: round(p.x), y: round(p.y), z: round(p.z) },
    rotation: { x: deg(r.x), y: deg(r.y), z: deg(r.z) },
    scale: { x: round(s.x), y: round(s.y), z: round(s.z) },
  };
}

export interface Gizmo {
  /** The model the host selected (or none), and the gizmo's mode, snapping and space. */
  set(selected: string | null, options: GizmoOptions): void;
  /** Before a frame: the gizmo sits on the selected model (its file may have just loaded). */
  beforeDraw(): void;
  /** After a frame: which handle is under a pointer at rest, the handles being where it shows them. */
  afterDraw(): void;
  stats(): { mode: string; axis: string | null; attached: string | null; dragging: boolean };
  dispose(): void;
}

/**
 * The transform gizmo for the selected model in edit mode (issue 19 point 4): three's
 * TransformControls on the element stand-in, moving, turning or scaling the model widget's
 * placement. Its press listener comes first (capture) and keeps the press from the camera
 * controls and model picking when it lands on a handle: orbit pauses while dragging. Each change
 * is sent as a 'model-transform' event (the panel shows it live), the last with `final` (the
 * host's one change for the gesture). The handle under the pointer (`controls.axis`) is the state
 * the page copies ('gizmo-hover') to tell the host which presses are the gizmo's: every change of
 * it is sent, whatever made it (a move, the end of a drag, the handles moving under a still pointer).
 */
export function createGizmo(ctx: EngineContext, models: ModelRegistry): Gizmo {
  const controls = new TransformControls(ctx.camera);
  // The stand-in is what the controls use of a DOM element (engine/element.ts).
  (controls as unknown as { domElement: unknown }).domElement = ctx.element;
  const helper = controls.getHelper();
  helper.name = 'dash3d-gizmo';
  let selected: string | null = null;
  let options: GizmoOptions = { enabled: false, mode: 'translate', snap: false, space: 'world' };
  let attached: string | null = null;

  // Where the pointer is, from the canvas' own offsets (the page may have moved the canvas since
  // its last resize): what three's _getPointer works out from clientX and a rectangle.
  const pointer = (e: StandInEvent) => {
    const rect = ctx.element.getBoundingClientRect();
    const x = e.offsetX ?? (e.clientX ?? 0) - rect.left;
    const y = e.offsetY ?? (e.clientY ?? 0) - rect.top;
    return { x: (x / Math.max(1, rect.width)) * 2 - 1, y: 1 - (y / Math.max(1, rect.height)) * 2, button: e.button ?? 0 };
  };
  const active = () => attached !== null && controls.enabled;
  // Where a mouse or pen rests on the canvas (null: off it, or a finger, which does not hover):
  // the handles may move under it without a pointer event (an undo, a panel's edit, the camera).
  let resting: ReturnType<typeof pointer> | null = null;
  const rest = (e: StandInEvent) => (resting = e.pointerType === 'touch' ? null : pointer(e));
  // Not three's own handlers: they read the page's `document`, which a worker has not.
  const down = (e: StandInEvent) => {
    rest(e);
    // A finger's first press is answered whenever the gizmo is on, attached yet or not: the page
    // holds it from the host until then (useGizmo).
    const finger = options.enabled && e.pointerType === 'touch' && e.isPrimary !== false;
    if (!active() || e.button !== 0) {
      if (finger) ctx.emit({ type: 'gizmo-press', taken: false });
      return;
    }
    controls.pointerHover(pointer(e));
    if (finger) ctx.emit({ type: 'gizmo-press', taken: controls.axis !== null });
    if (controls.axis === null) return;
    controls.pointerDown(pointer(e));
    if (controls.dragging) e.stopImmediatePropagation();
  };
  const move = (e: StandInEvent) => {
    rest(e);
    if (!active()) return;
    if (controls.dragging) {
      controls.pointerMove(pointer(e));
      e.stopImmediatePropagation();
    } else if (resting) controls.pointerHover(resting);
  };
  const up = (e: StandInEvent) => {
    rest(e);
    if (!active() || !controls.dragging) return;
    // three's pointerUp forgets the axis: the handle under the pointer is worked out again where
    // it was let go (often off the handle after a turn or a scale, on it after a move).
    controls.pointerUp(pointer(e));
    if (resting) controls.pointerHover(resting);
    e.stopImmediatePropagation();
  };
  const leave = () => {
    resting = null;
    if (!controls.dragging) controls.axis = null;
  };
  ctx.element.addEventListener('pointerdown', down, true);
  ctx.element.addEventListener('pointermove', move, true);
  ctx.element.addEventListener('pointerup', up, true);
  ctx.element.addEventListener('pointerleave', leave);
  // The page must know whether a press is the gizmo's (not a host's selection of the space): told
  // from the one place every change of the axis passes (hover, press, let go, detach, leave).
  controls.addEventListener('axis-changed', () => ctx.emit({ type: 'gizmo-hover', axis: controls.axis }));

  const send = (final: boolean) => {
    const o = controls.object;
    if (!o || !attached) return;
    ctx.emit({ type: 'model-transform', id: attached, ...transformOf(o), final });
  };
  controls.addEventListener('change', () => ctx.invalidate());
  controls.addEventListener('objectChange', () => send(false));
  controls.addEventListener('mouseUp', () => send(true));

  const apply = () => {
    controls.setMode(options.mode);
    controls.setSpace(options.space);
    controls.setTranslationSnap(options.snap ? SNAP.translate : null);
    controls.setRotationSnap(options.snap ? MathUtils.degToRad(SNAP.rotate) : null);
    controls.setScaleSnap(options.snap ? SNAP.scale : null);
  };

  return {
    set(id, next) {
      selected = id;
      options = next;
      apply();
      ctx.invalidate();
    },
    beforeDraw() {
      const node = options.enabled && selected ? models.get(selected) : undefined;
      const target = node?.object ? node.placement : null;
      if (target === controls.object && (target !== null) === (attached !== null)) return;
      // A drag in progress keeps its model: a new selection waits for the pointer to be let go.
      if (controls.dragging) return;
      if (target) {
        controls.attach(target);
        attached = selected;
        // With the cards and the outline, over the scene at the screen's ratio (engine/compose.ts).
        if (!helper.parent) ctx.overlay.add(helper);
      } else {
        controls.detach();
        attached = null;
        helper.removeFromParent();
      }
    },
    afterDraw() {
      // The handles may have moved under a pointer at rest: what is under it now is what this
      // frame shows (its matrices are the ones just drawn). A changed axis asks for a frame itself.
      if (resting && active() && !controls.dragging) controls.pointerHover(resting);
    },
    stats: () => ({ mode: options.mode, axis: controls.axis, attached, dragging: controls.dragging }),
    dispose() {
      ctx.element.removeEventListener('pointerdown', down, true);
      ctx.element.removeEventListener('pointermove', move, true);
      ctx.element.removeEventListener('pointerup', up, true);
      ctx.element.removeEventListener('pointerleave', leave);
      helper.removeFromParent();
      controls.detach();
      controls.dispose();
    },
  };
}
