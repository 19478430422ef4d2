/** The mirror element (it takes the active marks), the element its text goes in, and what it says for a card without items. */
export interface MirrorTarget {
  el: HTMLElement;
  text: HTMLElement;
  emptyText: string;
}

/** Writes one card's labels, values (as many) and active state into its mirror element. */
export type MirrorWriter = (labels: readonly string[], values: readonly string[], active: boolean) => void;

/**
 * The DOM mirror's content, written outside React: with hundreds of cards whose values change ten
 * times a second, re-rendering a component per changed card cost the main thread about half of
 * every second (500 cards, measured in the dev build). Here a change is one text node's `data`,
 * and only where the text differs. Text nodes only: a label or value is never parsed as markup.
 *
 * The elements themselves (role, tab stop, key handling, the hidden text holder) are React's; this
 * owns the text holder's children, and the active marks (the `dash3d-card--active` class and
 * aria-current) on the mirror.
 */
export function mirrorWriter({ el, text, emptyText }: MirrorTarget): MirrorWriter {
  let labels: Text[] = [];
  let values: Text[] = [];
  let active: boolean | null = null;
  // The first write builds the content whatever the element holds (a writer made for a new language).
  let built = false;

  const rebuild = (count: number) => {
    text.replaceChildren();
    labels = [];
    values = [];
    if (!count) {
      text.append(emptyText);
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
  };

  return (itemLabels, itemValues, isActive) => {
    if (!built || itemLabels.length !== labels.length) rebuild(itemLabels.length);
    built = true;
    for (let i = 0; i < itemLabels.length; i++) {
      if (labels[i]!.data !== itemLabels[i]) labels[i]!.data = itemLabels[i]!;
      if (values[i]!.data !== itemValues[i]) values[i]!.data = itemValues[i]!;
    }
    if (active !== isActive) {
      active = isActive;
      el.classList.toggle('dash3d-card--active', active);
      if (active) el.setAttribute('aria-current', 'true');
      else el.removeAttribute('aria-current');
    }
  };
}
