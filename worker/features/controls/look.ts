import { Euler, type PerspectiveCamera } from 'three';
import type { ElementStandIn, StandInEvent } from '../../engine/element';

/** Radians per pixel of mouse travel: half a turn across about 1500 px. */
const SENSITIVITY = 0.002;
/** Stop just short of straight up/down, where yaw becomes undefined and the view flips. */
const PITCH_LIMIT = Math.PI / 2 - 0.01;

export interface MouseLook {
  /** Re-read yaw and pitch from the camera (after the configured pose moved it). */
  sync(): void;
  /** Yaw in radians around world Y (0 looks towards -Z). */
  readonly yaw: number;
  setEnabled(enabled: boolean): void;
  dispose(): void;
}

/**
 * Mouse look for the first-person and fly controls: while the pointer is locked (the main thread
 * asks for the lock on click) the raw movementX/Y turn the view, and while a button is held the
 * drag does, so the view can be turned where pointer lock is refused (headless, iframes). The
 * direction is the same in both cases: moving the mouse right turns the view right.
 */
export function createMouseLook(element: ElementStandIn, camera: PerspectiveCamera, onLook: () => void): MouseLook {
  const euler = new Euler(0, 0, 0, 'YXZ');
  let enabled = true;
  let locked = false;
  let dragging = false;
  /** The pointer whose drag turns the view: a second finger on a tablet must not make it jump between the two. */
  let dragId: number | undefined;
  let lastX = 0;
  let lastY = 0;

  const turn = (dx: number, dy: number) => {
    if (!dx && !dy) return;
    euler.y -= dx * SENSITIVITY;
    euler.x = Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, euler.x - dy * SENSITIVITY));
    euler.z = 0;
    camera.quaternion.setFromEuler(euler);
    onLook();
  };
  const onDown = (e: StandInEvent) => {
    // A later finger (not primary) joins the drag; a primary press starts one, even if a lift was lost.
    if (dragging && e.pointerId !== dragId && e.isPrimary === false) return;
    dragging = true;
    dragId = e.pointerId;
    lastX = e.clientX ?? 0;
    lastY = e.clientY ?? 0;
  };
  const onMove = (e: StandInEvent) => {
    if (!locked && dragging && e.pointerId !== dragId) return;
    const x = e.clientX ?? lastX;
    const y = e.clientY ?? lastY;
    // Locked: the cursor is frozen and only movementX/Y carry motion. Dragging: client deltas,
    // which every browser fills in (synthetic and older events may lack movementX).
    const dx = locked ? (e.movementX ?? 0) : x - lastX;
    const dy = locked ? (e.movementY ?? 0) : y - lastY;
    lastX = x;
    lastY = y;
    if (enabled && (locked || (dragging && (e.buttons ?? 1) !== 0))) turn(dx, dy);
  };
  const onUp = (e: StandInEvent) => {
    if (e.pointerId === dragId || e.type === 'blur') dragging = false;
  };
  const onLock = (e: StandInEvent) => {
    locked = !!e.locked;
  };
  const listeners: [string, (e: StandInEvent) => void][] = [
    ['pointerdown', onDown],
    ['pointermove', onMove],
    ['pointerup', onUp],
    ['pointercancel', onUp],
    ['blur', onUp],
    ['lockchange', onLock],
  ];
  for (const [type, fn] of listeners) element.addEventListener(type, fn);

  const look: MouseLook = {
    sync() {
      euler.setFromQuaternion(camera.quaternion, 'YXZ');
      euler.z = 0;
      euler.x = Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, euler.x));
      camera.quaternion.setFromEuler(euler);
    },
    get yaw() {
      return euler.y;
    },
    setEnabled(value) {
      enabled = value;
      if (!value) dragging = false;
    },
    dispose() {
      for (const [type, fn] of listeners) element.removeEventListener(type, fn);
    },
  };
  look.sync();
  return look;
}
