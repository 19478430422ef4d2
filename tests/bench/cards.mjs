// The data-cards part of `npm run bench` (issue 10, Benchmark), run by `--scene=cards`: 100 and 500
// data cards with values changing 10 times a second over an orbiting scene, drawn by the render
// worker (the product) and as three CSS2DRenderer labels on the main thread (the baseline), plus
// the same scene with no cards, all in the same run. Page: page/cards.tsx.
import { openBenchPage, within } from './measure.mjs';
import { medianOf } from './median.mjs';

export const CARDS_PART = 'cards';
export const CARD_COUNTS = [100, 500];
/** Every case of a round: the no-card reference, then each count in both techniques. */
export const CASES = [
  { key: 'none', mode: 'none', count: 0 },
  ...CARD_COUNTS.flatMap((count) => [
    { key: `engine-${count}`, mode: 'engine', count },
    { key: `css2d-${count}`, mode: 'css2d', count },
  ]),
];
/** Shorter windows than the scene benchmark: five cases a round must fit in about a minute and a half. */
export const CARDS_WARMUP_MS = 1500;
export const CARDS_MEASURE_MS = 3000;
export const CARDS_DEFAULT_REPEATS = 3;
const STATS_WAIT_MS = 15_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Main-thread time from Chrome's Performance domain (Performance.getMetrics, seconds, cumulative
 * for the page's main thread; workers are not counted): ScriptDuration, RecalcStyleDuration,
 * LayoutDuration and TaskDuration (every main-thread task in full: the three before plus paint,
 * compositing commit, message dispatch, GC outside script...). Chrome reports no paint duration
 * of its own here, so paint is in `task` only.
 */
async function mainClock(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => {
    const m = metrics.find((x) => x.name === name);
    if (!m) throw new Error(`Chrome reported no ${name} metric`);
    return m.value * 1000;
  };
  return {
    at: get('Timestamp'),
    script: get('ScriptDuration'),
    style: get('RecalcStyleDuration'),
    layout: get('LayoutDuration'),
    task: get('TaskDuration'),
  };
}

export async function measureCardsOnce(browser, cardsUrl, { mode, count, warmupMs, measureMs, log }) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  const name = `cards/${mode}${mode === 'none' ? '' : `-${count}`}`;
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${cardsUrl}?mode=${mode}&count=${count}`);
    await within(
      120_000,
      'the page to get ready',
      page.evaluate(() => window.__benchCards.ready),
    ).catch((err) => {
      throw new Error(`${name}: the page did not get ready: ${err.message}\n${pageErrors.join('\n')}`);
    });

    // A worker flooded with card updates answers stats() only after its backlog of messages: past
    // STATS_WAIT_MS that is a result (no frame, no answer), not a failure of the run.
    const askStats = () =>
      within(
        STATS_WAIT_MS,
        'frame statistics',
        page.evaluate((w) => window.__benchCards.stats(w), measureMs),
      ).catch((err) => {
        if (!/timed out/.test(err.message)) throw err;
        log(`  ${name}: the worker did not answer stats() within ${STATS_WAIT_MS} ms`);
        return null;
      });
    const measureWindow = async () => {
      await sleep(warmupMs);
      const s0 = await askStats();
      const before = await mainClock(cdp);
      await sleep(measureMs);
      const s = await askStats();
      const after = await mainClock(cdp);
      const perSec = (k) => ((after[k] - before[k]) * 1000) / (after.at - before.at);
      const w = s?.worker;
      return {
        answered: w ? 1 : 0,
        workerFps: w ? (w.windowFrames * 1000) / w.windowMs : 0,
        // No frame in the window: the gap is at least the window.
        workerGapMs: w ? (w.windowFrames ? w.longestGapMs : w.windowMs) : null,
        labelFps: s?.labels ? (s.labels.windowFrames * 1000) / s.labels.windowMs : null,
        labelGapMs: s?.labels ? s.labels.longestGapMs : null,
        scriptMsPerSec: perSec('script'),
        styleLayoutMsPerSec: perSec('style') + perSec('layout'),
        taskMsPerSec: perSec('task'),
        cardsHeld: w ? w.cards.total : null,
        // Card textures the worker drew per second: proves the value changes reached it.
        cardRedrawsPerSec: w && s0 ? ((w.cards.textureDraws - s0.worker.cards.textureDraws) * 1000) / (after.at - before.at) : null,
      };
    };

    const idle = await measureWindow();
    // An on-demand loop that stopped would look like a fast scene: the no-card reference must draw.
    // With cards a low rate is a result (the worker busy drawing card textures), reported as such.
    if (mode === 'none' && idle.workerFps < 1)
      throw new Error(`${name}: the worker drew ${idle.workerFps.toFixed(1)} fps: the scene is not drawing continuously`);
    if (mode === 'engine' && idle.answered && idle.cardsHeld !== count)
      throw new Error(`${name}: the worker holds ${idle.cardsHeld} cards, not ${count}`);
    await page.evaluate(() => window.__benchCards.busy(true));
    const busy = await measureWindow();
    const problems = await within(
      30_000,
      'the error list',
      page.evaluate(() => window.__benchCards.problems()),
    );
    if (problems.length) throw new Error(`${name}: ${problems.join('; ')}`);
    log(
      `  ${name}: main thread ${idle.taskMsPerSec.toFixed(0)} ms/s (script ${idle.scriptMsPerSec.toFixed(0)}, style+layout ${idle.styleLayoutMsPerSec.toFixed(0)}), ` +
        `worker ${idle.workerFps.toFixed(1)} fps idle, ${busy.workerFps.toFixed(1)} busy, gap ${busy.workerGapMs?.toFixed(0) ?? 'no answer'} ms` +
        (idle.labelFps === null ? '' : `; labels ${idle.labelFps.toFixed(1)} fps idle, ${busy.labelFps.toFixed(1)} busy`) +
        (mode === 'engine' ? `; ${idle.cardRedrawsPerSec?.toFixed(0) ?? '?'} card redraws/s` : ''),
    );
    return { idle, busy };
  } finally {
    await context.close();
  }
}

/** Every case `repeats` times, the order reversed every other round; medians per figure. */
export async function runCardsBench(
  browser,
  cardsUrl,
  { repeats, warmupMs = CARDS_WARMUP_MS, measureMs = CARDS_MEASURE_MS, log, afterRun = () => {} },
) {
  const runs = Object.fromEntries(CASES.map((c) => [c.key, []]));
  for (let r = 0; r < repeats; r++) {
    log(`[bench] cards, round ${r + 1} of ${repeats}`);
    for (const c of r % 2 ? [...CASES].reverse() : CASES) {
      runs[c.key].push(await measureCardsOnce(browser, cardsUrl, { ...c, warmupMs, measureMs, log }));
      afterRun();
    }
  }
  const cases = CASES.map((c) => ({
    ...c,
    idle: medianOf(runs[c.key].map((x) => x.idle)),
    busy: medianOf(runs[c.key].map((x) => x.busy)),
  }));
  return { cases, runs, repeats, warmupMs, measureMs };
}
