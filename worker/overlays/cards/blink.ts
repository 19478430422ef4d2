import type { CardNode } from './card';
import { onMotionChange, reducedMotion } from '../../engine/motion';

/**
 * Cards in a level that blinks (levelConfig.levels[].blink): each goes between its level's colour
 * and its plain look every half period, counted from when it entered the level, so a part the same
 * level tints (a model rule started at the same moment, space/card-tints.ts) blinks with it.
 * Render on demand: one timer for all, set to the next toggle of any of them; a toggle repaints
 * only the cards that toggled and asks for one frame. No blinking card, no timer. While motion is
 * reduced (engine/motion.ts) the cards stay lit in their level's colour, and no timer runs.
 */
export function createCardBlink(repaint: (card: CardNode) => void, invalidate: () => void) {
  const blinking = new Set<CardNode>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const tick = () => {
    timer = null;
    const now = performance.now();
    const steady = reducedMotion();
    let next = Infinity;
    let toggled = false;
    for (const card of blinking) {
      const half = card.input.alarm!.blinkMs / 2;
      const phase = Math.floor((now - card.blinkSince) / half);
      // While motion is reduced a blinking level stays lit: its colour without the flashing.
      const off = !steady && phase % 2 === 1;
      if (off !== card.blinkOff) {
        card.blinkOff = off;
        repaint(card);
        toggled = true;
      }
      if (!steady) next = Math.min(next, card.blinkSince + (phase + 1) * half);
    }
    if (toggled) invalidate();
    if (next !== Infinity) timer = setTimeout(tick, Math.max(1, next - now + 1));
  };

  // Motion reduced or back: every blinking card is set again at once (lit, or on its phase).
  const offMotion = onMotionChange(() => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (blinking.size) tick();
  });

  return {
    /**
     * A card's input changed: it blinks from when it entered a blinking level. Called for every new
     * value (thousands a second on a big dashboard): the timer is set again only when this card
     * entered a level or started or stopped blinking, not for a value that left it where it was.
     */
    track(card: CardNode, was: CardNode['input'] | null) {
      const level = card.input.alarm;
      const entered = level !== (was?.alarm ?? null);
      if (entered) {
        card.blinkSince = performance.now();
        card.blinkOff = false;
      }
      const blinks = level?.blink === true;
      if (blinks === blinking.has(card) && !entered) return;
      if (blinks) blinking.add(card);
      else {
        blinking.delete(card);
        card.blinkOff = false;
      }
      if (timer !== null) clearTimeout(timer);
      timer = null;
      if (blinking.size) tick();
    },
    forget(card: CardNode) {
      blinking.delete(card);
      if (blinking.size === 0 && timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
    },
    dispose() {
      offMotion();
      blinking.clear();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
