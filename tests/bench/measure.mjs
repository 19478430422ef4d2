import { chromium } from 'playwright';
import { cpuBetween, cpuLine, sampleCpu } from './cpu.mjs';

/** TOOLCHAIN.md: Playwright's default flags give WebGL2 through SwiftShader, workers included. */
const LAUNCH_ARGS = ['--disable-background-networking', '--disable-component-update', '--no-first-run'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Playwright's evaluate waits forever by default: a wedged page must fail the run, not hang it. */
export async function within(ms, what, promise) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export async function launchBrowser() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, headless: true, args: LAUNCH_ARGS });
  return { browser, version: browser.version() };
}

/** Main-thread script time in ms and the renderer's own clock in ms, from Chrome's Performance domain. */
async function scriptClock(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => {
    const m = metrics.find((x) => x.name === name);
    if (!m) throw new Error(`Chrome reported no ${name} metric`);
    return m.value * 1000;
  };
  return { script: get('ScriptDuration'), at: get('Timestamp') };
}

/**
 * One run of one scene in one host: load the page, wait for the first settled frame, then measure
 * a window with an idle main thread and a window with a busy one. Frame counts and gaps come from
 * the engine (`stats(windowMs)` counts frames drawn in the last windowMs wherever the engine
 * runs), so a blocked main thread cannot shift the window it is measured over.
 */
/**
 * A fresh browser context (empty HTTP cache) with one page, the same size for every benchmark (a
 * tablet's for the touch part), and the page's errors collected for failure messages. The caller
 * closes the context.
 */
export async function openBenchPage(browser, contextOptions = { viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 }) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text());
  });
  return { context, page, pageErrors };
}

export async function measureOnce(browser, url, { scene, mode, resolution = 'auto', targetFps, warmupMs, measureMs, log }) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    const fps = targetFps ? `&fps=${targetFps}` : '';
    await page.goto(`${url}?scene=${encodeURIComponent(scene)}&mode=${mode}&resolution=${resolution}${fps}`);
    const info = await within(
      120_000,
      'the page to get ready',
      page.evaluate(() => window.__bench.ready),
    ).catch((err) => {
      throw new Error(`${scene}/${mode}: the page did not get ready: ${err.message}\n${pageErrors.join('\n')}`);
    });
    if (info.mode !== mode) throw new Error(`${scene}: asked for the ${mode} host, the space runs in ${info.mode}`);

    const measureWindow = async () => {
      await sleep(warmupMs);
      const before = await scriptClock(cdp);
      const cpuBefore = sampleCpu();
      await sleep(measureMs);
      const cpu = cpuBetween(cpuBefore, sampleCpu());
      const stats = await within(
        30_000,
        'frame statistics',
        page.evaluate((w) => window.__bench.stats(w), measureMs),
      );
      const after = await scriptClock(cdp);
      const fps = (stats.windowFrames * 1000) / stats.windowMs;
      const scriptMsPerSec = ((after.script - before.script) * 1000) / (after.at - before.at);
      return {
        fps,
        longestGapMs: stats.longestGapMs,
        scriptMsPerSec,
        frames: stats.windowFrames,
        scale: stats.resolution.scale,
        cpu,
        vsyncs: vsyncLine(stats.windowGapsMs),
        // Gaps longer than one and a half display intervals: frames that missed their tick.
        missed: stats.windowGapsMs.length
          ? stats.windowGapsMs.filter((g) => g > 1.5 * DISPLAY_INTERVAL_MS).length / stats.windowGapsMs.length
          : 0,
      };
    };

    const idle = await measureWindow();
    // An on-demand loop that stopped drawing would look like a fast idle scene: refuse to report it.
    if (idle.frames < measureMs / 1000) {
      throw new Error(`${scene}/${mode}: only ${idle.frames} frames in ${measureMs} ms: the scene is not drawing continuously`);
    }
    await page.evaluate(() => window.__bench.busy(true));
    const busy = await measureWindow();
    const problems = await within(
      30_000,
      'the error list',
      page.evaluate(() => window.__bench.problems()),
    );
    if (problems.length) throw new Error(`${scene}/${mode}: ${problems.join('; ')}`);
    log(
      `  ${scene}/${mode}/${resolution}${targetFps ? `@${targetFps}` : ''}: idle ${idle.fps.toFixed(1)} fps, busy ${busy.fps.toFixed(1)} fps, ` +
        `gap ${busy.longestGapMs.toFixed(0)} ms, script ${idle.scriptMsPerSec.toFixed(0)} ms/s, scale ${idle.scale} / ${busy.scale}\n` +
        `    idle ${cpuLine(idle.cpu)}\n    busy ${cpuLine(busy.cpu)}\n` +
        `    frame gaps in display intervals (16.7 ms), idle: ${idle.vsyncs}; busy: ${busy.vsyncs}`,
    );
    const metrics = {
      fpsIdle: idle.fps,
      fpsBusy: busy.fps,
      longestGapBusyMs: busy.longestGapMs,
      mainThreadScriptMsPerSec: idle.scriptMsPerSec,
      // The render scale adaptive resolution had chosen at the end of each window (1: full).
      scaleIdle: idle.scale,
      scaleBusy: busy.scale,
      // Where the cores went (cpu.mjs): all of Chromium, and the GPU process alone (SwiftShader).
      cpuIdleMsPerSec: (idle.cpu.totalMs * 1000) / idle.cpu.wallMs,
      cpuBusyMsPerSec: (busy.cpu.totalMs * 1000) / busy.cpu.wallMs,
      gpuIdleMsPerSec: gpuShare(idle.cpu),
      gpuBusyMsPerSec: gpuShare(busy.cpu),
      missedShareIdle: idle.missed,
    };
    return { description: info.description, metrics };
  } finally {
    await context.close();
  }
}

/** The display's frame interval (60 Hz, headless Chromium's). */
const DISPLAY_INTERVAL_MS = 1000 / 60;

/** CPU ms per second of the GPU process's threads (SwiftShader rasterises there). */
const gpuShare = (cpu) => (cpu.threads.filter((t) => t.name.startsWith('gpu-process')).reduce((a, t) => a + t.ms, 0) * 1000) / cpu.wallMs;

/**
 * The window's last frame gaps counted by how many display intervals each spans ("1: 80, 2: 40"):
 * a frame clock paced by the display shows whole multiples; a frame that missed its tick, 2 and more.
 */
function vsyncLine(gaps) {
  const counts = new Map();
  for (const g of gaps) {
    const n = Math.max(1, Math.round(g / DISPLAY_INTERVAL_MS));
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([n, c]) => `${n}: ${c}`)
    .join(', ');
}
