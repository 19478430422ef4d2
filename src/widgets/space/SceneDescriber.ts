import { useEffect } from 'react';
import type { CardDraw } from '../../../shared/overlays';
import type { CardFeed } from '../../bridge/cards';
import type { Locale } from '../../../shared/i18n';
import { levelText as t } from '../../../shared/i18n/parts/level-words';

/*
 * What a space holds, in words (issue 42 point 5): the canvas' accessible description, read with
 * its name. Its models by file name and its data cards with their values, kept current but at most
 * every REFRESH_MS: a screen reader reads a description when the canvas gets focus, and thousands
 * of values changing ten times a second must not rewrite it each time.
 */

const REFRESH_MS = 2000;
/** Models and cards named; the others are counted. */
const LISTED = 20;

/** A model config's main file name (its URL's last segment), defensively: a host may hand over anything. */
function modelName(config: unknown): string {
  const src = (config as { src?: { filePath?: unknown; fileList?: { url?: unknown; name?: unknown }[] } } | null)?.src;
  if (!src || typeof src.filePath !== 'string' || !src.filePath) return '';
  const named = Array.isArray(src.fileList) ? src.fileList.find((f) => f?.url === src.filePath)?.name : undefined;
  if (typeof named === 'string' && named) return named.slice(0, 100);
  const last = src.filePath.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last).slice(0, 100);
  } catch {
    return last.slice(0, 100);
  }
}

const cardText = (draw: CardDraw) =>
  draw.items
    .map((i) => `${i.label} ${i.value}`.trim())
    .filter(Boolean)
    .join(', ');

function listed(locale: Locale, names: string[], key: 'models' | 'cards', separator: string): string | null {
  if (!names.length) return null;
  const shown = names.slice(0, LISTED);
  if (names.length > LISTED) shown.push(t(locale, 'more', { count: names.length - LISTED }));
  return t(locale, key, { list: shown.join(separator) });
}

export function describeScene(
  locale: Locale,
  models: Readonly<Record<string, unknown>>,
  cards: Readonly<Record<string, CardDraw>>,
): string {
  const zh = locale === 'zh_Hans';
  const parts = [
    listed(locale, Object.values(models).map(modelName).filter(Boolean), 'models', zh ? '、' : ', '),
    listed(locale, Object.values(cards).map(cardText).filter(Boolean), 'cards', zh ? '；' : '; '),
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(zh ? '' : ' ') : t(locale, 'empty');
}

export interface SceneDescriberProps {
  /** Puts the text in the hidden element the canvas' aria-describedby names (ThreeDSpace.tsx). */
  onText(text: string): void;
  locale: Locale;
  models: Readonly<Record<string, unknown>> | undefined;
  /** The space's cards: a record, or the card store's live feed. */
  cards: Readonly<Record<string, CardDraw>> | undefined;
  feed: CardFeed | undefined;
}

/**
 * Hands the description to `onText` now and as the space's models and cards change. A part
 * loaded once the space has drawn (ThreeDSpace.tsx): a viewer page's script before the first frame
 * does not carry it (the Next.js Turbopack viewer page is at its 200 kB).
 */
export function SceneDescriber({ onText, locale, models, cards, feed }: SceneDescriberProps): null {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const write = () => {
      timer = undefined;
      last = performance.now();
      onText(describeScene(locale, models ?? {}, (feed ? feed.cards() : cards) ?? {}));
    };
    const later = () => {
      timer ??= setTimeout(write, Math.max(0, last + REFRESH_MS - performance.now()));
    };
    write();
    const offCards = feed?.subscribe(later);
    const offValues = feed?.onValues(later);
    return () => {
      clearTimeout(timer);
      offCards?.();
      offValues?.();
    };
  }, [onText, locale, models, cards, feed]);
  return null;
}
