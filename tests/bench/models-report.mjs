// Tables and the docs/benchmarks.md section for the model-load benchmark (models.mjs).

const ROWS = [
  ['firstFrameMs', 'time to the first frame with the model (ms)', 0],
  ['blockingMs', 'main-thread blocking: sum of (long task - 50 ms) (ms)', 0],
  ['longestTaskMs', 'longest main-thread task over 50 ms (ms)', 0],
  ['longestGapMs', 'longest gap between frames during the load (ms)', 0],
  ['fpsDuringLoad', 'frames per second during the load', 1],
  ['fpsWaiting', 'of which: frames per second until model-loaded (download, parse, upload, warm-up)', 1],
  ['framesAfterLoaded', 'of which: frames after model-loaded (the model drawn, then one more)', 0],
  ['fpsBefore', 'frames per second in the second before (the scene alone)', 1],
];

/** Between these markers the model section is the benchmark's: a run of only one part keeps the other. */
export const BEGIN = '<!-- bench:models:begin -->';
export const END = '<!-- bench:models:end -->';

const round = (v) => Math.round(v * 10) / 10;
const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : a > 0 ? '∞' : '—');
const kB = (bytes) => `${Math.round(bytes / 1024)} kB`;

function describe(r) {
  const what = r.info ? `${r.info.kind === 'points' ? 'points' : 'vertices'}: ${r.info.vertices.toLocaleString('en')}` : '';
  return `**${r.name}**: \`${r.file}\`, ${kB(r.bytes)}${what ? `, ${what}` : ''}`;
}

export function modelTable(r) {
  const lines = [describe(r), '', '| metric | worker | main thread (baseline) | worker / baseline |', '|---|---:|---:|---:|'];
  for (const [key, label, digits] of ROWS) {
    const e = r.engine[key];
    const b = r.baseline[key];
    lines.push(`| ${label} | ${e.toFixed(digits)} | ${b.toFixed(digits)} | ${ratio(e, b)} |`);
  }
  if (r.warnings.length) lines.push('', `Warnings the model reported (it loaded anyway): ${r.warnings.join('; ')}`);
  return lines.join('\n');
}

/**
 * What the issue expects of the worker; measurements, so a FAIL is reported, not an exit code.
 * The worker parses in a parse worker and compiles before the model joins the scene, so the scene
 * must stand still for less long than the baseline's, which parses on the thread that draws.
 */
export function modelChecks(r) {
  return [
    {
      name: `${r.name}: the worker's load blocks the page's main thread for 0 ms`,
      pass: r.engine.blockingMs === 0,
      detail: `${r.engine.blockingMs.toFixed(0)} ms (baseline ${r.baseline.blockingMs.toFixed(0)} ms)`,
    },
    {
      name: `${r.name}: the worker's longest frame gap during the load is shorter than the baseline's`,
      pass: r.engine.longestGapMs < r.baseline.longestGapMs,
      detail: `${r.engine.longestGapMs.toFixed(0)} ms vs ${r.baseline.longestGapMs.toFixed(0)} ms`,
    },
    // Issue 20: a cold start and a load at least as good as three.js on the main thread.
    {
      name: `${r.name}: the worker's first frame with the model comes no later than the baseline's`,
      pass: r.engine.firstFrameMs <= r.baseline.firstFrameMs,
      detail: `${r.engine.firstFrameMs.toFixed(0)} ms vs ${r.baseline.firstFrameMs.toFixed(0)} ms`,
    },
    {
      name: `${r.name}: the worker draws at least the baseline's frame rate during the load`,
      pass: r.engine.fpsDuringLoad >= r.baseline.fpsDuringLoad,
      detail: `${r.engine.fpsDuringLoad.toFixed(1)} vs ${r.baseline.fpsDuringLoad.toFixed(1)} fps`,
    },
  ];
}

const checkLine = (c) => `[${c.pass ? 'PASS' : 'FAIL'}] ${c.name}: ${c.detail}`;

export function modelsHuman(results) {
  return [
    'Model loads (medians):',
    '',
    ...results.flatMap((r) => [modelTable(r), '']),
    ...results.flatMap(modelChecks).map(checkLine),
  ].join('\n');
}

export function modelsJson(results) {
  const pick = (m) => Object.fromEntries(ROWS.map(([key]) => [key, round(m[key])]));
  return results.map((r) => ({ name: r.name, file: r.file, bytes: r.bytes, engine: pick(r.engine), baseline: pick(r.baseline) }));
}

function runLines(r) {
  const one = (m) =>
    `${m.firstFrameMs.toFixed(0)} / ${m.blockingMs.toFixed(0)} / ${m.longestGapMs.toFixed(0)} / ${m.fpsDuringLoad.toFixed(1)} (${m.fpsWaiting.toFixed(1)})`;
  // Each load's frame gaps (ms) and where the cores went (tests/bench/cpu.mjs), when the run has them.
  const traced = (list = []) => list.map((t, i) => `  - load ${i + 1}: gaps ${t.gaps.join(' ')}; ${t.cpu}`);
  return [
    `- ${r.name}, worker (first frame / blocking / longest gap, ms / fps during the load (until model-loaded)): ${r.runs.engine.map(one).join('; ')}`,
    ...traced(r.traces?.engine),
    `- ${r.name}, baseline: ${r.runs.baseline.map(one).join('; ')}`,
    ...traced(r.traces?.baseline),
  ].join('\n');
}

function compileNote(parallel) {
  return parallel
    ? 'This browser offers `KHR_parallel_shader_compile`: `renderer.compileAsync` waits for the ' +
        "model's shaders to compile without blocking the engine's thread, before the model joins the scene."
    : "This browser's WebGL2 (SwiftShader) offers no `KHR_parallel_shader_compile`, so " +
        '`renderer.compileAsync` can only issue the compile and link and wait 10 ms: whatever the GPU ' +
        'process has not finished by then is waited for by the first frames that draw the model, in both ' +
        'hosts. Where the extension exists (most GPUs), that wait happens before the model joins the ' +
        'scene, off the frame loop. SwiftShader also compiles the pipeline of a shader the first time ' +
        'it draws, in the GPU process: the frame after the model joins the scene is committed only once ' +
        'that is done, so with no GPU that frame is the longest gap of a load in both hosts, with the ' +
        "engine's own thread idle meanwhile (its draw calls for that frame take a few milliseconds).";
}

/** The docs section, markers included. `meta`: { date, repeats, load (the load-average line), parallelCompile }. */
export function modelsSection(results, meta) {
  return `${BEGIN}
## Model loads

Measured by \`npm run bench\` (\`--scene=models\` runs only this part) on ${meta.date}; ${meta.load}.

Page \`tests/bench/page/models.html\`, built with the scene page: the real \`ThreeDSpace\` in a
1000x600 box on a small lit scene (a ground, ambient and directional light, the default
environment) with orbit auto-rotation, so the engine
draws every frame. Once the space is ready and has drawn for a second, the page sets the \`models\`
prop to one model whose source is a fixture file (\`../shared/fixtures\`, served as it is by the
benchmark's server with no caching; \`adaptive\` on, every other model setting at its default).
Each run is a fresh browser context: empty HTTP cache, the model's loader code and shaders not
yet loaded or compiled. **worker** is the product as shipped; **baseline** is the same component
with \`forceMainThread\`: the same engine, loaders and code path on the page's main thread. Each
figure is the median of ${meta.repeats} runs per host, both hosts measured in the same run, the
host that goes first alternating between rounds.

What each row means (all times from the moment the page sets the \`models\` prop, "source set"):

- **time to the first frame with the model**: when the page receives the \`model-loaded\` event
  (sent once the model is in the scene) it calls the space's \`settled()\`, which resolves once a
  frame with the model has been drawn with no load pending (at once when the worker drew it
  before the call arrived: the engine answers \`settled()\` without another frame when nothing
  changed since its last one); the figure ends when that answer reaches the page. It covers
  download, parsing, texture upload, shader compilation and the model's first frame's draw calls;
  the rasteriser's work on that frame shows in the gap after it, which the load's window below
  takes in (it ends one frame later).
- **main-thread blocking**: the page's long tasks (PerformanceObserver \`longtask\`, over 50 ms)
  that started in that interval, each counted as its duration minus 50 ms, summed: the time the
  page could not answer input (Lighthouse's "total blocking time"). 0 means no task over 50 ms.
- **longest main-thread task**: the longest of those tasks, whole (0 when there was none).
- **longest gap between frames during the load**: the engine's own frame clock
  (\`stats(windowMs).longestGapMs\` over the interval plus one more frame), in the worker for
  the worker and on the main thread for the baseline: how long the scene stood still. The engine
  stamps a frame when its draw calls are issued; the GPU work of a frame (SwiftShader rasterising
  it, and compiling the pipelines of new shaders when they first draw) is waited for when the
  frame is committed, so it shows as the gap before the next frame. In the worker the file is
  parsed and its picking trees built in a parse worker (\`worker/models/load/parse/\`), so the
  engine's thread keeps drawing through the download and the parse; in the baseline the same
  parse runs on the page's main thread, between its frames.
- **frames per second during the load**: frames the engine drew in the interval, per second;
  next to the rate in the second before the source was set, when the scene alone was drawing.
  Every window the page reads (the second before, the load's, the wait's, the ones that look for
  the frame after the model's) is \`stats(windowMs, endsAt)\` and ends where the page measured:
  the worker answers a call after the frame it is drawing, so a window read on arrival could end a
  frame later in the worker than on the main thread.
- **worker / baseline**: the ratio of the two medians; under 1 means the worker's figure is lower.

${results.map(modelTable).join('\n\n')}

Individual runs:

${results.map(runLines).join('\n')}

Checks (measurements, reported, never an exit code):

${results
  .flatMap(modelChecks)
  .map((c) => `- ${checkLine(c)}`)
  .join('\n')}

${compileNote(meta.parallelCompile)}

The machine has 2 cores and no GPU: parsing, the software rasteriser and the page share them, so a
load in the worker still slows the page a little, and both hosts' figures scatter with anything
else running (compare the individual runs).
${END}`;
}

/** Put the model section into an existing page: replace the old one, or add it before "How to run". */
export function spliceModels(page, section) {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin >= 0 && end > begin) return page.slice(0, begin) + section + page.slice(end + END.length);
  const howTo = page.indexOf('\n## How to run');
  if (howTo >= 0) return `${page.slice(0, howTo)}\n${section}\n${page.slice(howTo)}`;
  return `${page.trimEnd()}\n\n${section}\n`;
}
