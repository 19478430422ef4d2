import type { EngineContext } from '../../engine/context';
import type { StandInEvent } from '../../engine/element';

/** A drag that moved within this long is still going on (a finger slows, it has not stopped). */
const GESTURE_MS = 100;

/**
 * While a finger or a held button drags (or the wheel turns), the frames follow each other as
 * damping's do: each asks for the next. Without this an undamped drag draws one frame per input
 * message, never back to back, so adaptive resolution (engine/resolution.ts) never measured a drag,
 * and a tablet at a pixel ratio of 2 dragged at four times a desktop's pixels however slow its
 * frames were (docs/frame-budget.md). 100 ms after the last move the frames stop, and the still
 * view is drawn sharp again.
 */
export function keepDrawingWhileDragged(ctx: EngineContext): () => void {
  let lastMove = -Infinity;
  const moved = () => {
    lastMove = performance.now();
  };
  const onMove = (e: StandInEvent) => {
    // A finger on the glass has buttons 1; a hovering mouse 0 (pointer-lock look keeps its own frames).
    if ((e.buttons ?? 0) !== 0) moved();
  };
  ctx.element.addEventListener('pointermove', onMove);
  ctx.element.addEventListener('wheel', moved);
  const offFrame = ctx.onFrame(() => {
    if (performance.now() - lastMove < GESTURE_MS) ctx.invalidate();
  });
  return () => {
    ctx.element.removeEventListener('pointermove', onMove);
    ctx.element.removeEventListener('wheel', moved);
    offFrame();
  };
}
