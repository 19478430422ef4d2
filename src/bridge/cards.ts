import type { CardDraw, CardTheme, CardUpdate, CardValueBatch } from '../../shared/overlays';
import type { RenderHandle } from './connection';
import { createFrameQueue } from './coalesce';
import { CardThemeSchema } from '../../shared/schema/card-theme';

const NO_CARDS: Readonly<Record<string, CardDraw>> = Object.freeze({});

/**
 * A live source of data cards, for a host whose card values change often: cheaper than a new
 * `cards` record per change, since a change of values alone is announced by card id and never
 * compared against every card. The space's own card store is one (src/widgets/data-card/cardStore.ts).
 */
export interface CardFeed {
  /** Every card's draw by widget id now: a new object after each change announced by subscribe. */
  cards(): Readonly<Record<string, CardDraw>>;
  /** One card's draw now. */
  draw(id: string): CardDraw | undefined;
  /** Called after cards came, went or changed in more than their values (config, labels, state). */
  subscribe(listener: () => void): () => void;
  /**
   * Called with the cards whose values alone changed (same config, labels and state): their new
   * texts (a batch the listener must not change) and, per card, the draw they go with, the last
   * one `cards()` gave out for it.
   */
  onValues(listener: (values: Readonly<CardValueBatch>, bases: readonly CardDraw[]) => void): () => void;
}

export interface CardsWanted {
  /** The space's data cards by widget id. */
  cards?: Readonly<Record<string, CardDraw>>;
  /** Or a live source of them (the space's card store): when given, `cards` is not read. */
  feed?: CardFeed;
  /** The look read from the host theme's selectors; absent: the engine's defaults. */
  theme?: CardTheme;
  onCardClick?(id: string): void;
}

/**
 * Data cards on their way to a space's engine. At most one setCards call per task, holding only
 * the cards whose draw data changed (compared by reference: a card keeps its object while neither
 * its config, its resolved values nor its active state changed) and a null for each card that
 * left. A record comes at most once per animation frame (the card store, or a host's renders), so
 * waiting for a frame of our own here would only make the browser run a page update per change.
 * From a CardFeed (the space's card store), a change of values alone arrives already batched and
 * goes at once, without a record or a comparison of every card. A card's config goes only when its
 * config object changed (CardUpdate); a change of values alone (same labels and state) goes in one
 * flat batch of strings (CardValueBatch), so structured cloning stays small. The theme goes when
 * its content changes. Cards are not part of init, so an engine that (re)started is sent every
 * card, config included, and the theme again.
 */
export function createCardSender(engine: () => RenderHandle | null) {
  let wanted: CardsWanted = {};
  let themeSent = '';
  let unfollow: (() => void) | undefined;
  // The draw last sent per card: its config (by reference, as the card store keeps it while
  // unchanged), labels and state. A change of values alone goes in the flat batch (CardValueBatch).
  const sent = new Map<string, CardDraw>();
  const current = () => wanted.feed?.cards() ?? wanted.cards ?? NO_CARDS;
  const queue = createFrameQueue((changed, gone) => {
    const changes: Record<string, CardUpdate | null> = {};
    let some = false;
    for (const id of gone) {
      changes[id] = null;
      some = true;
      sent.delete(id);
    }
    const values = newBatch();
    for (const id in changed) {
      const value = changed[id] as CardDraw;
      const was = sent.get(id);
      // Already sent through the feed's values (below).
      if (was === value) continue;
      sent.set(id, value);
      if (was && valuesOnly(was, value)) {
        addValues(values, id, value);
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
  /**
   * The feed's cards whose values alone changed, sent at once: the feed announces them at most
   * once a frame, already batched. Where the engine holds another draw of a card than the one its
   * values go with (the engine just started, or a change is on its way), that card goes the
   * record's way.
   */
  const sendValues = (batch: Readonly<CardValueBatch>, bases: readonly CardDraw[]) => {
    const feed = wanted.feed;
    const target = engine();
    if (!feed || !target) return;
    let behind = 0;
    for (let i = 0; i < bases.length; i++) if (sent.get(batch.ids[i]!) !== bases[i]) behind++;
    if (behind) {
      queue.push(feed.cards());
      if (behind === bases.length) return;
    }
    void target.setCards({}, behind ? held(batch, bases) : batch).catch(() => undefined);
  };
  /** The part of a batch for cards whose draws the engine holds. */
  const held = (batch: Readonly<CardValueBatch>, bases: readonly CardDraw[]): CardValueBatch => {
    const out = newBatch();
    let at = 0;
    for (let i = 0; i < bases.length; i++) {
      const id = batch.ids[i]!;
      const n = batch.counts[i]!;
      if (sent.get(id) === bases[i]) {
        out.ids.push(id);
        out.counts.push(n);
        for (let k = at; k < at + n; k++) out.texts.push(batch.texts[k]!);
      }
      at += n;
    }
    return out;
  };
  const follow = (feed: CardFeed | undefined) => {
    unfollow?.();
    unfollow = undefined;
    if (!feed) return;
    const offCards = feed.subscribe(() => {
      if (engine()) queue.push(feed.cards());
    });
    const offValues = feed.onValues(sendValues);
    unfollow = () => {
      offCards();
      offValues();
    };
  };
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
      const feedChanged = next.feed !== wanted.feed;
      const cardsChanged = feedChanged || (!next.feed && next.cards !== wanted.cards);
      wanted = next;
      if (feedChanged) follow(next.feed);
      sendTheme();
      if (cardsChanged && engine()) queue.push(current());
    },
    /** The engine started: it holds no card yet. */
    started() {
      queue.reset({});
      sent.clear();
      themeSent = '';
      sendTheme();
      queue.push(current());
    },
    stopped() {
      queue.dispose();
    },
    /** The space is gone: no more following its feed (an update after this follows it again). */
    dispose() {
      follow(undefined);
      wanted = {};
      queue.dispose();
    },
    /** A card-click from the engine: only ids of cards this space holds reach the host. */
    clicked(id: string) {
      const held = wanted.feed ? wanted.feed.draw(id) !== undefined : Object.hasOwn(wanted.cards ?? NO_CARDS, id);
      if (held) wanted.onCardClick?.(id);
    },
  };
}

function newBatch(): CardValueBatch {
  return { ids: [], counts: [], texts: [] };
}

function addValues(batch: CardValueBatch, id: string, draw: CardDraw) {
  batch.ids.push(id);
  batch.counts.push(draw.items.length);
  for (const item of draw.items) batch.texts.push(item.value);
}

/** The same card but for its values: same config object, state, number of items and labels. */
function valuesOnly(a: CardDraw, b: CardDraw): boolean {
  if (a.config !== b.config || a.active !== b.active || !!a.focused !== !!b.focused || a.items.length !== b.items.length) return false;
  for (let i = 0; i < a.items.length; i++) if (a.items[i]!.label !== b.items[i]!.label) return false;
  return true;
}
