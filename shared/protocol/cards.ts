import type { CardRect, CardTheme, CardUpdate, CardValueBatch, GroupPlace, GroupTransform } from '../overlays';

/*
 * The render protocol's cards area: the data cards the worker draws in the scene and the component
 * groups it places (their shapes are shared/overlays.ts).
 */

/** RenderApi's calls of this area (shared/protocol.ts). */
export interface CardCalls {
  /**
   * Add, update (a CardDraw, its config left out when unchanged: CardUpdate) or remove (null) data
   * cards, in one batch. Each card's config is parsed again here (unless its JSON text is the one
   * parsed last time); a card whose config is invalid is left as it was. `values`: cards whose
   * values alone changed, after `changes`.
   */
  setCards(changes: Record<string, CardUpdate | null>, values?: CardValueBatch): void;
  /** The look of every card (read from the host theme's selectors); until one is sent, the schema's defaults. */
  setCardTheme(theme: CardTheme): void;
  /** Test support: where each card is on screen after the last drawn frame. */
  cardRects(): Record<string, CardRect>;
  /**
   * Add, update (a GroupPlace) or remove (null) component groups by widget id; each config is parsed
   * again here. Their element transforms come back as 'group-transforms' events.
   */
  setGroups(changes: Record<string, GroupPlace | null>): void;
}

/** EngineEvent's events of this area (shared/protocol.ts). */
export type CardEvent =
  /** A click (not a drag) on a data card's body in the scene: the card in front wins. */
  | { type: 'card-click'; id: string }
  /**
   * Where the component groups' elements go now, sent after a drawn frame in which the view or a
   * group changed, holding only the groups whose transform changed (never sent on idle frames).
   */
  | { type: 'group-transforms'; transforms: Record<string, GroupTransform> };
