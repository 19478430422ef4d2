import type { CardDraw } from '../../shared/overlays';
import { createFrameQueue } from './coalesce';

/**
 * Data cards on their way to the engine: at most one setCards call per animation frame, holding
 * only the cards whose draw data changed (compared by reference: a card keeps its object while
 * neither its config, its resolved values nor its active state changed) and a null for each card
 * that left. 500 cards with values changing ten times a second are one small message per frame.
 */
export function createCardQueue(send: (changes: Record<string, CardDraw | null>) => void) {
  return createFrameQueue((changed, gone) => {
    const changes: Record<string, CardDraw | null> = {};
    for (const id of gone) changes[id] = null;
    Object.assign(changes, changed as Record<string, CardDraw>);
    if (Object.keys(changes).length) send(changes);
  });
}
