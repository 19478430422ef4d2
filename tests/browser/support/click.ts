// Not in harness.tsx: that one is also loaded by pages outside Vitest's browser mode (the Firefox
// harness pages, tests/browsers/harness/), where importing 'vitest/browser' throws.
import { userEvent } from 'vitest/browser';
import { waitFor } from './harness';

/**
 * Click `el` as a user does: once it stands still. antd's dialogs zoom in and its dropdowns slide
 * in; a click sent during that is aimed where the element was a moment before, and on a loaded
 * machine it once landed beside the button (a CI run: the question never closed).
 */
export async function clickSteady(el: Element, options?: Parameters<typeof userEvent.click>[1]) {
  const moving = () =>
    document.getAnimations().some((a) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      return a.playState === 'running' && target instanceof Element && (target === el || target.contains(el));
    });
  await waitFor(() => !moving(), 'it to stand still');
  await userEvent.click(el, options);
}
