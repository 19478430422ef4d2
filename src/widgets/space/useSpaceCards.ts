import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CardDraw, CardTheme } from '../../../shared/overlays';
import type { RenderHandle } from '../../bridge/connection';
import { createCardQueue } from '../../bridge/cards';

const NO_CARDS: Readonly<Record<string, CardDraw>> = Object.freeze({});

export interface SpaceCardOptions {
  /** The space's data cards by widget id, as the worker draws them (text resolved, theme applied there). */
  cards?: Readonly<Record<string, CardDraw>>;
  /** The look read from the host theme's selectors; absent: the worker's defaults. */
  theme?: CardTheme;
  onCardClick?(id: string): void;
}

/**
 * The data cards of one 3D space on their way to its engine: changed cards coalesced into one
 * setCards per frame, the theme sent when it changes, and everything sent again to an engine that
 * (re)started (cards are not part of init: a restarted engine knows none of them).
 */
export function useSpaceCards(handle: RefObject<RenderHandle | null>, opts: SpaceCardOptions) {
  const latest = useRef(opts);
  latest.current = opts;
  const [m] = useState(() => ({
    queue: createCardQueue((changes) => void handle.current?.setCards(changes).catch(() => undefined)),
    themeSent: '',
  }));

  const sendTheme = () => {
    const theme = latest.current.theme;
    const key = theme ? JSON.stringify(theme) : '';
    if (!theme || key === m.themeSent || !handle.current) return;
    m.themeSent = key;
    void handle.current.setCardTheme(theme).catch(() => undefined);
  };

  useEffect(() => {
    if (handle.current) m.queue.push(opts.cards ?? NO_CARDS);
  }, [opts.cards, m, handle]);

  useEffect(sendTheme);

  return {
    /** The engine started: it holds no card yet, so every card (and the theme) goes to it. */
    started() {
      m.queue.reset({});
      m.themeSent = '';
      sendTheme();
      m.queue.push(latest.current.cards ?? NO_CARDS);
    },
    stopped() {
      m.queue.dispose();
    },
    /** A card-click from the engine: only ids of cards this space holds reach the host. */
    clicked(id: string) {
      if (Object.hasOwn(latest.current.cards ?? NO_CARDS, id)) latest.current.onCardClick?.(id);
    },
  };
}
