import type { InputType } from '../../shared/input';

/**
 * A gesture's fingers all belong to the scene, wherever they land on the space (issue 41 point 2).
 * A component group's panel (or a child widget's frame) lies over the canvas: a finger that landed
 * there sent its events to the panel, so a pinch or a two-finger pan with one finger on the canvas
 * and one on a panel reached the camera as one finger, and orbited. Measured on the example
 * dashboard: a pinch across its middle put the second finger on the pump's group panel.
 *
 * So, for touch only: a finger that lands anywhere in the space while another is down on the
 * canvas joins the gesture (forwarded, and captured to the canvas so that its moves and its lift
 * go there), and when a finger lands on the canvas while others are down elsewhere in the space,
 * those join too, from where they are. A lone finger on a panel is the panel's (its buttons work).
 * Listened to in the capture phase of the space's root, so the panel never hears a finger that
 * joined the scene.
 */
export function gatherTouches(canvas: HTMLCanvasElement, root: HTMLElement, send: (type: InputType, e: Event) => void): () => void {
  /** Touches down in the space, by pointer id: the last event of each, and whether the scene has it. */
  const down = new Map<number, { last: PointerEvent; scene: boolean }>();
  const capture = (id: number) => {
    try {
      canvas.setPointerCapture(id);
    } catch {
      // No longer active (lifted meanwhile): its lift reaches the root below.
    }
  };
  const onDown = (e: Event) => {
    const pe = e as PointerEvent;
    if (pe.pointerType !== 'touch') return;
    const onCanvas = pe.target === canvas;
    const sceneHasOne = [...down.values()].some((t) => t.scene);
    down.set(pe.pointerId, { last: pe, scene: onCanvas || sceneHasOne });
    if (onCanvas) {
      // Fingers already down on a panel join first, from where they are; the canvas' own
      // listener forwards this one after them.
      for (const [id, t] of down)
        if (!t.scene) {
          t.scene = true;
          send('pointerdown', t.last);
          capture(id);
        }
      return;
    }
    if (!sceneHasOne) return;
    e.stopPropagation();
    send('pointerdown', pe);
    capture(pe.pointerId);
  };
  const onOther = (e: Event) => {
    const pe = e as PointerEvent;
    const t = down.get(pe.pointerId);
    if (!t || pe.pointerType !== 'touch') return;
    t.last = pe;
    if (e.type === 'pointerup' || e.type === 'pointercancel') down.delete(pe.pointerId);
    // A joined finger whose events still come here (its capture could not be taken): forwarded
    // here, and kept from the panel. On the canvas, the canvas' own listener forwards it.
    if (t.scene && pe.target !== canvas) {
      e.stopPropagation();
      send(e.type as InputType, pe);
    }
  };
  const types = ['pointermove', 'pointerup', 'pointercancel'] as const;
  root.addEventListener('pointerdown', onDown, true);
  for (const type of types) root.addEventListener(type, onOther, true);
  return () => {
    root.removeEventListener('pointerdown', onDown, true);
    for (const type of types) root.removeEventListener(type, onOther, true);
    down.clear();
  };
}
