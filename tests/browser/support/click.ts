// Not in harness.tsx: that one is also loaded by pages outside Vitest's browser mode (the Firefox
// harness pages, tests/browsers/harness/), where importing 'vitest/browser' throws.
import { userEvent } from 'vitest/browser';
import { waitFor } from './harness';
import { isMoving } from './motion';

/**
 * Click `el` as a user does: once it stands still (motion.ts). antd's dialogs zoom in and its
 * dropdowns slide in. A CI run clicked a question's button as it appeared and the question never
 * closed, most likely a click that missed the moving button on a loaded machine.
 */
export async function clickSteady(el: Element, options?: Parameters<typeof userEvent.click>[1]) {
  await waitFor(() => !isMoving(el), 'it to stand still');
  await userEvent.click(el, options);
}
