import { useEffect } from 'react';
import type { CardAlarmLevel } from '../../../shared/schema/card';
import type { CardStore } from '../data-card/cardStore';
import type { Locale } from '../../../shared/i18n';
import { levelText as t } from '../../../shared/i18n/parts/level-words';
import { levelWords } from '../data-card/levelWords';

/*
 * What a space's live region says (issue 42): a card entering an alarm level, in words, once. A
 * screen reader reads a polite region when the user is idle, and a region that changes with every
 * value would talk over everything else; so cards entering a level are gathered for a moment and
 * said together, one announcement at most every ANNOUNCE_GAP_MS, and a card that enters the same
 * level again soon (a value hovering at its limit) is not said again. Values and leaving a level
 * are never said here: the cards' mirrors say them when asked.
 */

/** Least time between two announcements; cards entering meanwhile are said together in the next. */
export const ANNOUNCE_GAP_MS = 5000;
/** A first card entering waits this long for the others of the same change. */
export const GATHER_MS = 500;
/** The same card in the same level is not said again within this. */
export const REPEAT_MS = 60_000;
/** Cards named in one announcement; the others are counted. */
const NAMED = 3;

export interface Announcer {
  /** The card `id` entered `level`; its watched item's label and value name it. */
  enter(id: string, level: CardAlarmLevel, label: string, value: string): void;
  /** Nothing pending is said (the space is going, or announcements were turned off). */
  dispose(): void;
}

export function createAnnouncer(locale: Locale, say: (text: string) => void, now: () => number = () => performance.now()): Announcer {
  /** Card id -> what to say of it, and the level's words (what a repeat is judged by: values move). */
  const pending = new Map<string, { words: string; level: string }>();
  const said = new Map<string, { level: string; at: number }>();
  let lastAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (!pending.size) return;
    const at = now();
    lastAt = at;
    for (const [id, s] of said) if (at - s.at >= REPEAT_MS) said.delete(id);
    const entries = [...pending];
    pending.clear();
    for (const [id, { level }] of entries) said.set(id, { level, at });
    const parts = entries.slice(0, NAMED).map(([, { words }]) => words);
    if (entries.length > NAMED) parts.push(t(locale, 'more', { count: entries.length - NAMED }));
    say(parts.join(locale === 'zh_Hans' ? '；' : '; '));
  };

  return {
    enter(id, level, label, value) {
      const inWords = levelWords(level, locale);
      const before = said.get(id);
      if (before?.level === inWords && now() - before.at < REPEAT_MS) return;
      pending.set(id, { words: t(locale, 'entered', { card: label, value, level: inWords }).trim(), level: inWords });
      timer ??= setTimeout(flush, Math.max(GATHER_MS, lastAt + ANNOUNCE_GAP_MS - now()));
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}

/**
 * The space's announcer while it is shown: it hears the card store's cards entering a level and
 * writes what to say into `region` (the space's polite live region, SpaceWidget.tsx). A part of its
 * own, asked for once the space has a card.
 */
export function AlarmAnnouncer({
  cards,
  region,
  locale,
}: {
  cards: CardStore;
  region: { readonly current: HTMLElement | null };
  locale: Locale;
}): null {
  useEffect(() => {
    let shown: ReturnType<typeof setTimeout> | undefined;
    const a = createAnnouncer(locale, (text) => {
      const el = region.current;
      if (!el) return;
      // Emptied first: the same words twice are a change a screen reader reads again.
      el.textContent = '';
      clearTimeout(shown);
      shown = setTimeout(() => (el.textContent = text), 100);
    });
    const stop = cards.onLevel(a.enter);
    return () => {
      stop();
      a.dispose();
      clearTimeout(shown);
    };
  }, [cards, region, locale]);
  return null;
}
