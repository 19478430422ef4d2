import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent } from 'react';
import type { WidgetViewProps } from '../../host/types';
import type { CardConfig } from '../../../shared/schema/card';
import { t } from '../../../shared/i18n';
import { visuallyHidden } from '../visuallyHidden';
import type { SpaceContextValue } from '../space/SpaceContext';

/**
 * A data card inside a 3D space: the space's render worker draws it, from what the card registers
 * here (its stored config; the space's card store resolves the values). While shown (spec §4:
 * visible in the editor, display not false) it is registered; what stays in the DOM is its mirror
 * for screen readers and the keyboard. An activation (a click on the card in the scene, Enter or
 * Space on the mirror) comes back from the space as the card's `click` widget event.
 */
export function CardInSpace({
  id,
  config,
  host,
  visible = true,
  display = true,
  onWidgetEvent,
  space,
}: WidgetViewProps<CardConfig> & { space: SpaceContextValue }) {
  const { cards, events } = space;
  const shown = visible && display !== false;
  const emit = useEffectEvent((name: string, payload: unknown) => onWidgetEvent?.(name, payload));

  useEffect(() => {
    if (shown) cards.register(id, config);
  }, [cards, shown, id, config]);
  useEffect(() => {
    if (!shown) return;
    return () => cards.unregister(id);
  }, [cards, shown, id]);
  useEffect(() => events.subscribe(id, (name, payload) => emit(name, payload)), [events, id]);

  // The mirror's content is written by the card store when this card's draw changes (cardMirror.ts).
  const mirror = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const textId = useId();
  const { locale } = host;
  const emptyText = t(locale, 'widgets.card.empty');
  useEffect(() => {
    if (!shown || !mirror.current || !text.current) return;
    return cards.mirror(id, { el: mirror.current, text: text.current, emptyText, locale });
  }, [cards, shown, id, emptyText, locale]);

  if (!shown) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    cards.activate(id);
  };
  return (
    <div
      ref={mirror}
      // The card store writes the text and the active marks (cardMirror.ts).
      className="dash3d-card-mirror"
      data-card-id={id}
      role="button"
      tabIndex={0}
      aria-roledescription={t(host.locale, 'widgets.card.mirror')}
      onKeyDown={onKeyDown}
      // A screen reader's activation arrives as a click.
      onClick={() => cards.activate(id)}
      // Focused from the keyboard, a card shown as a pin in the scene shows whole (issue 18).
      onFocus={() => cards.focus(id)}
      onBlur={() => cards.focus(null)}
      aria-labelledby={textId}
      style={visuallyHidden}
    >
      {/*
       * The card's text is the button's name, from an element that is not rendered (hidden): with
       * thousands of cards whose values change every 250 ms, rendered text (even 1 px, contained)
       * cost the page a layout of every changed text each time (500 cards: 68 ms of every second).
       * A name taken through aria-labelledby is read from hidden content all the same.
       */}
      <div ref={text} id={textId} hidden />
    </div>
  );
}
