import type { CardAlarmLevel } from '../../../shared/schema/card';
import type { Locale } from '../../../shared/i18n';

/**
 * The level's words (levelWords.ts), loaded the first time a card is in a level: a viewer page's
 * script before its first frame does not carry them. Writers waiting for them write again once
 * they came (a failed load is asked for again by the next level).
 */
let levelWords: ((level: CardAlarmLevel, locale: Locale) => string) | null = null;
let loadingWords: Promise<void> | null = null;
const waitingForWords = new Set<() => void>();
function wordsFor(level: CardAlarmLevel, locale: Locale, again: () => void): string {
  if (levelWords) return levelWords(level, locale);
  waitingForWords.add(again);
  loadingWords ??= import('./levelWords').then(
    (m) => {
      levelWords = m.levelWords;
      for (const fn of [...waitingForWords]) fn();
      waitingForWords.clear();
    },
    () => {
      loadingWords = null;
    },
  );
  return '';
}

/** The mirror element (it takes the active marks), the element its text goes in, and what it says for a card without items. */
export interface MirrorTarget {
  el: HTMLElement;
  text: HTMLElement;
  emptyText: string;
  /** The language its level is said in (levelWords.ts). */
  locale: Locale;
}

/** Writes one card's labels, values (as many), active state and level (null: normal) into its mirror element. */
export type MirrorWriter = (labels: readonly string[], values: readonly string[], active: boolean, level?: CardAlarmLevel | null) => void;

/**
 * The DOM mirror's content, written outside React: with hundreds of cards whose values change ten
 * times a second, re-rendering a component per changed card cost the main thread about half of
 * every second (500 cards, measured in the dev build). Here a change is one text node's `data`,
 * and only where the text differs. Text nodes only: a label or value is never parsed as markup.
 *
 * The elements themselves (role, tab stop, key handling, the hidden text holder) are React's; this
 * owns the text holder's children, and the active marks (the `dash3d-card--active` class and
 * aria-current) and the level's mark (aria-invalid while the card is in a level: issue 42, an
 * alarm that is not colour only) on the mirror.
 */
export function mirrorWriter({ el, text, emptyText, locale }: MirrorTarget): MirrorWriter {
  let labels: Text[] = [];
  let values: Text[] = [];
  let active: boolean | null = null;
  let level: CardAlarmLevel | null | undefined;
  // After the items: '; in alarm: above 30' while the card is in a level.
  const levelText = new Text();
  // The first write builds the content whatever the element holds (a writer made for a new language).
  let built = false;

  const rebuild = (count: number) => {
    text.replaceChildren();
    labels = [];
    values = [];
    if (!count) {
      text.append(emptyText, levelText);
      return;
    }
    for (let i = 0; i < count; i++) {
      const item = document.createElement('span');
      item.className = 'dash3d-card-mirror__item';
      const label = document.createElement('span');
      label.className = 'dash3d-card-mirror__label';
      const value = document.createElement('span');
      value.className = 'dash3d-card-mirror__value';
      labels.push(label.appendChild(new Text()));
      values.push(value.appendChild(new Text()));
      item.append(label, ': ', value, i < count - 1 ? '; ' : '');
      text.append(item);
    }
    text.append(levelText);
  };

  return (itemLabels, itemValues, isActive, inLevel = null) => {
    if (!built || itemLabels.length !== labels.length) rebuild(itemLabels.length);
    built = true;
    for (let i = 0; i < itemLabels.length; i++) {
      if (labels[i]!.data !== itemLabels[i]) labels[i]!.data = itemLabels[i]!;
      if (values[i]!.data !== itemValues[i]) values[i]!.data = itemValues[i]!;
    }
    if (level !== inLevel) {
      level = inLevel;
      const say = () => {
        if (level !== inLevel) return;
        const words = inLevel ? wordsFor(inLevel, locale, say) : '';
        levelText.data = words ? `; ${words}` : '';
      };
      say();
      if (inLevel) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
    }
    if (active !== isActive) {
      active = isActive;
      el.classList.toggle('dash3d-card--active', active);
      if (active) el.setAttribute('aria-current', 'true');
      else el.removeAttribute('aria-current');
    }
  };
}

/**
 * How often a changed value reaches the DOM mirror at most. Screen readers read it on demand, not
 * at the frame rate, while each write costs the page a style and layout pass: 500 cards changing
 * every frame cost about 90 ms of main thread per second when written per frame. Activation and a
 * card's first text are written at once.
 */
const MIRROR_INTERVAL_MS = 250;
/**
 * And how many mirrors a second are written at most: with thousands of cards the interval grows
 * (5000 changing cards: each mirror every 5 s) so the page's cost stays flat (about 5 ms of main
 * thread a second). The focused mirror, the one a screen reader is on, is written with the frame
 * like an activation.
 */
const MIRROR_WRITES_PER_SECOND = 1000;

/**
 * Mirrors written at a bounded rate: `later` marks one behind its card (once, however often),
 * `schedule` (after a frame's changes) sets the timer that writes every marked one, at most every
 * MIRROR_INTERVAL_MS and MIRROR_WRITES_PER_SECOND; `now` writes one at once (activation, focus,
 * a first text); `flush` writes what is behind now (the space is going).
 */
export function mirrorPacer<T extends { behind: boolean }>(write: (item: T) => void, count: () => number) {
  let behind: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written = 0;
  const now = (item: T) => {
    item.behind = false;
    write(item);
  };
  const writeAll = () => {
    timer = undefined;
    written = performance.now();
    const list = behind;
    behind = [];
    for (const item of list) if (item.behind) now(item);
  };
  return {
    now,
    later(item: T) {
      if (item.behind) return;
      item.behind = true;
      behind.push(item);
    },
    schedule() {
      if (!behind.length || timer !== undefined) return;
      const interval = Math.max(MIRROR_INTERVAL_MS, (count() * 1000) / MIRROR_WRITES_PER_SECOND);
      timer = setTimeout(writeAll, Math.max(0, written + interval - performance.now()));
    },
    flush() {
      clearTimeout(timer);
      writeAll();
    },
  };
}
