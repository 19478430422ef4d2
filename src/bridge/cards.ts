import type { CardDraw, CardTheme, CardUpdate, CardValueBatch } from '../../shared/overlays';
import type { RenderHandle } from './connection';
import { createFrameQueue } from './coalesce';
import { CardThemeSchema } from '../../shared/schema/card-theme';

const NO_CARDS: Readonly<Record<string, CardDraw>> = Object.freeze({});

export interface CardsWanted {
  /** The space's data cards by widget id. */
  cards?: Readonly<Record<string, CardDraw>>;
  /** The look read from the host theme's selectors; absent: the engine's defaults. */
  theme?: CardTheme;
  onCardClick?(id: string): void;
}

/**
 * Data cards on their way to a space's engine. At most one setCards call per task, holding only
 * the cards whose draw data changed (compared by reference: a card keeps its object while neither
 * its config, its resolved values nor its active state changed) and a null for each card that
 * left. The card store hands out at most one record per animation frame, so 500 cards with values
 * changing ten times a second are one small message per frame; waiting for a frame of our own here
 * would only make the browser run a page update per change. A card's config goes only when its
 * config object changed (CardUpdate); a change of values alone (same labels and state) goes in one
 * flat batch of strings (CardValueBatch), so structured cloning stays small. The theme goes when
 * its content changes. Cards are not part of init, so an engine that (re)started is sent every
 * card, config included, and the theme again.
 */
export function createCardSender(engine: () => RenderHandle | null) {
  let wanted: CardsWanted = {};
  let themeSent = '';
  // The draw last sent per card: its config (by reference, as the card store keeps it while
  // unchanged), labels and state. A change of values alone goes in the flat batch (CardValueBatch).
  const sent = new Map<string, CardDraw>();
  const queue = createFrameQueue((changed, gone) => {
    const changes: Record<string, CardUpdate | null> = {};
    let some = false;
    for (const id of gone) {
      changes[id] = null;
      some = true;
      sent.delete(id);
    }
    const values: CardValueBatch = { ids: [], counts: [], texts: [] };
    for (const id in changed) {
      const value = changed[id] as CardDraw;
      const was = sent.get(id);
      sent.set(id, value);
      if (was && valuesOnly(was, value)) {
        values.ids.push(id);
        values.counts.push(value.items.length);
        for (const item of value.items) values.texts.push(item.value);
        continue;
      }
      some = true;
      if (was?.config !== value.config) changes[id] = value;
      else
        changes[id] = value.focused
          ? { items: value.items, active: value.active, focused: true }
          : { items: value.items, active: value.active };
    }
    if (some || values.ids.length)
      void engine()
        ?.setCards(changes, values.ids.length ? values : undefined)
        .catch(() => undefined);
  }, 'task');
  const sendTheme = () => {
    const theme = wanted.theme;
    const key = theme ? JSON.stringify(theme) : '';
    const target = engine();
    if (!theme || key === themeSent || !target) return;
    themeSent = key;
    // Parsed here first (the worker parses it again): a field the host's styles made odd is
    // clamped or defaulted the same way on both sides.
    void target.setCardTheme(CardThemeSchema.parse(theme)).catch(() => undefined);
  };

  return {
    /** What the space shows now (each render). */
    update(next: CardsWanted) {
      const cardsChanged = next.cards !== wanted.cards;
      wanted = next;
      sendTheme();
      if (cardsChanged && engine()) queue.push(wanted.cards ?? NO_CARDS);
    },
    /** The engine started: it holds no card yet. */
    started() {
      queue.reset({});
      sent.clear();
      themeSent = '';
      sendTheme();
      queue.push(wanted.cards ?? NO_CARDS);
    },
    stopped() {
      queue.dispose();
    },
    /** A card-click from the engine: only ids of cards this space holds reach the host. */
    clicked(id: string) {
      if (Object.hasOwn(wanted.cards ?? NO_CARDS, id)) wanted.onCardClick?.(id);
    },
  };
}

/** The same card but for its values: same config object, state, number of items and labels. */
function valuesOnly(a: CardDraw, b: CardDraw): boolean {
  if (a.config !== b.config || a.active !== b.active || !!a.focused !== !!b.focused || a.items.length !== b.items.length) return false;
  for (let i = 0; i < a.items.length; i++) if (a.items[i]!.label !== b.items[i]!.label) return false;
  return true;
}
