import type { CardBoxStyle } from '../../../shared/overlays';

/**
 * Fonts and text fitting for card drawing. The font family comes from the host theme's computed
 * style, so it is checked before it reaches the 2D context; Chinese falls back to a CJK system font
 * (WenQuanYi Micro Hei where installed), nothing is fetched.
 */

const FAMILY = /^[\w\s,"'.-]{1,200}$/u;
const WEIGHT = /^(normal|bold|bolder|lighter|[1-9]00)$/;
const FALLBACK = '"WenQuanYi Micro Hei", "Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC", sans-serif';

/** The CSS font shorthand for a theme box, with CJK fallbacks after the theme's own families. */
export function fontOf(style: CardBoxStyle, weight?: string): string {
  const family = FAMILY.test(style.fontFamily) ? `${style.fontFamily}, ${FALLBACK}` : FALLBACK;
  const w = weight ?? (WEIGHT.test(style.fontWeight) ? style.fontWeight : 'normal');
  return `${w} ${style.fontSize}px ${family}`;
}

/**
 * `text` cut to fit `width` CSS px in the context's current font, ending in an ellipsis when cut
 * (the DOM card's text-overflow: ellipsis). Binary search on the cut: measureText is the cost.
 */
export function fitText(g: OffscreenCanvasRenderingContext2D, text: string, width: number): string {
  if (width <= 0) return '';
  if (g.measureText(text).width <= width) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (g.measureText(chars.slice(0, mid).join('') + '…').width <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? chars.slice(0, lo).join('') + '…' : '';
}
