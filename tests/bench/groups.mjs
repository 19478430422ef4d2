// The component-group part of `npm run bench` (issue 10), run by `--scene=groups`: the 'light'
// scene orbiting with 20 component groups placed in 3D (each with a live host widget changing 10
// times a second) against the same scene without groups, measured in the same run.
import { openBenchPage, within } from './measure.mjs';
import { spliceBetween } from './cards-report.mjs';
import { median } from './median.mjs';

export const GROUPS_PART = 'groups';
export const GROUPS_BEGIN = '<!-- bench:groups:begin -->';
export const GROUPS_END = '<!-- bench:groups:end -->';
const GROUPS = 20;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Main-thread busy time from Chrome's Performance domain: script, style, layout, and all tasks, in ms. */
async function mainClock(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => (metrics.find((x) => x.name === name)?.value ?? NaN) * 1000;
  return {
    script: get('ScriptDuration'),
    style: get('RecalcStyleDuration'),
    layout: get('LayoutDuration'),
    task: get('TaskDuration'),
    at: get('Timestamp'),
  };
}

export async function measureGroupsOnce(browser, groupsUrl, { groups, warmupMs, measureMs, log }) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${groupsUrl}?groups=${groups}`);
    await within(
      120_000,
      'the groups page to get ready',
      page.evaluate(() => window.__benchGroups.ready),
    ).catch((err) => {
      throw new Error(`groups=${groups}: ${err.message}\n${pageErrors.join('\n')}`);
    });
    await sleep(warmupMs);
    const before = await mainClock(cdp);
    await sleep(measureMs);
    const stats = await within(
      30_000,
      'frame statistics',
      page.evaluate((w) => window.__benchGroups.stats(w), measureMs),
    );
    const after = await mainClock(cdp);
    const shown = await page.evaluate(() => window.__benchGroups.shown());
    const problems = await page.evaluate(() => window.__benchGroups.problems());
    if (problems.length) throw new Error(`groups=${groups}: ${problems.join('; ')}`);
    if (groups && !shown) throw new Error(`groups=${groups}: no group was shown: they were not placed`);
    const perSec = (k) => ((after[k] - before[k]) * 1000) / (after.at - before.at);
    const r = {
      fps: (stats.windowFrames * 1000) / stats.windowMs,
      longestGapMs: stats.longestGapMs,
      mainMsPerSec: perSec('script') + perSec('style') + perSec('layout'),
      scriptMsPerSec: perSec('script'),
      taskMsPerSec: perSec('task'),
      shown,
    };
    log(
      `  groups=${groups}: ${r.fps.toFixed(1)} fps, main thread ${r.mainMsPerSec.toFixed(0)} ms/s ` +
        `(script ${r.scriptMsPerSec.toFixed(0)}, all tasks ${r.taskMsPerSec.toFixed(0)}), ${shown} shown`,
    );
    return r;
  } finally {
    await context.close();
  }
}

/** With and without groups, `repeats` times, the order alternating; medians per figure. */
export async function runGroupsBench(browser, groupsUrl, { repeats, warmupMs, measureMs, log, afterRun = () => {} }) {
  const runs = { groups: [], none: [] };
  for (let r = 0; r < repeats; r++) {
    log(`[bench] groups, round ${r + 1} of ${repeats}`);
    for (const key of r % 2 ? ['none', 'groups'] : ['groups', 'none']) {
      runs[key].push(await measureGroupsOnce(browser, groupsUrl, { groups: key === 'groups' ? GROUPS : 0, warmupMs, measureMs, log }));
      afterRun();
    }
  }
  const med = (list) => Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((x) => x[k]))]));
  return { count: GROUPS, groups: med(runs.groups), none: med(runs.none), runs, repeats };
}

/** The human table. */
export function groupsHuman(g) {
  const row = (name, x) =>
    `| ${name} | ${x.fps.toFixed(1)} | ${x.longestGapMs.toFixed(0)} | ${x.mainMsPerSec.toFixed(1)} | ${x.taskMsPerSec.toFixed(1)} |`;
  return [
    `Component groups: the 'light' scene orbiting, ${g.count} groups in 3D each with a live widget changing 10 times a second, vs no groups (median of ${g.repeats})`,
    '',
    '| case | worker fps | longest frame gap ms | main thread script+style+layout ms/s | main thread all tasks ms/s |',
    '|---|---|---|---|---|',
    row(`${g.count} groups`, g.groups),
    row('no groups', g.none),
    '',
    `worker fps with groups: ${((g.groups.fps / g.none.fps) * 100).toFixed(0)}% of without`,
  ].join('\n');
}

/** The docs/benchmarks.md section, between its markers (rewritten by each `--scene=groups` run). */
export function groupsSection(g, { date, load }) {
  return [
    GROUPS_BEGIN,
    '## Component groups in 3D: live host widgets on panels placed by the worker',
    '',
    `Measured ${date} (\`npm run bench -- --scene=groups\`), median of ${g.repeats} run(s) per case; ${load}.`,
    `The page (tests/bench/page/groups.tsx) runs the \`light\` scene (orbit auto-rotating) in a render worker, 1000x600, with`,
    `${g.count} component groups placed round it in 3D, each holding a host widget whose reading changes 10 times a second; the`,
    "worker computes each panel's CSS matrix per drawn frame and the main thread applies it (src/widgets/group/GroupInSpace.tsx).",
    "The baseline is the same page with no groups. Main-thread time is from Chrome's `Performance.getMetrics`",
    '(ScriptDuration + RecalcStyleDuration + LayoutDuration, and TaskDuration for all tasks).',
    '',
    ...groupsHuman(g).split('\n').slice(2),
    GROUPS_END,
  ].join('\n');
}

export function spliceGroups(page, section) {
  return spliceBetween(page, GROUPS_BEGIN, GROUPS_END, section);
}
