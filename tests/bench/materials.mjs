// The material-editor part of `npm run bench` (issue 11), run by `--scene=materials` alone:
// (a) preview responsiveness: a colour slider dragged for 3 s (a new colour every 16 ms) with the
//     busy host (200 ms of work every 250 ms) and without, counting the frames the engine drew with
//     a new colour per second, render worker vs the same engine on the main thread;
// (b) the library: 24 material thumbnails from the shared thumbnail renderer, time until all are
//     shown and main-thread blocking meanwhile (goal 0 ms), then the same 24 again (equal content,
//     new objects) which the hash-keyed cache must answer without rendering. Page: page/materials.tsx.
import { openBenchPage, within } from './measure.mjs';
import { spliceBetween } from './cards-report.mjs';
import { medianOf } from './median.mjs';

export const MATERIALS_PART = 'materials';
export const MATERIALS_BEGIN = '<!-- bench:materials:begin -->';
export const MATERIALS_END = '<!-- bench:materials:end -->';
const DRAG_MS = 3000;
const MODES = ['worker', 'main'];

async function withPage(browser, url, what, fn) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  try {
    await page.goto(url);
    await within(
      120_000,
      `${what}: the page to get ready`,
      page.evaluate(() => window.__benchMaterials.ready),
    ).catch((err) => {
      throw new Error(`${err.message}\n${pageErrors.join('\n')}`);
    });
    const out = await fn(page);
    const problems = await page.evaluate(() => window.__benchMaterials.problems());
    if (problems.length) throw new Error(`${what}: ${problems.join('; ')}`);
    return out;
  } finally {
    await context.close();
  }
}

async function sliderOnce(browser, url, mode, log) {
  return withPage(browser, `${url}?part=slider&mode=${mode}`, `slider/${mode}`, async (page) => {
    const out = {};
    for (const busy of [false, true]) {
      const r = await within(
        60_000,
        'the drag',
        page.evaluate(([ms, b]) => window.__benchMaterials.drag(ms, b), [DRAG_MS, busy]),
      );
      const key = busy ? 'busy' : 'idle';
      out[`${key}Fps`] = (r.frames * 1000) / r.windowMs;
      out[`${key}ValuesPerSec`] = (r.values * 1000) / DRAG_MS;
      out[`${key}IdleFrames`] = r.idleFrames;
    }
    log(
      `  slider/${mode}: new-colour frames/s idle ${out.idleFps.toFixed(1)}, busy host ${out.busyFps.toFixed(1)} ` +
        `(values produced/s ${out.idleValuesPerSec.toFixed(0)} / ${out.busyValuesPerSec.toFixed(0)}; frames with nothing changing: ${out.idleIdleFrames}, ${out.busyIdleFrames})`,
    );
    return out;
  });
}

/**
 * The page's main-thread tasks from a Chrome trace: each RunTask's wall time (`dur`) and the CPU
 * time the thread itself spent in it (`tdur`). On a 2-core machine the render worker's SwiftShader
 * threads take the cores, so a task can last long in wall time while the main thread did little:
 * the Long Tasks API counts that wall time; the CPU time is what the page's own work cost.
 */
function mainThreadTasks(trace) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('the trace has no renderer main thread');
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X');
  const cpu = tasks.map((e) => (e.tdur ?? e.dur) / 1000);
  return {
    cpuBlockingMs: cpu.reduce((s, ms) => s + Math.max(0, ms - 50), 0),
    longestCpuMs: cpu.reduce((m, ms) => Math.max(m, ms), 0),
    cpuMs: cpu.reduce((s, ms) => s + ms, 0),
  };
}

async function libraryOnce(browser, url, mode, log) {
  return withPage(browser, `${url}?part=library&mode=${mode}`, `library/${mode}`, async (page) => {
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    let first;
    let trace;
    try {
      first = await within(
        150_000,
        'the thumbnails',
        page.evaluate(() => window.__benchMaterials.library()),
      );
    } finally {
      trace = await browser.stopTracing();
    }
    const cpu = mainThreadTasks(trace);
    const again = await within(
      150_000,
      'the thumbnails again',
      page.evaluate(() => window.__benchMaterials.library()),
    );
    const r = {
      ms: first.ms,
      blockingMs: first.blockingMs,
      longestTaskMs: first.longestTaskMs,
      ...cpu,
      rendered: first.rendered,
      againMs: again.ms,
      againRendered: again.rendered,
    };
    log(
      `  library/${mode}: 24 thumbnails in ${r.ms.toFixed(0)} ms, blocking ${r.blockingMs.toFixed(0)} ms wall / ${r.cpuBlockingMs.toFixed(0)} ms CPU ` +
        `(longest task ${r.longestTaskMs.toFixed(0)} ms wall / ${r.longestCpuMs.toFixed(0)} ms CPU; main thread CPU ${r.cpuMs.toFixed(0)} ms), ` +
        `${r.rendered} rendered; again ${r.againMs.toFixed(0)} ms, ${r.againRendered} rendered`,
    );
    return r;
  });
}

export async function runMaterialsBench(browser, url, { repeats, log, afterRun = () => {} }) {
  const slider = { worker: [], main: [] };
  const library = { worker: [], main: [] };
  for (let r = 0; r < repeats; r++) {
    log(`[bench] materials, round ${r + 1} of ${repeats}`);
    for (const mode of r % 2 ? [...MODES].reverse() : MODES) {
      slider[mode].push(await sliderOnce(browser, url, mode, log));
      afterRun();
      library[mode].push(await libraryOnce(browser, url, mode, log));
      afterRun();
    }
  }
  return {
    repeats,
    slider: { worker: medianOf(slider.worker), main: medianOf(slider.main) },
    library: { worker: medianOf(library.worker), main: medianOf(library.main) },
    runs: { slider, library },
  };
}

const f0 = (v) => v.toFixed(0);
const f1 = (v) => v.toFixed(1);

export function materialsHuman(m) {
  const s = m.slider;
  const l = m.library;
  return [
    `Material editor (median of ${m.repeats})`,
    '',
    '| (a) colour slider dragged 3 s, a new colour every 16 ms | render worker | main thread (baseline) |',
    '|---|---:|---:|',
    `| frames drawn with a new colour per second, idle host | ${f1(s.worker.idleFps)} | ${f1(s.main.idleFps)} |`,
    `| frames drawn with a new colour per second, busy host | ${f1(s.worker.busyFps)} | ${f1(s.main.busyFps)} |`,
    `| colour values the page produced per second, busy host | ${f0(s.worker.busyValuesPerSec)} | ${f0(s.main.busyValuesPerSec)} |`,
    `| frames drawn in 1 s with nothing changing | ${f0(s.worker.idleIdleFrames)} | ${f0(s.main.idleIdleFrames)} |`,
    '',
    '| (b) 24 library thumbnails | render worker | main thread (baseline) |',
    '|---|---:|---:|',
    `| time until all 24 are shown (ms), engine start included | ${f0(l.worker.ms)} | ${f0(l.main.ms)} |`,
    `| main-thread blocking meanwhile, by the thread's own CPU time: sum of each task's time over 50 ms (goal 0 ms) | **${f0(l.worker.cpuBlockingMs)}** | ${f0(l.main.cpuBlockingMs)} |`,
    `| the same by wall-clock time (Long Tasks API; includes time the cores were busy with the worker's rendering) | ${f0(l.worker.blockingMs)} | ${f0(l.main.blockingMs)} |`,
    `| longest main-thread task: CPU ms / wall ms | ${f0(l.worker.longestCpuMs)} / ${f0(l.worker.longestTaskMs)} | ${f0(l.main.longestCpuMs)} / ${f0(l.main.longestTaskMs)} |`,
    `| main-thread CPU time while they render (ms) | ${f0(l.worker.cpuMs)} | ${f0(l.main.cpuMs)} |`,
    `| thumbnails rendered | ${f0(l.worker.rendered)} | ${f0(l.main.rendered)} |`,
    `| the same 24 again (new objects, equal content): ms, thumbnails rendered | ${f0(l.worker.againMs)}, ${f0(l.worker.againRendered)} | ${f0(l.main.againMs)}, ${f0(l.main.againRendered)} |`,
    '',
    ...materialsChecks(m).map((c) => `- ${c.pass ? 'met' : 'NOT MET'}: ${c.name}`),
  ].join('\n');
}

export function materialsChecks(m) {
  return [
    {
      name: 'materials: 24 thumbnails block the main thread 0 ms by its own CPU time (render worker)',
      pass: m.library.worker.cpuBlockingMs === 0,
    },
    {
      name: 'materials: 24 thumbnails block the main thread 0 ms by wall-clock time (render worker)',
      pass: m.library.worker.blockingMs === 0,
    },
    {
      name: 'materials: unchanged materials are never rendered twice',
      pass: m.library.worker.againRendered === 0 && m.library.main.againRendered === 0,
    },
  ];
}

export function materialsSection(m, { date, load }) {
  return [
    MATERIALS_BEGIN,
    '## Material editor: the preview while a slider is dragged, and library thumbnails',
    '',
    `Measured ${date} (\`npm run bench -- --scene=materials\`), median of ${m.repeats} run(s); ${load}.`,
    'The page is tests/bench/page/materials.tsx. (a) One `<MaterialPreview>` of 900x600 whose colour changes every 16 ms for',
    '3 s, as a colour slider dragged, once with the page idle and once with the busy host (200 ms of work every 250 ms). The',
    'figure is the frames the engine drew in that window (it draws on demand: each frame is a new colour; the last row shows',
    'the frames drawn while nothing changes). (b) 24 different materials in a grid of `<MaterialThumbnail>`, drawn on the',
    'preview sphere by the shared thumbnail renderer (src/material-editor/thumbnails.ts: one hidden engine) and copied out as',
    "JPEGs. Blocking is the sum of each main-thread task's time beyond 50 ms while they render, measured two ways: by the",
    "thread's own CPU time (a Chrome trace's RunTask `tdur`: what the page's work cost) and by wall-clock time (the Long Tasks",
    'API). This machine has 2 cores and SwiftShader renders on the CPU with several threads, so the main thread is sometimes',
    'simply not scheduled while the worker draws: its wall-clock tasks then last long although it does almost nothing. Then the',
    'same 24 again as new objects with equal content: the cache, keyed by a SHA-256 of the material, answers them.',
    '',
    ...materialsHuman(m).split('\n').slice(2),
    MATERIALS_END,
  ].join('\n');
}

export function spliceMaterials(page, section) {
  return spliceBetween(page, MATERIALS_BEGIN, MATERIALS_END, section);
}
