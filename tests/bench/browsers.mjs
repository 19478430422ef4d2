// The browsers part of `npm run bench` (issue 30 §7): the light scene's idle and busy frame rate
// and one model's first frame, in Chromium, Firefox ESR and WebKitGTK, each as the product runs
// there (in a render worker, or on the main thread where the browser's workers cannot draw) against
// the same engine forced onto the main thread in the same browser. No figure is a goal: the rows
// show where each browser stands. See docs/benchmarks.md.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { launchBrowser, within } from './measure.mjs';
import { median } from './median.mjs';

export const BROWSERS_PART = 'browsers';
/** Three rounds unless --repeats says otherwise: each round starts every page once per browser. */
export const BROWSERS_DEFAULT_REPEATS = 3;
/** A small glTF that every browser loads within seconds (the model part measures the others). */
export const BROWSERS_MODEL = 'cturtle';
const SCENE = 'light';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The browsers project's drivers (tests/browsers/support, TypeScript), imported through Vite's
 * module runner. Each launcher by its own file: the runner is closed once runnerImport returns, so
 * driver.ts's own lazy import of them would fail here.
 */
async function drivers() {
  const load = async (file) => (await runnerImport(join(projectRoot, 'tests/browsers/support', file))).module;
  const [firefox, webkit, binaries, xvfb] = await Promise.all([
    load('firefox.ts'),
    load('webkit.ts'),
    load('binaries.ts'),
    load('xvfb.ts'),
  ]);
  const launch = (name, display) => (name === 'firefox' ? firefox.launchFirefox(display) : webkit.launchWebKit(display));
  return { launch, missingFor: binaries.missingFor, startXvfb: xvfb.startXvfb };
}

/** Chromium through Playwright (as the other parts), shaped like the other drivers: goto and evaluate. */
async function chromiumTab() {
  const { browser, version } = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 });
  return {
    version: `Chromium ${version}`,
    goto: (url) => page.goto(url).then(() => undefined),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    close: () => browser.close(),
  };
}

/** One scene run: ready, then an idle window and a busy one, counted by the engine wherever it runs. */
async function sceneRun(tab, url, mode, { warmupMs, measureMs }) {
  await tab.goto(`${url}?scene=${SCENE}&mode=${mode}&resolution=${mode === 'main' ? 'fixed' : 'auto'}`);
  const info = await within(
    120_000,
    'the bench page to get ready',
    tab.evaluate(() => window.__bench.ready),
  );
  // The window counts the last measureMs: it is read once that much has passed after the warm-up.
  const window_ = async () => {
    await sleep(warmupMs + measureMs);
    const s = await within(
      30_000,
      'frame statistics',
      tab.evaluate((w) => window.__bench.stats(w), measureMs),
    );
    return (s.windowFrames * 1000) / s.windowMs;
  };
  const idle = await window_();
  await tab.evaluate(() => window.__bench.busy(true));
  const busy = await window_();
  await tab.evaluate(() => window.__bench.busy(false));
  const problems = await tab.evaluate(() => window.__bench.problems());
  if (problems.length) throw new Error(`${SCENE}/${mode}: ${problems.join('; ')}`);
  return { ran: info.mode, idle, busy };
}

/** One cold model load (a fresh page; the browser's HTTP cache may hold the file from a round before). */
async function modelRun(tab, modelsUrl, mode) {
  await tab.goto(`${modelsUrl}?model=${BROWSERS_MODEL}&mode=${mode}&resolution=${mode === 'main' ? 'fixed' : 'auto'}`);
  const info = await within(
    120_000,
    'the model page to get ready',
    tab.evaluate(() => window.__benchModels.ready),
  );
  const r = await within(
    180_000,
    `${BROWSERS_MODEL} to load`,
    tab.evaluate(() => window.__benchModels.load()),
  );
  const problems = await tab.evaluate(() => window.__benchModels.problems());
  if (problems.length) throw new Error(`${BROWSERS_MODEL}/${mode}: ${problems.join('; ')}`);
  return { ran: info.mode, firstFrameMs: r.firstFrameMs };
}

/** The browser's rows: the product as it runs there ('worker' asks for it) and the main-thread baseline. */
async function measureBrowser(tab, server, opts) {
  const hosts = { product: 'worker', baseline: 'main' };
  const runs = { product: [], baseline: [] };
  for (let r = 0; r < opts.repeats; r++) {
    // Alternate which host goes first, so a slow neighbour process does not always hit the same one.
    for (const key of r % 2 ? ['baseline', 'product'] : ['product', 'baseline']) {
      const scene = await sceneRun(tab, server.url, hosts[key], opts);
      const model = await modelRun(tab, server.modelsUrl, hosts[key]);
      runs[key].push({ ...scene, firstFrameMs: model.firstFrameMs, modelRan: model.ran });
      opts.log(
        `  ${tab.version} ${key} (${scene.ran}): idle ${scene.idle.toFixed(1)} fps, busy ${scene.busy.toFixed(1)} fps, ` +
          `${BROWSERS_MODEL} first frame ${model.firstFrameMs.toFixed(0)} ms`,
      );
      opts.afterRun?.();
    }
  }
  const row = (list) => ({
    // Where the engine ran in every run ('worker', 'main', or both when a run fell back).
    ran: [...new Set(list.flatMap((x) => [x.ran, x.modelRan]))].join('+'),
    fpsIdle: median(list.map((x) => x.idle)),
    fpsBusy: median(list.map((x) => x.busy)),
    firstFrameMs: median(list.map((x) => x.firstFrameMs)),
  });
  return { browser: tab.version, product: row(runs.product), baseline: row(runs.baseline) };
}

/**
 * Every browser in turn, on the bench build already served (`server`). A browser that is not
 * installed is a row saying so, not a failed run: the other browsers' rows still mean something.
 */
export async function runBrowsersBench(server, { repeats, warmupMs, measureMs, log, afterRun }) {
  const opts = { repeats, warmupMs, measureMs, log, afterRun };
  const results = [];
  // A browser whose run fails is a row saying why: the other browsers' rows still mean something.
  const measured = (tab) =>
    measureBrowser(tab, server, opts).catch((err) => ({
      browser: tab.version,
      missing: `failed: ${String(err?.message ?? err).split('\n')[0]}`,
    }));
  const chromium = await chromiumTab();
  try {
    results.push(await measured(chromium));
  } finally {
    await chromium.close();
  }
  const { launch, missingFor, startXvfb } = await drivers();
  const display = await startXvfb();
  try {
    for (const name of ['firefox', 'webkit']) {
      const missing = missingFor(name);
      if (missing) {
        results.push({ browser: name, missing });
        continue;
      }
      const page = await launch(name, display.name);
      const version = await page.evaluate(() => navigator.userAgent, null);
      const tab = { version: browserName(name, version), goto: (u) => page.goto(u), evaluate: (fn, arg) => page.evaluate(fn, arg) };
      try {
        results.push(await measured(tab));
      } finally {
        await page.close();
      }
    }
  } finally {
    await display.stop();
  }
  return { repeats, model: BROWSERS_MODEL, scene: SCENE, results };
}

/** "Firefox ESR 153" or "WebKitGTK (Safari 605.1.15)" from the user agent. */
function browserName(name, ua) {
  if (name === 'firefox') return `Firefox ${/Firefox\/([\d.]+)/.exec(ua)?.[1] ?? ''}`.trim();
  return `WebKitGTK ${/AppleWebKit\/([\d.]+)/.exec(ua)?.[1] ?? ''}`.trim();
}
