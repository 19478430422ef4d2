// The data-cards part of `npm run bench` (issues 10 and 18, Benchmark), run by `--scene=cards`: 100
// to 5000 data cards with values changing 10 times a second over an orbiting scene, drawn by the
// render worker through two paths (engine: CardDraws handed to the space's `cards` prop; host: the
// plug-in's space widget with data-card child widgets bound to host variables written through
// `variables.write`), three CSS2DRenderer labels on the main thread as the baseline (100 and 500
// only), and the same scene with no cards, all in the same run. Page: page/cards.tsx.
import { openBenchPage, within } from './measure.mjs';
import { median, medianOf } from './median.mjs';

export const CARDS_PART = 'cards';
/** Card counts of the engine and host paths. */
export const CARD_COUNTS = [100, 500, 2000, 5000];
/** The CSS2DRenderer baseline stays at these: 2000 or 5000 DOM labels would take the run's whole budget. */
export const CSS2D_COUNTS = [100, 500];
/** The host's feed alone (no cards), where the host path's main-thread goals are judged. */
export const WRITES_COUNTS = [500, 5000];
/** Counts that also get a busy-host window (issue 10's comparison at 500) and a camera-still window. */
export const BUSY_COUNTS = [0, 500];
export const STILL_COUNTS = [500, 5000];
/**
 * Issue 34: the scene drawn at this share of the screen's pixels (renderConfig fixed at it, the
 * lowest adaptive step), the cards over it at the screen's: what the extra pass costs, against the
 * no-card scene at the same scale. Orbiting and idle only.
 */
export const SCALED = 0.5;
export const SCALED_COUNTS = [0, 500, 5000];

const kase = (mode, count, scale = 1) => ({
  key: `${mode === 'none' ? 'none' : `${mode}-${count}`}${scale === 1 ? '' : `@${scale}`}`,
  mode,
  count,
  scale,
  busy: scale === 1 && mode !== 'writes' && BUSY_COUNTS.includes(count),
  still: scale === 1 && (mode === 'engine' || mode === 'host') && STILL_COUNTS.includes(count),
});
/** Every case of a round: the no-card reference, then per count the engine and host paths and the baseline. */
export const CASES = [
  kase('none', 0),
  ...CARD_COUNTS.flatMap((count) => [
    kase('engine', count),
    kase('host', count),
    ...(WRITES_COUNTS.includes(count) ? [kase('writes', count)] : []),
    ...(CSS2D_COUNTS.includes(count) ? [kase('css2d', count)] : []),
  ]),
  ...SCALED_COUNTS.map((count) => kase(count ? 'engine' : 'none', count, SCALED)),
];
/**
 * Short windows: eleven cases a round (each a fresh page, 3 to 7 s to get ready), three rounds, in
 * about six minutes on a 2-core machine (issue 18). Issue 10 had 1500 + 3000 ms for five cases.
 */
export const CARDS_WARMUP_MS = 800;
export const CARDS_MEASURE_MS = 1800;
/** After the camera stopped: time for the last placement passes and fades before level changes are counted. */
export const CARDS_SETTLE_MS = 800;
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

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const diff = (a, b) => (a === null || b === null ? null : a - b);

/**
 * The card layer's figures of one stats() answer (EngineStats.cards, type CardStats in
 * shared/protocol.ts), read defensively: a figure the engine does not report (yet) is null.
 */
export function cardFigures(stats) {
  const c = stats?.worker?.cards ?? null;
  const levels = c?.levels ?? null;
  const placement = c?.placement ?? null;
  return {
    total: num(c?.total),
    textureDraws: num(c?.textureDraws),
    cellDraws: num(c?.cellDraws),
    levelCards: num(levels?.cards),
    levelPins: num(levels?.pins),
    levelClusters: num(levels?.clusters),
    placementMs: num(placement?.ms),
    placementSteps: num(placement?.steps),
    inView: num(c?.inView),
    outOfRange: num(c?.outOfRange),
    overlaps: num(c?.overlaps),
    levelChanges: num(c?.levelChanges),
    alarms: num(c?.alarms),
  };
}

export async function measureCardsOnce(browser, cardsUrl, { mode, count, scale, busy, still, warmupMs, measureMs, settleMs, log }) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  const name = `cards/${mode}${mode === 'none' ? '' : `-${count}`}${scale === 1 ? '' : `@${scale}`}`;
  const started = Date.now();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${cardsUrl}?mode=${mode}&count=${count}${scale === 1 ? '' : `&scale=${scale}`}`);
    await within(
      120_000,
      'the page to get ready',
      page.evaluate(() => window.__benchCards.ready),
    ).catch((err) => {
      throw new Error(`${name}: the page did not get ready: ${err.message}\n${pageErrors.join('\n')}`);
    });
    const readyMs = Date.now() - started;

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
    /** One window: `waitMs`, then `measureMs` between two stats() answers and two main-thread clocks. */
    const measureWindow = async (waitMs) => {
      await sleep(waitMs);
      const s0 = await askStats();
      const before = await mainClock(cdp);
      await sleep(measureMs);
      const s = await askStats();
      const after = await mainClock(cdp);
      const elapsed = after.at - before.at;
      const perSec = (k) => ((after[k] - before[k]) * 1000) / elapsed;
      const rate = (a, b) => (a === null || b === null ? null : ((a - b) * 1000) / elapsed);
      const w = s?.worker;
      const c0 = s0 ? cardFigures(s0) : null;
      const c = s ? cardFigures(s) : null;
      const shown = c && c.levelCards !== null && c.levelPins !== null ? c.levelCards + c.levelPins : null;
      return {
        answered: w ? 1 : 0,
        workerFps: w ? (w.windowFrames * 1000) / w.windowMs : 0,
        // Adaptive resolution (issue 20, on by default): the render scale chosen at the window's end.
        scale: w?.resolution?.scale ?? null,
        // The width in pixels of what the last frame drew the scene into, and of the canvas (issue 34:
        // apart when cards are drawn over a scene at a lower scale; one and the same before it).
        sceneWidth: num(w?.resolution?.buffer?.[0]),
        canvasWidth: num(w?.resolution?.canvas?.[0]),
        // The engine counts gaps between two frames of the window: with fewer than two there was none
        // to count, and the gap is (at least half) the window: reported as the window.
        workerGapMs: w ? (w.windowFrames > 1 ? w.longestGapMs : w.windowMs) : null,
        labelFps: s?.labels ? (s.labels.windowFrames * 1000) / s.labels.windowMs : null,
        labelGapMs: s?.labels ? s.labels.longestGapMs : null,
        scriptMsPerSec: perSec('script'),
        styleLayoutMsPerSec: perSec('style') + perSec('layout'),
        taskMsPerSec: perSec('task'),
        cardsHeld: c?.total ?? null,
        // Card textures (whole, and single cells) the worker drew per second: proves the value changes reached it.
        cardRedrawsPerSec: c && c0 ? rate(c.textureDraws, c0.textureDraws) : null,
        cellDrawsPerSec: c && c0 ? rate(c.cellDraws, c0.cellDraws) : null,
        levelChangesPerSec: c && c0 ? rate(c.levelChanges, c0.levelChanges) : null,
        // What the last frame before the window's end showed.
        levelCards: c?.levelCards ?? null,
        levelPins: c?.levelPins ?? null,
        levelClusters: c?.levelClusters ?? null,
        inView: c?.inView ?? null,
        outOfRange: c?.outOfRange ?? null,
        placementMs: c?.placementMs ?? null,
        placementSteps: c?.placementSteps ?? null,
        overlaps: c?.overlaps ?? null,
        // Anchors in view that are neither a card nor a pin (or badge): 0 when every one is shown.
        unshown: diff(c?.inView ?? null, shown),
      };
    };

    const idle = await measureWindow(warmupMs);
    // An on-demand loop that stopped would look like a fast scene: the no-card reference must draw.
    // With cards a low rate is a result (the worker busy drawing card textures), reported as such.
    if (mode === 'none' && idle.workerFps < 1)
      throw new Error(`${name}: the worker drew ${idle.workerFps.toFixed(1)} fps: the scene is not drawing continuously`);
    if ((mode === 'engine' || mode === 'host') && idle.answered && idle.cardsHeld !== count)
      throw new Error(`${name}: the worker holds ${idle.cardsHeld} cards, not ${count}`);
    let busyWindow = null;
    if (busy) {
      await page.evaluate(() => window.__benchCards.busy(true));
      busyWindow = await measureWindow(warmupMs);
      await page.evaluate(() => window.__benchCards.busy(false));
    }
    let stillWindow = null;
    if (still) {
      // The orbit stops; the values keep changing 10 times a second. Counted: cards changing level.
      const stop = await within(
        30_000,
        'the camera to stop',
        page.evaluate(() => window.__benchCards.still()),
      );
      if (!stop.stopped) throw new Error(`${name}: the camera still moved ${Math.round(stop.waitedMs)} ms after the orbit was stopped`);
      stillWindow = await measureWindow(settleMs);
    }
    const problems = await within(
      30_000,
      'the error list',
      page.evaluate(() => window.__benchCards.problems()),
    );
    if (problems.length) throw new Error(`${name}: ${problems.join('; ')}`);
    const f = (v, d = 0) => (v === null || v === undefined ? 'n/a' : v.toFixed(d));
    log(
      `  ${name}: ready in ${(readyMs / 1000).toFixed(1)} s; main thread ${idle.taskMsPerSec.toFixed(0)} ms/s (script ${idle.scriptMsPerSec.toFixed(0)}, style+layout ${idle.styleLayoutMsPerSec.toFixed(0)}), ` +
        `worker ${idle.workerFps.toFixed(1)} fps (scale ${f(idle.scale, 2)}; scene ${f(idle.sceneWidth)} px wide, canvas ${f(idle.canvasWidth)})` +
        (busyWindow ? `, ${busyWindow.workerFps.toFixed(1)} busy, gap ${busyWindow.workerGapMs?.toFixed(0) ?? 'no answer'} ms` : '') +
        (idle.labelFps === null ? '' : `; labels ${idle.labelFps.toFixed(1)} fps`) +
        (mode === 'engine' || mode === 'host'
          ? `; ${f(idle.cardRedrawsPerSec)} card + ${f(idle.cellDrawsPerSec)} cell draws/s; levels ${f(idle.levelCards)}/${f(idle.levelPins)}/${f(idle.levelClusters)} of ${f(idle.inView)} in view; ` +
            `placement ${f(idle.placementMs, 1)} ms in ${f(idle.placementSteps)} slices; overlaps ${f(idle.overlaps)}` +
            (stillWindow ? `; still: ${f(stillWindow.levelChangesPerSec, 1)} level changes/s, ${stillWindow.workerFps.toFixed(1)} fps` : '')
          : '') +
        `; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return { idle, busy: busyWindow, still: stillWindow, readyMs };
  } finally {
    await context.close();
  }
}

/** Keys whose worst run counts, not the median: one frame with overlapping cards is one too many. */
const WORST_KEYS = ['overlaps', 'unshown'];

/** Medians per figure over the runs of one window, the worst for WORST_KEYS; null for a window the case has not. */
function windowOf(runs, which) {
  const ws = runs.map((r) => r[which]);
  if (ws.some((w) => !w)) return null;
  const out = medianOf(ws);
  for (const k of WORST_KEYS) {
    const xs = ws.map((w) => w[k]);
    out[k] = xs.some((x) => x === null) ? null : xs.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
  }
  return out;
}

/** Every case `repeats` times, the order reversed every other round; medians per figure. */
export async function runCardsBench(
  browser,
  cardsUrl,
  { repeats, warmupMs = CARDS_WARMUP_MS, measureMs = CARDS_MEASURE_MS, settleMs = CARDS_SETTLE_MS, log, afterRun = () => {} },
) {
  const started = Date.now();
  const runs = Object.fromEntries(CASES.map((c) => [c.key, []]));
  for (let r = 0; r < repeats; r++) {
    log(`[bench] cards, round ${r + 1} of ${repeats}`);
    for (const c of r % 2 ? [...CASES].reverse() : CASES) {
      runs[c.key].push(await measureCardsOnce(browser, cardsUrl, { ...c, warmupMs, measureMs, settleMs, log }));
      afterRun();
    }
  }
  const cases = CASES.map((c) => ({
    ...c,
    readyMs: median(runs[c.key].map((x) => x.readyMs)),
    idle: windowOf(runs[c.key], 'idle'),
    busy: windowOf(runs[c.key], 'busy'),
    still: windowOf(runs[c.key], 'still'),
  }));
  const elapsedS = Math.round((Date.now() - started) / 1000);
  log(`[bench] cards: ${CASES.length} cases x ${repeats} round(s) in ${elapsedS} s`);
  return { cases, runs, repeats, warmupMs, measureMs, settleMs, elapsedS };
}
