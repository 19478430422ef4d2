/**
 * Real touch input through Chromium's input pipeline (CDP `Input.dispatchTouchEvent`, what
 * Playwright's touchscreen sends, but with several fingers): the page sees the pointer events a
 * tablet's fingers make, pointerType 'touch', one pointerId per finger, implicit capture. Several
 * fingers move in the same touchMove, as two fingers of a hand do in a pinch. Used by the
 * end-to-end tests and, through browser commands, by the browser tests (tests/browser/support/touch.ts).
 */
import type { CDPSession, Page } from 'playwright';

/** One finger, in page CSS px: where it lands and where it lifts (the same point for a tap or a long press). */
export type Finger = [fromX: number, fromY: number, toX: number, toY: number];

export interface GestureOptions {
  /** touchMove events between landing and lifting; more steps, smoother gesture. */
  steps?: number;
  /** How long the fingers rest where they landed before moving (a long press, ms). */
  holdMs?: number;
  /** Time between two moves (ms): a finger's moves come about a display frame apart. */
  stepMs?: number;
  /** 'last-first': the fingers lift one by one, the last to land first (default: all at once). */
  lift?: 'together' | 'last-first';
  /** 'apart': the fingers land one by one, `stepMs` apart, each in a touchStart of its own (default: in one). */
  land?: 'together' | 'apart';
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The page's CDP session, with touch emulation on (what Playwright's `hasTouch` sets: the page
 * is a tablet's, `navigator.maxTouchPoints` 5). One per page.
 */
export function touchSession(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = page
      .context()
      .newCDPSession(page)
      .then(async (cdp) => {
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
        return cdp;
      });
    sessions.set(page, s);
  }
  return s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fingers land together, rest holdMs, move in `steps` steps to their ends, and lift (together, or the last first). */
export async function touchGesture(
  page: Page,
  fingers: Finger[],
  { steps = 10, holdMs = 0, stepMs = 16, lift, land }: GestureOptions = {},
) {
  const cdp = await touchSession(page);
  const points = (t: number) =>
    fingers.map(([fx, fy, tx, ty], i) => ({ x: fx + (tx - fx) * t, y: fy + (ty - fy) * t, id: i + 1, radiusX: 4, radiusY: 4, force: 1 }));
  // Apart: each touchStart names the fingers down so far; Chromium makes a pointerdown for the new one.
  if (land === 'apart')
    for (let n = 1; n < fingers.length; n++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0).slice(0, n) });
      await sleep(stepMs);
    }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
  if (holdMs > 0) await sleep(holdMs);
  if (fingers.some(([fx, fy, tx, ty]) => fx !== tx || fy !== ty))
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(i / steps) });
      await sleep(stepMs);
    }
  // A touchEnd naming fingers lifts those (tried: Chromium releases the points it is given; none, all).
  if (lift === 'last-first')
    for (let n = fingers.length - 1; n > 0; n--)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [points(1)[n]!] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
