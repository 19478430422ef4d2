// The many-spaces part of `npm run bench` (issue 8 §5), run by `--scene=spaces`: a dashboard of 24
// spaces scrolled through, with out-of-view spaces releasing their context (the product) and with
// every context kept (the behaviour before, the baseline), measured in the same run.
import { openBenchPage, within } from './measure.mjs';
import { median } from './median.mjs';

export const SPACES_PART = 'spaces';
/** Page modes: ?mode=release is the product, ?mode=keep the baseline. */
const MODES = ['release', 'keep'];

export async function measureSpacesOnce(browser, spacesUrl, { mode, log }) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  try {
    await page.goto(`${spacesUrl}?mode=${mode}`);
    const r = await within(
      1_800_000,
      `24 spaces (${mode})`,
      page.evaluate(() => window.__benchSpaces.run()),
    ).catch((err) => {
      throw new Error(`spaces/${mode}: ${err.message}\n${pageErrors.join('\n')}`);
    });
    const problems = await within(
      30_000,
      'the error list',
      page.evaluate(() => window.__benchSpaces.problems()),
    );
    // A lost context is what the baseline shows, not a failure of the run.
    const real = problems.filter((p) => !/context/i.test(p));
    if (real.length) throw new Error(`spaces/${mode}: ${real.join('; ')}`);
    if (r.restarts) throw new Error(`spaces/${mode}: ${r.restarts} space(s) were restarted by the heartbeat`);
    const ms = (v) => (v === null ? 'never' : `${Math.round(v)} ms`);
    log(
      `  spaces/${mode}: first screen ${(r.firstScreenMs / 1000).toFixed(1)} s, ${r.spacesDrawn} of 24 drew in ${(r.allDrawnMs / 1000).toFixed(1)} s, ${r.contextsAlive} contexts alive ` +
        `(most at once ${r.maxLive}, ${r.contextsLost} lost), ${r.showingImage} showing an image; back at the top: image ${ms(r.backImageMs)}, live ${ms(r.backLiveMs)}`,
    );
    return r;
  } finally {
    await context.close();
  }
}

/** Both modes `repeats` times, the order alternating between rounds; medians per figure. */
export async function runSpacesBench(browser, spacesUrl, { repeats, log, afterRun = () => {} }) {
  const runs = { release: [], keep: [] };
  for (let r = 0; r < repeats; r++) {
    log(`[bench] spaces, round ${r + 1} of ${repeats}`);
    for (const mode of r % 2 ? [...MODES].reverse() : MODES) {
      runs[mode].push(await measureSpacesOnce(browser, spacesUrl, { mode, log }));
      afterRun();
    }
  }
  const med = (list) => Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((x) => x[k]))]));
  return { engine: med(runs.release), baseline: med(runs.keep), runs: { engine: runs.release, baseline: runs.keep }, repeats };
}
