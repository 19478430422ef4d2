// The touch part of `npm run bench` (issue 41 §2), in the default run and `--scene=touch`: a tablet
// (pixel ratio 2, touch, a mobile viewport) on the bench's still scene (page/scenes.ts), in the
// worker and on the main thread, with the page idle and busy (200 ms of work every 250 ms), the
// fingers landing together (one touchStart) or apart (one each, 50 ms between). Two gestures at a
// finger's pace (5 moves, 50 ms apart, through Chromium's input pipeline, CDP
// Input.dispatchTouchEvent): a pinch out, which must zoom in (the distance to the look-at point
// falls, the direction of view kept), and two fingers moving together, which must pan (the look-at
// point moves; distance and direction kept). A pinch read as an orbit (what issue 41 found) turns
// the direction of view: the `turn` figure shows it.
import { openBenchPage, within } from './measure.mjs';
import { spliceBetween } from './cards-report.mjs';
import { median } from './median.mjs';

export const TOUCH_PART = 'touch';
export const TOUCH_DEFAULT_REPEATS = 2;
export const TOUCH_BEGIN = '<!-- bench:touch:begin -->';
export const TOUCH_END = '<!-- bench:touch:end -->';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CASES = ['worker', 'main'].flatMap((mode) =>
  [false, true].flatMap((busy) =>
    ['together', 'apart'].map((land) => ({ mode, busy, land, key: `${mode}/${busy ? 'busy' : 'idle'}/${land}` })),
  ),
);
/** Goals: a pinch zooms by a fifth or more; a pan moves the look-at point; neither turns the view more than this. */
const MAX_TURN_DEG = 2;

const sub = (a, b) => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const length = (v) => Math.hypot(v.x, v.y, v.z);
/** Degrees between two views' directions (target minus position). */
function turnDeg(a, b) {
  const [u, v] = [sub(a.target, a.position), sub(b.target, b.position)];
  const cos = (u.x * v.x + u.y * v.y + u.z * v.z) / (length(u) * length(v));
  return (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI;
}
const distance = (v) => length(sub(v.target, v.position));

/** Fingers [fromX, fromY, toX, toY] in CSS px, as tests/e2e/support/touch.ts moves them. */
async function gesture(cdp, fingers, land) {
  const points = (t) =>
    fingers.map(([fx, fy, tx, ty], i) => ({ x: fx + (tx - fx) * t, y: fy + (ty - fy) * t, id: i + 1, radiusX: 4, radiusY: 4, force: 1 }));
  if (land === 'apart')
    for (let n = 1; n < fingers.length; n++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0).slice(0, n) });
      await sleep(50);
    }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(0) });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(i / 5) });
    await sleep(50);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The view once it stopped changing (three equal reads 100 ms apart), and when it last changed (ms after the call). */
async function viewAtRest(page) {
  const from = Date.now();
  let last = null;
  let same = 0;
  let changedAt = Date.now();
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const v = await within(
      10_000,
      'the view',
      page.evaluate(() => window.__bench.view()),
    );
    const key = JSON.stringify(v);
    if (key === last) same++;
    else [last, same, changedAt] = [key, 0, Date.now()];
    if (same >= 3) return { view: v, settleMs: changedAt - from };
    await sleep(100);
  }
  throw new Error('the view kept changing for 15 s after the fingers lifted');
}

async function runCase(browser, url, { mode, busy, land }) {
  const { context, page, pageErrors } = await openBenchPage(browser, {
    viewport: { width: 1100, height: 700 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await page.goto(`${url}?scene=still&mode=${mode}`);
    await within(
      120_000,
      'the page to get ready',
      page.evaluate(() => window.__bench.ready),
    ).catch((err) => {
      throw new Error(`touch ${mode}: the page did not get ready: ${err.message}\n${pageErrors.join('\n')}`);
    });
    const cdp = await context.newCDPSession(page);
    const box = await page.locator('#bench canvas').first().boundingBox();
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    if (busy) await page.evaluate(() => window.__bench.busy(true));
    const before = (await viewAtRest(page)).view;
    // A pinch out across the middle: 80 px from the centre to 140.
    await gesture(
      cdp,
      [
        [cx - 80, cy, cx - 140, cy],
        [cx + 80, cy, cx + 140, cy],
      ],
      land,
    );
    const pinched = await viewAtRest(page);
    // Two fingers together, 150 px right and 50 down.
    await gesture(
      cdp,
      [
        [cx - 80, cy, cx + 70, cy + 50],
        [cx + 80, cy, cx + 230, cy + 50],
      ],
      land,
    );
    const panned = await viewAtRest(page);
    const problems = await page.evaluate(() => window.__bench.problems());
    if (problems.length) throw new Error(`touch ${mode}: ${problems.join('; ')}`);
    return {
      pinch: { zoom: distance(pinched.view) / distance(before), turnDeg: turnDeg(before, pinched.view), settleMs: pinched.settleMs },
      pan: {
        moved: length(sub(panned.view.target, pinched.view.target)),
        zoom: distance(panned.view) / distance(pinched.view),
        turnDeg: turnDeg(pinched.view, panned.view),
        settleMs: panned.settleMs,
      },
    };
  } finally {
    await context.close();
  }
}

/** The worst of the runs for what must hold (every run must zoom, pan, not turn), the median for the times. */
function summarise(runs) {
  return {
    pinchZoom: Math.max(...runs.map((r) => r.pinch.zoom)),
    pinchTurnDeg: Math.max(...runs.map((r) => r.pinch.turnDeg)),
    pinchSettleMs: median(runs.map((r) => r.pinch.settleMs)),
    panMoved: Math.min(...runs.map((r) => r.pan.moved)),
    panZoomOff: Math.max(...runs.map((r) => Math.abs(1 - r.pan.zoom))),
    panTurnDeg: Math.max(...runs.map((r) => r.pan.turnDeg)),
    panSettleMs: median(runs.map((r) => r.pan.settleMs)),
  };
}

export async function runTouchBench(browser, url, { repeats, log, afterRun }) {
  const cases = [];
  for (const c of CASES) {
    const runs = [];
    for (let r = 0; r < repeats; r++) {
      log(`[bench] touch ${c.key}, run ${r + 1} of ${repeats}`);
      runs.push(await runCase(browser, url, c));
      afterRun?.();
    }
    cases.push({ ...c, runs, ...summarise(runs) });
  }
  return { repeats, cases };
}

export function touchChecks(t) {
  return t.cases.flatMap((c) => [
    {
      name: `touch ${c.key}: a pinch out zooms in, not orbits`,
      ok: c.pinchZoom <= 0.8 && c.pinchTurnDeg <= MAX_TURN_DEG,
      value: `distance x${c.pinchZoom.toFixed(2)} (goal <= 0.8), turned ${c.pinchTurnDeg.toFixed(1)} deg (goal <= ${MAX_TURN_DEG})`,
    },
    {
      name: `touch ${c.key}: two fingers together pan, not orbit`,
      ok: c.panMoved > 10 && c.panZoomOff <= 0.1 && c.panTurnDeg <= MAX_TURN_DEG,
      value: `look-at moved ${c.panMoved.toFixed(0)} (goal > 10), distance off ${(100 * c.panZoomOff).toFixed(0)} % (goal <= 10), turned ${c.panTurnDeg.toFixed(1)} deg`,
    },
  ]);
}

export function touchHuman(t) {
  return [
    `Touch (issue 41): a pinch out and a two-finger pan on a tablet (pixel ratio 2), the still scene; worst of ${t.repeats} runs, settle times median`,
    ...t.cases.map(
      (c) =>
        `  ${c.key.padEnd(20)} pinch: distance x${c.pinchZoom.toFixed(2)}, turn ${c.pinchTurnDeg.toFixed(1)} deg, settled ${c.pinchSettleMs} ms; ` +
        `pan: moved ${c.panMoved.toFixed(0)}, distance off ${(100 * c.panZoomOff).toFixed(0)} %, turn ${c.panTurnDeg.toFixed(1)} deg, settled ${c.panSettleMs} ms`,
    ),
    ...touchChecks(t).map((c) => `  ${c.ok ? 'ok  ' : 'MISS'} ${c.name}: ${c.value}`),
  ].join('\n');
}

/** The touch section of docs/benchmarks.md, between its markers. */
export function touchSection(t, { date, load }) {
  return [
    TOUCH_BEGIN,
    '## Touch: pinch and two-finger pan on a busy page',
    '',
    `Measured ${date} (\`npm run bench -- --scene=touch\`), the worst of ${t.repeats} run(s) per case (settle times: median); ${load}.`,
    'A tablet (pixel ratio 2, touch, mobile viewport) on the still scene (40 lit meshes, shadows, the orbit standing still), in',
    'the worker and on the main thread (the fallback), the page idle or busy (200 ms of work every 250 ms), the two fingers',
    'landing in one touchStart or one after the other. A pinch out from 80 px either side of the centre to 140; then both fingers',
    '150 px right and 50 down, 5 moves 50 ms apart (CDP Input.dispatchTouchEvent). Distance: to the look-at point, after over',
    'before; turn: degrees between the directions of view (an orbit turns it); settled: from the fingers lifting to the last',
    'change of the view (damping included).',
    '',
    '| case | pinch: distance | pinch: turn (deg) | pinch: settled (ms) | pan: look-at moved | pan: distance off | pan: turn (deg) | pan: settled (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...t.cases.map(
      (c) =>
        `| ${c.key} | x${c.pinchZoom.toFixed(2)} | ${c.pinchTurnDeg.toFixed(1)} | ${c.pinchSettleMs} | ${c.panMoved.toFixed(0)} | ${(100 * c.panZoomOff).toFixed(0)} % | ${c.panTurnDeg.toFixed(1)} | ${c.panSettleMs} |`,
    ),
    '',
    ...touchChecks(t).map((c) => `- ${c.ok ? 'ok' : '**MISS**'} ${c.name}: ${c.value}`),
    TOUCH_END,
  ].join('\n');
}

export function spliceTouch(page, section) {
  return spliceBetween(page, TOUCH_BEGIN, TOUCH_END, section);
}
