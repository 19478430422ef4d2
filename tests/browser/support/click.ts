// Not in harness.tsx: that one is also loaded by pages outside Vitest's browser mode (the Firefox
// harness pages, tests/browsers/harness/), where importing 'vitest/browser' throws.
import { userEvent } from 'vitest/browser';
import { waitFor } from './harness';

/** rc-motion's classes while a dialog or dropdown comes or goes ('ant-zoom-appear', '...-appear-active'). */
const MOTION_CLASS = /-(appear|enter|leave)(-(prepare|start|active))?$/;

/**
 * Click `el` as a user does: once it stands still. antd's dialogs zoom in and its dropdowns slide
 * in. A CI run clicked a question's button as it appeared and the question never closed, most
 * likely a click that missed the moving button on a loaded machine. Still means: no running
 * animation on it or around it, and no rc-motion class left on it or its ancestors (for a frame or
 * two before its animation starts, the element already stands scaled down, with no animation yet).
 */
export async function clickSteady(el: Element, options?: Parameters<typeof userEvent.click>[1]) {
  const moving = () => {
    for (let e: Element | null = el; e; e = e.parentElement) if ([...e.classList].some((c) => MOTION_CLASS.test(c))) return true;
    return document.getAnimations().some((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return a.playState === 'running' && target instanceof Element && (target === el || target.contains(el));
    });
  };
  await waitFor(() => !moving(), 'it to stand still');
  await userEvent.click(el, options);
}
