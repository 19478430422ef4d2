import { useEffect, useState, type RefObject } from 'react';
import type { RenderHandle } from '../../bridge/connection';
import { createCardSender, type CardsWanted } from '../../bridge/cards';

export type SpaceCardOptions = CardsWanted;

/** The data cards of one 3D space, sent to its engine as they change (src/bridge/cards.ts). */
export function useSpaceCards(handle: RefObject<RenderHandle | null>, opts: SpaceCardOptions) {
  const [sender] = useState(() => createCardSender(() => handle.current));
  const { cards, feed, theme, onCardClick } = opts;
  useEffect(() => sender.update({ cards, feed, theme, onCardClick }), [sender, cards, feed, theme, onCardClick]);
  // Unmounted: the feed (the space's card store) is no longer followed.
  useEffect(() => () => sender.dispose(), [sender]);
  return sender;
}
