// The many-spaces part of `npm run bench` (issue 8 §5, issue 34 §5), run by `--scene=spaces`: a
// dashboard of 40 spaces scrolled through at a reader's pace, with the product's scheduler (spaces in
// view first, then a turn for every space that never drew), with the scheduler before issue 34 (a
// space passed before it drew waits until scrolled back), each on a quiet and a busy page, and with
// every context kept (before issue 8), measured in the same run.
import { openBenchPage, within } from './measure.mjs';
import { median } from './median.mjs';

export const SPACES_PART = 'spaces';
export const SPACES_COUNT = 40;
/**
 * The runs of a round: `mode` is the page's ?mode= (release: the product; before: the scheduler
 * before issue 34; keep: every context kept), `busy` its busy main thread (page/busy.ts).
 */
export const SPACES_RUNS = [
  { key: 'engine', mode: 'release', busy: false },
  { key: 'before', mode: 'before', busy: false },
  { key: 'engineBusy', mode: 'release', busy: true },
  { key: 'beforeBusy', mode: 'before', busy: true },
  { key: 'keep', mode: 'keep', busy: false },
];

/** Render and parse workers the browser started while the page ran (its own CDP session sees nested ones too). */
async function countWorkers(browser) {
  const cdp = await browser.newBrowserCDPSession();
  let started = 0;
  cdp.on('Target.targetCreated', (e) => {
    if (e.targetInfo.type === 'worker') started++;
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return {
    started: () => started,
    stop: () => cdp.detach().catch(() => undefined),
  };
}

export async function measureSpacesOnce(browser, spacesUrl, { mode, busy, log }) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  const workers = await countWorkers(browser);
  const name = `${mode}${busy ? ', busy page' : ''}`;
  try {
    await page.goto(`${spacesUrl}?mode=${mode}&count=${SPACES_COUNT}${busy ? '&busy=1' : ''}`);
    const r = await within(
      1_800_000,
      `${SPACES_COUNT} spaces (${name})`,
      page.evaluate(() => window.__benchSpaces.run()),
    ).catch((err) => {
      throw new Error(`spaces/${name}: ${err.message}\n${pageErrors.join('\n')}`);
    });
    const problems = await within(
      30_000,
      'the error list',
      page.evaluate(() => window.__benchSpaces.problems()),
    );
    // A lost context is what the baseline shows, not a failure of the run.
    const real = problems.filter((p) => !/context/i.test(p));
    if (real.length) throw new Error(`spaces/${name}: ${real.join('; ')}`);
    if (r.restarts) throw new Error(`spaces/${name}: ${r.restarts} space(s) were restarted by the heartbeat`);
    const result = { ...r, workersStarted: workers.started() };
    const s = (v) => (v === null ? 'never' : `${(v / 1000).toFixed(1)} s`);
    log(
      `  spaces/${name}: first screen ${s(r.firstScreenMs)}, last screen ${s(r.lastScreenMs)} after the scroll ended, ` +
        `${r.spacesDrawn} of ${r.spaces} drew (all: ${s(r.allDrawnMs)}); a space's first frame ${s(r.firstFrameMedianMs)} median, ${s(r.firstFrameMaxMs)} last; ` +
        `a start ${s(r.startMedianMs)} median; ${r.starts} starts, ${result.workersStarted} workers, ${r.maxStarting} starting at once; ` +
        `${r.contextsAlive} contexts alive (most ${r.maxLive}, ${r.contextsLost} lost), ${r.showingImage} showing an image; back at the top: live in ${s(r.backLiveMs)}`,
    );
    return result;
  } finally {
    await workers.stop();
    await context.close();
  }
}

/** Every run of SPACES_RUNS `repeats` times, the order alternating between rounds; medians per figure. */
export async function runSpacesBench(browser, spacesUrl, { repeats, log, afterRun = () => {} }) {
  const runs = Object.fromEntries(SPACES_RUNS.map((r) => [r.key, []]));
  for (let round = 0; round < repeats; round++) {
    log(`[bench] spaces, round ${round + 1} of ${repeats}`);
    for (const run of round % 2 ? [...SPACES_RUNS].reverse() : SPACES_RUNS) {
      runs[run.key].push(await measureSpacesOnce(browser, spacesUrl, { ...run, log }));
      afterRun();
    }
  }
  const med = (list) => Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((x) => x[k]))]));
  return { ...Object.fromEntries(Object.entries(runs).map(([k, list]) => [k, med(list)])), runs, repeats };
}
