import { newSession, SESSION_KEY } from '../../e2e/support/browser';
import type { BrowserName } from './binaries';

export interface Point {
  x: number;
  y: number;
}

export type Key = 'Enter' | 'Escape' | 'SelectAll' | 'Tab' | 'ArrowLeft' | 'ShiftArrowRight' | 'Plus' | 'PageDown' | 'Home';
/** Keys a walker holds down, by KeyboardEvent.code (what the engine's controls read). */
export type HeldKey = 'KeyW' | 'KeyS';

/**
 * What the flows need from a browser, in page CSS pixels: one tab, driven the way a user would
 * (real pointer and keyboard input), read back as a user sees it (a PNG of the viewport) or
 * through the page itself (evaluate). Firefox speaks WebDriver BiDi (puppeteer-core), WebKitGTK only
 * classic WebDriver (selenium-webdriver): each adapter maps these onto its protocol, so every flow
 * is written once.
 */
export interface BrowserPage {
  readonly name: BrowserName;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  /**
   * Runs `fn` in the page and answers its (awaited) result. `fn` is sent as source text: it must use
   * nothing from the test's scope, only its argument (JSON) and the page's globals.
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** The viewport as the screen shows it, PNG. */
  screenshot(): Promise<Uint8Array>;
  move(to: Point): Promise<void>;
  down(): Promise<void>;
  up(): Promise<void>;
  click(at: Point): Promise<void>;
  /** Key presses for each character, into whatever has focus. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Holds `key` down for `ms`, then lets it go (a walker's W). */
  hold(key: HeldKey, ms: number): Promise<void>;
  /** One turn of the wheel at `at`: negative `deltaY` away from the user (zoom in). */
  wheel(at: Point, deltaY: number): Promise<void>;
  /** Chooses files (paths on this machine) in the file input matching `selector`, as a file dialog would. */
  setFiles(selector: string, paths: readonly string[]): Promise<void>;
  /** Errors the page reported (uncaught, unhandled rejections, console.error), oldest first. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/** Wide enough for palette + a 1000x600 space + the settings panel side by side (as tests/e2e). */
export const VIEWPORT = { width: 1700, height: 1000 };

export async function launch(name: BrowserName, display: string): Promise<BrowserPage> {
  // Imported on demand: a file's Firefox half need not load selenium, nor its WebKit half puppeteer.
  if (name === 'firefox') return (await import('./firefox')).launchFirefox(display);
  return (await import('./webkit')).launchWebKit(display);
}

/**
 * Opens `path` of the playground signed in, as the sign-in link leaves a tab: a session traded for
 * the test token (POST /api/session) is put in the tab's sessionStorage on a page of the same origin
 * first (WebKit's classic WebDriver has no script that runs before a page's own), then the page loads.
 */
export async function openSignedIn(page: BrowserPage, base: string, path: string) {
  const token = await newSession(base);
  await page.goto(`${base}/robots.txt`);
  await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), { key: SESSION_KEY, value: token });
  await page.goto(base + path);
}

/** Collects the page's errors from inside it; for a driver whose protocol does not forward them (WebKit). */
export function installErrorHook() {
  const w = window as unknown as { __browsersErrors?: string[] };
  if (w.__browsersErrors) return;
  const seen: string[] = (w.__browsersErrors = []);
  addEventListener('error', (e) => seen.push(`pageerror: ${e.message}`));
  addEventListener('unhandledrejection', (e) => seen.push(`unhandledrejection: ${String(e.reason)}`));
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    seen.push(`console: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`);
    original(...args);
  };
}
