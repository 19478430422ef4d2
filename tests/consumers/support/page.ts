import { gzipSync } from 'node:zlib';
import { type Browser, type Page } from 'playwright';
import { expect } from 'vitest';

import { launchChromium as launch } from '../../chromium-gl';

/** The consumer pages' Chromium, drawing with the run's rasteriser (tests/chromium-gl.ts). */
export const launchChromium = () => launch({ runGl: true });

/** A string every copy of three.js carries, minified or not (its renderer's log prefix). */
export const THREE_MARKER = /THREE\.WebGLRenderer/;

/** What the page, its workers and the network did while a test drove it. */
export interface Watched {
  page: Page;
  origin: string;
  /** Console errors (page and workers) and uncaught errors. */
  errors: string[];
  /** dash3d's own warnings in the console (a model's, a texture left out). */
  warnings: string[];
  /** Responses of 400 and above, and requests that failed. */
  failures: string[];
  /** Requests to another origin (inline data: and blob: are not requests). */
  offOrigin: string[];
  /** Every URL requested, workers' included where the browser reports them to the page. */
  requests: string[];
  /** The script URL of every worker started. */
  workers: string[];
  /** Every script the main thread's JavaScript engine parsed (DevTools' Debugger.scriptParsed): its id and URL. */
  mainScripts: { id: string; url: string }[];
  /** The source of one of those scripts. */
  sourceOf(id: string): Promise<string>;
}

/**
 * Records, in the page, when the first space reports its first frame (data-state="ready", which the
 * engine sets once it has drawn with nothing pending), on the page's own clock: as the benchmark's
 * consumer part does (tests/bench/consumer.mjs).
 */
const FIRST_FRAME_PROBE = () => {
  const w = window as unknown as { __firstFrameAt: number | null };
  w.__firstFrameAt = null;
  const seen = () => {
    if (w.__firstFrameAt === null && document.querySelector('.dash3d-space[data-state="ready"]')) w.__firstFrameAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
};

/** Opens `url` in a new context, watched; `init` runs in the page before its own scripts (a test's stand-in for another browser). */
export async function openHost(browser: Browser, url: string, init?: () => void): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // On the page, not the context: a context's init script runs in the new page's about:blank too,
  // a script the debugger would then list and no longer find after the navigation.
  await page.addInitScript(FIRST_FRAME_PROBE);
  if (init) await page.addInitScript(init);
  const origin = new URL(url).origin;
  // The page's own V8 only: workers are other targets, whose scripts never reach this session.
  const cdp = await context.newCDPSession(page);
  const mainScripts: Watched['mainScripts'] = [];
  cdp.on('Debugger.scriptParsed', (e) => void mainScripts.push({ id: e.scriptId, url: e.url }));
  await cdp.send('Debugger.enable');
  const sourceOf = async (id: string) => (await cdp.send('Debugger.getScriptSource', { scriptId: id })).scriptSource;
  const w: Watched = {
    page,
    origin,
    errors: [],
    warnings: [],
    failures: [],
    offOrigin: [],
    requests: [],
    workers: [],
    mainScripts,
    sourceOf,
  };
  page.on('pageerror', (e) => w.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') w.errors.push(`console: ${m.text()}`);
    else if (m.type() === 'warning' && m.text().startsWith('[dash3d]')) w.warnings.push(m.text());
  });
  page.on('worker', (worker) => {
    w.workers.push(worker.url());
    worker.on('console', (m) => void (m.type() === 'error' && w.errors.push(`worker console: ${m.text()}`)));
  });
  page.on('request', (r) => {
    w.requests.push(r.url());
    if (!/^(data|blob):/.test(r.url()) && new URL(r.url()).origin !== origin) w.offOrigin.push(r.url());
  });
  page.on('response', (r) => void (r.status() >= 400 && w.failures.push(`${r.status()} ${r.url()}`)));
  page.on('requestfailed', (r) => w.failures.push(`failed ${r.url()}: ${r.failure()?.errorText}`));
  await page.goto(url);
  return w;
}

/**
 * Polls the expression `expr` in the page until it answers truthy; fails naming `what`. Evaluated
 * through the DevTools protocol, not by the page: the page's Content Security Policy (no eval)
 * stays in force for everything else.
 */
export async function until<T>(page: Page, what: string, expr: string, timeout = 90_000): Promise<T> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await page.evaluate(expr);
      if (value) return value as T;
      last = value;
    } catch (err) {
      last = err instanceof Error ? err.message.split('\n')[0] : err;
    }
    if (Date.now() > end) throw new Error(`waiting for ${what}: still ${String(last)} after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * In-page helpers over the engine's readPixels (RGBA rows): `keep(name, frame)`, `changed(a, b)`
 * the share of pixels that differ by more than 16 in a channel, `spread(frame)` the share that
 * differ so from the first pixel (0 for a blank or uniform canvas).
 */
const PIXEL_HELPERS = `(() => {
  const frames = (window.__frames ??= {});
  const diff = (a, b, i) => Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
  window.__px = {
    keep: (name, f) => (frames[name] = f.data),
    changed(a, b) {
      const x = frames[a], y = frames[b];
      if (!x || !y || x.length !== y.length) return 1;
      let n = 0;
      for (let i = 0; i < x.length; i += 4) if (diff(x, y, i) > 16) n++;
      return n / (x.length / 4);
    },
    spread(name) {
      const x = frames[name];
      let n = 0;
      for (let i = 0; i < x.length; i += 4) if (Math.max(Math.abs(x[i] - x[0]), Math.abs(x[i + 1] - x[1]), Math.abs(x[i + 2] - x[2])) > 16) n++;
      return n / (x.length / 4);
    },
  };
})()`;

/** Reads the space's pixels into the page's store under `name`. */
export async function keepFrame(page: Page, name: string, from = 'window.consumer.space'): Promise<void> {
  await page.evaluate(PIXEL_HELPERS);
  await page.evaluate(`(async () => { window.__px.keep(${JSON.stringify(name)}, await ${from}.readPixels()); })()`);
}

/** Waits until the space's pixels differ from frame `before` in more than `share` of them; keeps them as `name`. */
export async function untilChanged(page: Page, before: string, name: string, what: string, share = 0.005): Promise<number> {
  return until<number>(
    page,
    what,
    `(async () => {
      window.__px.keep(${JSON.stringify(name)}, await window.consumer.space.readPixels());
      const c = window.__px.changed(${JSON.stringify(before)}, ${JSON.stringify(name)});
      return c > ${share} ? c : false;
    })()`,
  );
}

/**
 * No script the main thread evaluated carries three.js: read from the page's own JavaScript engine
 * (a module worker's imports show in the page's resource timeline, but run in the worker).
 * Answers the URLs of the page's scripts.
 */
export async function expectNoThreeOnMainThread(w: Watched): Promise<string[]> {
  const withThree: string[] = [];
  for (const s of [...w.mainScripts]) if (THREE_MARKER.test(await w.sourceOf(s.id))) withThree.push(s.url || `(inline script ${s.id})`);
  expect(withThree).toEqual([]);
  const urls = [...new Set(w.mainScripts.map((s) => s.url).filter((u) => u.startsWith(w.origin)))];
  expect(urls.length).toBeGreaterThan(0);
  return urls;
}

/** What every host check ends with: nothing went wrong that a user or an operator would see. */
export function expectClean(w: Watched): void {
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  expect(w.failures).toEqual([]);
  expect(w.offOrigin).toEqual([]);
}

/** One main-thread script of a page, weighed. */
export interface Weighed {
  url: string;
  /** Its source, gzip -9. */
  gzip: number;
  /** It carries antd (its icons' class, as checkViewer finds it). */
  antd: boolean;
}

/**
 * The page's own-origin scripts its main thread parsed whose files had arrived before the space's
 * first frame (after the page drew), each weighed as gzip -9 of its source: what the benchmark's
 * consumer part weighs (tests/bench/consumer.mjs).
 */
export async function mainThreadBeforeFirstFrame(w: Watched): Promise<{ gzipBytes: number; scripts: Weighed[] }> {
  const first = await w.page.evaluate<number | null>('window.__firstFrameAt');
  expect(first, 'the first frame, as the page saw it').not.toBeNull();
  return mainThreadScripts(w, first!);
}

/**
 * The page's own-origin scripts its main thread parsed whose files had arrived by `until` (on the
 * page's clock; all of them without it), each weighed as gzip -9 of its source.
 */
export async function mainThreadScripts(w: Watched, until = Infinity): Promise<{ gzipBytes: number; scripts: Weighed[] }> {
  const arrived = new Map(
    await w.page.evaluate<[string, number][]>(`performance.getEntriesByType('resource').map((e) => [e.name.split('#')[0], e.responseEnd])`),
  );
  const scripts: Weighed[] = [];
  for (const s of w.mainScripts) {
    if (!s.url.startsWith(w.origin)) continue;
    const at = arrived.get(s.url.split('#')[0]!);
    if (at !== undefined && at > until) continue;
    const src = await w.sourceOf(s.id);
    scripts.push({ url: new URL(s.url).pathname, gzip: gzipSync(src, { level: 9 }).length, antd: /\banticon\b/.test(src) });
  }
  return { gzipBytes: scripts.reduce((n, s) => n + s.gzip, 0), scripts };
}
