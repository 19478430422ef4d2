// The model-load part of `npm run bench` (issue 4 §8): one cold load per fresh page, in the render
// worker and with the same engine and loaders on the main thread. See docs/benchmarks.md.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage, within } from './measure.mjs';
import { FIXTURES_DIR } from './fixtures.mjs';
import { medianOf } from './median.mjs';
import { cpuBetween, cpuLine, sampleCpu } from './cpu.mjs';

/** Model keys and their fixture paths: the same file the page reads (page/modelCases.ts). */
export const MODEL_FILES = JSON.parse(readFileSync(new URL('./page/modelFiles.json', import.meta.url), 'utf8'));
/**
 * The four files run by default; `gears` (Draco) and `facecap` (meshopt, KTX2) only when
 * named (`--models=gears,facecap`): they measure a first load with the decoders still cold.
 */
export const DEFAULT_MODELS = ['robot', 'flair', 'cturtle', 'mug'];
const MODES = ['worker', 'main'];

/** Fail before building anything when a model key is wrong or its fixture is missing. */
export function checkModels(keys) {
  for (const key of keys) {
    if (!MODEL_FILES[key]) throw new Error(`unknown model "${key}" (have: ${DEFAULT_MODELS.join(', ')})`);
    statSync(join(FIXTURES_DIR, MODEL_FILES[key])); // throws ENOENT with the path
  }
}

/**
 * One cold load: a fresh browser context (empty HTTP cache), the page on its scene, ready and
 * drawing, then the model's source is set once and measured until its first frame.
 */
export async function measureModelOnce(browser, modelsUrl, { model, mode, log }) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  try {
    // The worker as shipped (adaptive resolution), the baseline at the screen's resolution.
    const resolution = mode === 'main' ? 'fixed' : 'auto';
    await page.goto(`${modelsUrl}?model=${encodeURIComponent(model)}&mode=${mode}&resolution=${resolution}`);
    const info = await within(
      120_000,
      'the page to get ready',
      page.evaluate(() => window.__benchModels.ready),
    ).catch((err) => {
      throw new Error(`${model}/${mode}: the page did not get ready: ${err.message}\n${pageErrors.join('\n')}`);
    });
    if (info.mode !== mode) throw new Error(`${model}: asked for the ${mode} host, the space runs in ${info.mode}`);
    const cpuBefore = sampleCpu();
    const r = await within(
      180_000,
      `${model} to load`,
      page.evaluate(() => window.__benchModels.load()),
    ).catch((err) => {
      throw new Error(`${model}/${mode}: the load failed: ${err.message}\n${pageErrors.join('\n')}`);
    });
    // From the call to its answer: the load's window, give or take the page's 200 ms pause after it.
    const cpu = cpuBetween(cpuBefore, sampleCpu());
    const problems = await within(
      30_000,
      'the error list',
      page.evaluate(() => window.__benchModels.problems()),
    );
    if (problems.length) throw new Error(`${model}/${mode}: ${problems.join('; ')}`);
    // The worker host is measured as shipped: its model parsed in a parse worker, not in place.
    if (r.info.parsedOffThread !== (mode === 'worker')) {
      throw new Error(
        `${model}/${mode}: the model was parsed ${r.info.parsedOffThread ? 'in a parse worker' : 'on the thread that draws'}, not as this host ships`,
      );
    }
    const metrics = {
      firstFrameMs: r.firstFrameMs,
      loadedMs: r.loadedMs,
      blockingMs: r.blockingMs,
      longestTaskMs: r.longestTaskMs,
      longestGapMs: r.longestGapMs,
      fpsDuringLoad: (r.windowFrames * 1000) / r.windowMs,
      fpsBefore: r.fpsBefore,
      // The wait (until model-loaded) on its own, and the model's first frames after it.
      fpsWaiting: (r.framesBeforeLoaded * 1000) / r.loadedMs,
      framesAfterLoaded: r.windowFrames - r.framesBeforeLoaded,
    };
    log(
      `  ${model}/${mode}: first frame ${r.firstFrameMs.toFixed(0)} ms, blocking ${r.blockingMs.toFixed(0)} ms ` +
        `(${r.longTasks} long tasks), longest gap ${r.longestGapMs.toFixed(0)} ms, ${metrics.fpsDuringLoad.toFixed(1)} fps (${r.fpsBefore.toFixed(1)} before; ` +
        `${r.framesBeforeLoaded} frames in the ${r.loadedMs.toFixed(0)} ms to model-loaded, ${metrics.fpsWaiting.toFixed(1)} fps, then ${metrics.framesAfterLoaded}); ` +
        `gaps ${r.gapsMs.join(' ')}\n    ${cpuLine(cpu)}`,
    );
    return { metrics, info: r.info, warnings: r.warnings, gaps: r.gapsMs, cpu: cpuLine(cpu) };
  } finally {
    await context.close();
  }
}

/**
 * Whether this browser's WebGL2 offers KHR_parallel_shader_compile. Without it three's
 * renderer.compileAsync only issues the compile and link and waits 10 ms: the compilation itself
 * then happens when the GPU process first draws with the program.
 */
export async function hasParallelCompile(browser) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => {
      const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
      return !!gl?.getExtension('KHR_parallel_shader_compile');
    });
  } finally {
    await page.close();
  }
}

/** Every model in both hosts, `repeats` times, the host order alternating between rounds. */
export async function runModelBench(browser, modelsUrl, { repeats, models, log, afterRun = () => {} }) {
  const parallelCompile = await hasParallelCompile(browser);
  const runs = Object.fromEntries(
    models.map((m) => [m, { worker: [], main: [], traces: { worker: [], main: [] }, info: null, warnings: new Set() }]),
  );
  for (let r = 0; r < repeats; r++) {
    log(`[bench] models, round ${r + 1} of ${repeats}`);
    for (const model of models) {
      for (const mode of r % 2 ? [...MODES].reverse() : MODES) {
        const one = await measureModelOnce(browser, modelsUrl, { model, mode, log });
        runs[model][mode].push(one.metrics);
        // Not medians: each load's frame gaps and CPU line, for the page's individual runs.
        runs[model].traces[mode].push({ gaps: one.gaps, cpu: one.cpu });
        afterRun();
        runs[model].info = one.info;
        for (const w of one.warnings) runs[model].warnings.add(w);
      }
    }
  }
  const results = models.map((name) => ({
    name,
    file: MODEL_FILES[name],
    bytes: statSync(join(FIXTURES_DIR, MODEL_FILES[name])).size,
    info: runs[name].info,
    warnings: [...runs[name].warnings],
    engine: medianOf(runs[name].worker),
    baseline: medianOf(runs[name].main),
    runs: { engine: runs[name].worker, baseline: runs[name].main },
    traces: { engine: runs[name].traces.worker, baseline: runs[name].traces.main },
  }));
  return { results, parallelCompile };
}
