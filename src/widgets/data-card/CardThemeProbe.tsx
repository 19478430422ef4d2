import { useEffectEvent, useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { CardTheme } from '../../../shared/overlays';
import { CARD_ACTIVE_BODY_SELECTOR, CARD_BODY_SELECTOR, CARD_DATA_ITEM_SELECTOR } from '../../../shared/schema/card';
import { readCardTheme, sameTheme } from './cardTheme';
import { PackageStyle } from '../../host/PackageStyle';
import { CARD_CSS } from './cardCss';

/** Out of sight and out of the way, but laid out (display:none would compute no styles worth reading). */
const hidden: CSSProperties = {
  position: 'absolute',
  left: 0,
  top: 0,
  width: 0,
  height: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
};

/** '.a.b' -> 'a b': the probes carry exactly the selectors' classes, so the two cannot drift. */
const classesOf = (selector: string) => selector.split('.').filter(Boolean).join(' ');

/**
 * The host theme's card look, for the render worker: hidden elements carrying the theme selectors'
 * classes (shared/schema/card.ts) sit inside the space, so rules scoped to the dashboard apply to
 * them too, and their computed styles are the CardTheme. Read when mounted and again when the
 * page's styles may have changed: a <style> or <link> added, removed or edited in <head>, a
 * stylesheet finishing loading, a class, style or data-theme change on <html>, <body> or any
 * element around the space (a dashboard's theme switch is often a class on its own wrapper), the
 * colour scheme. At most once per frame, and `onTheme` only hears of a theme that differs.
 */
export function CardThemeProbe({ onTheme }: { onTheme(theme: CardTheme): void }) {
  const body = useRef<HTMLDivElement>(null);
  const active = useRef<HTMLDivElement>(null);
  const item = useRef<HTMLDivElement>(null);
  const report = useEffectEvent((theme: CardTheme) => onTheme(theme));

  useLayoutEffect(() => {
    let last: CardTheme | null = null;
    let frame = 0;
    const read = () => {
      frame = 0;
      if (!body.current || !active.current || !item.current) return;
      const next = readCardTheme({ body: body.current, activeBody: active.current, item: item.current });
      if (last && sameTheme(last, next)) return;
      last = next;
      report(next);
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    const observer = new MutationObserver(soon);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true, attributes: true });
    observer.observe(document.documentElement, { attributes: true });
    observer.observe(document.body, { attributes: true });
    // The elements between <body> and the probes, as they are now (a space is not re-parented
    // while mounted): only the attributes that switch themes, since widgets' style attributes
    // change on every drag.
    const around = { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] };
    for (let el = body.current?.parentElement?.parentElement; el && el !== document.body; el = el.parentElement)
      observer.observe(el, around);
    // A <link> counts once its sheet arrived; load does not bubble, so listen while it captures.
    document.addEventListener('load', soon, true);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', soon);
    return () => {
      observer.disconnect();
      document.removeEventListener('load', soon, true);
      scheme.removeEventListener('change', soon);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div className="dash3d-card-probes" aria-hidden="true" style={hidden}>
      <PackageStyle name="card" css={CARD_CSS} />
      <div ref={body} className={classesOf(CARD_BODY_SELECTOR)}>
        <div ref={item} className={classesOf(CARD_DATA_ITEM_SELECTOR)} />
      </div>
      <div ref={active} className={classesOf(CARD_ACTIVE_BODY_SELECTOR)} />
    </div>
  );
}
