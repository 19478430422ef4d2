import { userEvent } from 'vitest/browser';
import { waitFor } from './harness';

/**
 * The code editors as the designer sees them (CodeMirror 6 in the DOM): the editable element named
 * by its label, the lines it shows, the line number beside a thing. CodeMirror arrives as a chunk
 * of its own, so a test first waits for it to replace the plain text box shown meanwhile.
 */

/** The editable element of the code editor named `name`, once CodeMirror has arrived. */
export const editorNamed = (name: string, root: ParentNode = document) =>
  waitFor(
    () => [...root.querySelectorAll<HTMLElement>('.cm-content[role="textbox"]')].find((e) => e.getAttribute('aria-label') === name),
    `the code editor "${name}"`,
  );

/** The whole editor (gutters, panels, text) around its editable element. */
export const editorAround = (content: Element) => content.closest<HTMLElement>('.cm-editor')!;

/** The text of the lines the editor shows, top to bottom (short texts: CodeMirror draws what is in view). */
export const shownText = (content: Element) => [...content.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n');

/** The number the line-number gutter shows level with `el` (its vertical centre), or null. */
export function lineNumberBeside(content: Element, el: Element): number | null {
  const r = el.getBoundingClientRect();
  const y = (r.top + r.bottom) / 2;
  for (const g of editorAround(content).querySelectorAll('.cm-lineNumbers .cm-gutterElement')) {
    const b = g.getBoundingClientRect();
    if (b.height > 0 && y >= b.top && y < b.bottom) return Number(g.textContent);
  }
  return null;
}

/** The text node holding `text` in the editor's lines: a token as drawn (its element's colour is its highlighting). */
export function tokenElement(content: Element, text: string, nth = 0): HTMLElement {
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent?.includes(text) && seen++ === nth) return n.parentElement!;
  }
  throw new Error(`no "${text}" drawn in the editor`);
}

export const colourOf = (el: Element) => getComputedStyle(el).color;

/** The labels of the completion list on screen (empty when none is open). */
export const completionLabels = () =>
  [...document.querySelectorAll('.cm-tooltip-autocomplete .cm-completionLabel')].map((e) => e.textContent);

/**
 * Chooses an option of the open completion list with the mouse. (Enter accepts too, but CodeMirror
 * ignores it for a moment after the list opens, so that fast typing then Enter stays a new line.)
 */
export async function pickCompletion(label: string) {
  const option = [...document.querySelectorAll<HTMLElement>('.cm-tooltip-autocomplete li[role="option"]')].find(
    (li) => li.querySelector('.cm-completionLabel')?.textContent === label,
  );
  if (!option) throw new Error(`no completion "${label}" on screen`);
  await userEvent.click(option);
}
