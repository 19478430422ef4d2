import { existsSync } from 'node:fs';

/** The browsers this project drives besides Chromium (tests/e2e). */
export const BROWSERS = ['firefox', 'webkit'] as const;
export type BrowserName = (typeof BROWSERS)[number];

/** Debian's Firefox ESR: WebDriver BiDi built in, so no geckodriver (none installs here). */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** webkit2gtk-driver's WebDriver server; it starts the MiniBrowser below. */
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
/** libwebkit2gtk-4.1-0 ships it (webkit2gtk-driver depends on that), under the machine's multiarch folder. */
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ??
  ['x86_64-linux-gnu', 'aarch64-linux-gnu'].map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`).find((p) => existsSync(p)) ??
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** Both browsers need a display: headless Firefox has no WebGL here, and MiniBrowser has no headless mode. */
export const XVFB = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** The Debian package that brings each binary, beside its path when it is missing. */
const need = (path: string, pkg: string) => (existsSync(path) ? [] : [{ path, pkg }]);

/**
 * Why a browser cannot run here, or null when it can: a missing binary is named with the Debian
 * package that brings it, so the project fails with what to install rather than hanging (a
 * WebKitWebDriver without its MiniBrowser, or without a display, waits for ever).
 */
export function missingFor(name: BrowserName): string | null {
  const missing = [
    ...need(XVFB, 'xvfb'),
    ...(name === 'firefox'
      ? need(FIREFOX, 'firefox-esr')
      : [...need(WEBKIT_DRIVER, 'webkit2gtk-driver'), ...need(MINIBROWSER, 'webkit2gtk-driver')]),
  ];
  if (!missing.length) return null;
  const what = missing.map((m) => `${m.path} (Debian package ${m.pkg})`).join(', ');
  return `${name} cannot run: missing ${what}. Install with: apt-get install ${[...new Set(missing.map((m) => m.pkg))].join(' ')}`;
}
