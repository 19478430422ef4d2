import { memo, useEffect, useEffectEvent, useSyncExternalStore, type CSSProperties, type KeyboardEvent } from 'react';
import type { WidgetViewProps } from '../../host/types';
import type { CardConfig } from '../../../shared/schema/card';
import type { CardDraw } from '../../../shared/overlays';
import { t, type Locale } from '../../../shared/i18n';
import type { SpaceContextValue } from '../space/SpaceContext';

/** Read by screen readers and reachable by Tab, but not seen: the worker draws the card. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

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

  // Only this card's draw is compared: a change of another card does not re-render this one.
  const draw = useSyncExternalStore(cards.subscribe, () => cards.draw(id));
  if (!draw || !shown) return null;
  return <CardMirror id={id} draw={draw} locale={host.locale} onActivate={cards.activate} />;
}

/** The card's labels and values as text, one button per card (Enter or Space activates it). */
const CardMirror = memo(function CardMirror({
  id,
  draw,
  locale,
  onActivate,
}: {
  id: string;
  draw: CardDraw;
  locale: Locale;
  onActivate(id: string): void;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onActivate(id);
  };
  return (
    <div
      className={draw.active ? 'dash3d-card-mirror dash3d-card--active' : 'dash3d-card-mirror'}
      data-card-id={id}
      role="button"
      tabIndex={0}
      aria-roledescription={t(locale, 'widgets.card.mirror')}
      aria-current={draw.active || undefined}
      onKeyDown={onKeyDown}
      // A screen reader's activation arrives as a click.
      onClick={() => onActivate(id)}
      style={visuallyHidden}
    >
      {draw.items.length
        ? draw.items.map((item, i) => (
            <span key={i} className="dash3d-card-mirror__item">
              <span className="dash3d-card-mirror__label">{item.label}</span>
              {': '}
              <span className="dash3d-card-mirror__value">{item.value}</span>
              {i < draw.items.length - 1 ? '; ' : ''}
            </span>
          ))
        : t(locale, 'widgets.card.empty')}
    </div>
  );
});
