import { Raycaster, Vector2, type Group, type Object3D } from 'three';
import type { ModelPointerEvent } from '../../../shared/protocol';
import type { EngineContext } from '../../engine/context';
import type { StandInEvent } from '../../engine/element';
import { canvasPoint, createTaps } from '../../engine/taps';
import { buildBoundsTrees, pickNearest, type PickHit, type PickTarget } from '../raycast';
import { cancelFrame, requestFrame } from '../../util/frames';

/** A second click on the same part within this time is also a double click. */
export const DBLCLICK_MS = 300;

/**
 * What picking needs of a model node (ModelNode has it; tests pass plain objects). Spelled out here
 * rather than picked from ModelNode: the node is built from the features, so no import runs back up.
 */
export interface PickableNode {
  readonly id: string;
  readonly root: Group;
  /** The loaded file's root, or null while nothing is shown. */
  readonly object: Object3D | null;
  /** The part under the pointer (null: none), reported by picking. */
  hover(part: Object3D | null): void;
}

export interface Picker {
  /** Build what picking needs on a model before it joins the scene (bounding-volume hierarchy). */
  prepare(object: Object3D): void;
  dispose(): void;
}

type Hit = PickHit<PickableNode>;

/**
 * Model pointer events (spec §5), found by picking in the worker against every model of the stage
 * (nearest hit wins). Hover is picked at most once per display frame: moves are coalesced into one
 * pick on the next animation frame, and a drawn frame (camera or model moved under a resting
 * pointer) asks for one more. Enter and leave are per part: moving from one part of a model to
 * another emits mouseleave (old part) then mouseenter (new part), since the events name the part.
 * A tap (engine/taps.ts: press and release of the primary button within the slop, one finger) is a
 * click on the part under it; a second click on the same part within DBLCLICK_MS adds a dblclick (like the DOM: click, click,
 * dblclick). A hover pick still pending at a press or release runs first, so enter comes before
 * click. A drag (orbiting) is never a click. A click that `claimed` takes (a data card drawn
 * over the model there) is no model click: one click, one target. Hover is not claimed.
 */
export function createPicker(
  ctx: EngineContext,
  nodes: () => Iterable<PickableNode>,
  claimed: (p: { x: number; y: number }) => boolean = () => false,
): Picker {
  const { element } = ctx;
  const raycaster = new Raycaster();
  const ndc = new Vector2();
  let pointer: { x: number; y: number } | null = null;
  let hovered: Hit | null = null;
  const taps = createTaps(element);
  let lastClick: { owner: PickableNode; uuid: string; time: number } | null = null;
  let scheduled: number | null = null;
  let failed = false;

  const pickAt = (p: { x: number; y: number }): Hit | null => {
    const targets: PickTarget<PickableNode>[] = [];
    for (const node of nodes()) if (node.object) targets.push({ root: node.root, owner: node });
    const { clientWidth: w, clientHeight: h } = element;
    if (targets.length === 0 || !w || !h) return null;
    try {
      ndc.set((p.x / w) * 2 - 1, 1 - (p.y / h) * 2);
      ctx.camera.updateMatrixWorld();
      raycaster.setFromCamera(ndc, ctx.camera);
      return pickNearest(raycaster, targets, ctx.camera, h);
    } catch (err) {
      // A broken geometry must not break input for the whole space; say it once.
      if (!failed) console.error('[dash3d] picking failed', err);
      failed = true;
      return null;
    }
  };

  const emit = (event: ModelPointerEvent, hit: Hit) => {
    const { x, y, z } = hit.point;
    ctx.emit({ type: 'model-pointer', id: hit.owner.id, event, name: hit.part.name, uuid: hit.part.uuid, point: { x, y, z } });
  };
  const live = (owner: PickableNode) => [...nodes()].includes(owner);

  const setHover = (hit: Hit | null) => {
    const prev = hovered;
    hovered = hit;
    if (prev && hit && prev.owner === hit.owner && prev.part === hit.part) return;
    if (prev) {
      // A removed widget hears nothing more; a reloaded one learns its old part is gone.
      if (live(prev.owner)) emit('mouseleave', prev);
      if (!hit || hit.owner !== prev.owner) prev.owner.hover(null);
    }
    if (hit) {
      emit('mouseenter', hit);
      hit.owner.hover(hit.part);
    }
  };

  const run = () => {
    scheduled = null;
    setHover(pointer ? pickAt(pointer) : null);
  };
  const schedule = () => {
    // The loop's own clock, but a separate callback: a pick never forces a frame.
    if (scheduled === null) scheduled = requestFrame(run);
  };

  // A move just before a press has not been picked yet (picks wait for the frame): pick it now,
  // so the host hears mouseenter before the click, as the DOM orders them. Seen in Firefox, whose
  // automation (and a quick hand) moves and clicks within one frame.
  const settleHover = () => {
    if (scheduled === null) return;
    cancelFrame(scheduled);
    run();
  };
  const onDown = (e: StandInEvent) => {
    settleHover();
    taps.down(e);
  };

  const onMove = (e: StandInEvent) => {
    pointer = canvasPoint(element, e);
    taps.move(e);
    if (pointer) schedule();
    else setHover(null);
  };
  const onUp = (e: StandInEvent) => {
    settleHover();
    const p = taps.up(e);
    if (!p) return;
    const hit = claimed(p) ? null : pickAt(p);
    if (!hit) {
      lastClick = null;
      return;
    }
    emit('click', hit);
    const now = performance.now();
    const again = lastClick && lastClick.owner === hit.owner && lastClick.uuid === hit.part.uuid && now - lastClick.time <= DBLCLICK_MS;
    if (again) emit('dblclick', hit);
    lastClick = again ? null : { owner: hit.owner, uuid: hit.part.uuid, time: now };
  };
  const onLeave = (e: StandInEvent) => {
    pointer = null;
    taps.cancel(e);
    setHover(null);
  };

  const listeners: [string, (e: StandInEvent) => void][] = [
    ['pointermove', onMove],
    ['pointerdown', onDown],
    ['pointerup', onUp],
    ['pointercancel', taps.cancel],
    ['pointerleave', onLeave],
  ];
  for (const [type, fn] of listeners) element.addEventListener(type, fn);
  // The scene changed under a resting pointer (camera damping, auto-rotate, a model loaded or
  // animated): pick again after the frame. Only drawn frames do this, so an idle scene picks nothing.
  const offFrame = ctx.onFrame(() => {
    if (pointer) schedule();
  });

  return {
    prepare(object) {
      try {
        buildBoundsTrees(object);
      } catch (err) {
        // Picking falls back to three's raycasting for what has no tree; the model still loads.
        console.warn('[dash3d] building the picking hierarchy failed', err);
      }
    },
    dispose() {
      for (const [type, fn] of listeners) element.removeEventListener(type, fn);
      offFrame();
      if (scheduled !== null) cancelFrame(scheduled);
      scheduled = null;
      hovered = null;
      lastClick = null;
      pointer = null;
    },
  };
}
