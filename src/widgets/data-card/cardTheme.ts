import type { CardBoxStyle, CardTheme } from '../../../shared/overlays';

/** A CSS length as computed (e.g. '12px'); anything else (a percentage, 'normal') counts as 0. */
const px = (v: string): number => {
  const n = Number.parseFloat(v);
  return v.endsWith('px') && Number.isFinite(n) ? n : 0;
};

/** The look of one theme selector, read from an element that carries its classes. */
export function readBox(el: Element): CardBoxStyle {
  const s = getComputedStyle(el);
  return {
    background: s.backgroundColor,
    color: s.color,
    borderColor: s.borderTopColor,
    // A border of style none has no width, whatever its width property says (as CSS draws it).
    borderWidth: s.borderTopStyle === 'none' || s.borderTopStyle === 'hidden' ? 0 : px(s.borderTopWidth),
    borderRadius: px(s.borderTopLeftRadius),
    fontSize: px(s.fontSize),
    fontFamily: s.fontFamily,
    fontWeight: s.fontWeight,
    // One padding for the drawn card: the horizontal one, which decides where text starts.
    padding: px(s.paddingLeft),
  };
}

/** The probe elements a space keeps (hidden) so the host theme's rules apply to them. */
export interface CardThemeProbes {
  body: Element;
  activeBody: Element;
  item: Element;
}

export function readCardTheme(p: CardThemeProbes): CardTheme {
  return { body: readBox(p.body), activeBody: readBox(p.activeBody), item: readBox(p.item) };
}

const sameBox = (a: CardBoxStyle, b: CardBoxStyle) => (Object.keys(a) as (keyof CardBoxStyle)[]).every((k) => a[k] === b[k]);

export function sameTheme(a: CardTheme, b: CardTheme): boolean {
  return sameBox(a.body, b.body) && sameBox(a.activeBody, b.activeBody) && sameBox(a.item, b.item);
}
