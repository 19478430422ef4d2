/** The issue's "done when": the worker keeps >= 75% of its idle rate, the baseline loses most of its own. */
export const KEEP_AT_LEAST = 0.75;
export const BASELINE_LOSES_MORE_THAN = 0.5;
/** Issue 20: with adaptive resolution the worker keeps at least this share of its idle rate when the page is busy. */
export const ADAPTIVE_KEEPS = 0.9;

const ROWS = [
  ['fpsIdle', 'fps, main thread idle', 1],
  ['fpsBusy', 'fps, main thread busy', 1],
  ['longestGapBusyMs', 'longest gap between frames, busy (ms)', 0],
  ['mainThreadScriptMsPerSec', 'main-thread script time, idle (ms per s)', 1],
  ['scaleIdle', 'render scale at the end of the idle window', 2],
  ['scaleBusy', 'render scale at the end of the busy window', 2],
  ['cpuIdleMsPerSec', "Chromium's CPU, idle (ms per s, all threads: 2000 is both cores)", 0],
  ['cpuBusyMsPerSec', "Chromium's CPU, busy (ms per s)", 0],
  ['gpuIdleMsPerSec', "of which the GPU process's (SwiftShader), idle (ms per s)", 0],
  ['gpuBusyMsPerSec', "of which the GPU process's, busy (ms per s)", 0],
  ['missedShareIdle', 'share of idle frame gaps over 1.5 display intervals (a missed tick)', 2],
];

const round = (v, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : a > 0 ? '∞' : '—');
const kept = (m) => (m.fpsIdle > 0 ? m.fpsBusy / m.fpsIdle : 0);

/** The JSON the issue asks for: every figure rounded to 0.1, nothing that was not measured. */
export function toJson(results, extra) {
  const pick = (m) => Object.fromEntries(ROWS.map(([key, , digits]) => [key, round(m[key], Math.max(1, digits))]));
  return {
    scenarios: results.map((r) => ({
      name: r.name,
      engine: pick(r.engine),
      engine60: pick(r.engine60),
      engineFixed: pick(r.engineFixed),
      baseline: pick(r.baseline),
    })),
    ...extra,
  };
}

/** One markdown table per scenario: readable in a terminal and pasted as-is into docs. */
export function table(result) {
  const lines = [
    `**${result.name}**: ${result.description}`,
    '',
    '| metric | engine (worker, adaptive resolution, target 30 fps: the default) | engine (worker, adaptive, target 60 fps) | engine (worker, full resolution) | baseline (main thread, full resolution) | full-resolution engine / baseline |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [key, label, digits] of ROWS) {
    const [e, e60, f, b] = [result.engine, result.engine60, result.engineFixed, result.baseline].map((m) => m[key]);
    lines.push(
      `| ${label} | ${e.toFixed(digits)} | ${e60.toFixed(digits)} | ${f.toFixed(digits)} | ${b.toFixed(digits)} | ${ratio(f, b)} |`,
    );
  }
  const k = [result.engine, result.engine60, result.engineFixed, result.baseline].map((m) => kept(m).toFixed(2));
  lines.push(`| busy / idle fps | ${k[0]} | ${k[1]} | ${k[2]} | ${k[3]} | |`);
  return lines.join('\n');
}

export function checks(result) {
  const engineKept = kept(result.engine);
  const baseKept = result.baseline.fpsIdle > 0 ? kept(result.baseline) : 1;
  const pct = (v) => `${Math.round(v * 100)}%`;
  const fixed = result.engineFixed;
  return [
    {
      name: `${result.name}: worker keeps >= ${pct(KEEP_AT_LEAST)} of its idle frame rate under load`,
      pass: engineKept >= KEEP_AT_LEAST,
      detail: `${result.engine.fpsBusy.toFixed(1)} of ${result.engine.fpsIdle.toFixed(1)} fps = ${pct(engineKept)}`,
    },
    {
      name: `${result.name}: baseline loses most (> ${pct(BASELINE_LOSES_MORE_THAN)}) of its idle frame rate under load`,
      pass: 1 - baseKept > BASELINE_LOSES_MORE_THAN,
      detail: `${result.baseline.fpsBusy.toFixed(1)} of ${result.baseline.fpsIdle.toFixed(1)} fps = loses ${pct(1 - baseKept)}`,
    },
    ...[
      ['target 30 fps', result.engine],
      ['target 60 fps', result.engine60],
    ].map(([target, m]) => ({
      name: `${result.name}: with adaptive resolution (${target}) the worker keeps >= ${pct(ADAPTIVE_KEEPS)} of its idle frame rate under load`,
      pass: kept(m) >= ADAPTIVE_KEEPS,
      detail: `${m.fpsBusy.toFixed(1)} of ${m.fpsIdle.toFixed(1)} fps = ${pct(kept(m))}, scale ${m.scaleIdle.toFixed(2)} idle / ${m.scaleBusy.toFixed(2)} busy`,
    })),
    {
      name: `${result.name}: idle fps at full resolution at least the baseline's`,
      pass: fixed.fpsIdle >= result.baseline.fpsIdle,
      detail: `${fixed.fpsIdle.toFixed(1)} vs ${result.baseline.fpsIdle.toFixed(1)} fps (${ratio(fixed.fpsIdle, result.baseline.fpsIdle)})`,
    },
  ];
}

export const checkLine = (c) => `[${c.pass ? 'PASS' : 'FAIL'}] ${c.name}: ${c.detail}`;

/** Where three.js sits in the production build: never in what the page loads at start. */
export function bundleLine(bundle) {
  const withThree = bundle.files.filter((f) => f.three).map((f) => `${f.file} (${f.kind}, ${Math.round(f.bytes / 1024)} kB)`);
  return (
    `[${bundle.startHasThree ? 'FAIL' : 'PASS'}] three.js in the page's start-up chunks: ` +
    `${bundle.startHasThree ? 'YES' : 'none'}; found in: ${withThree.join(', ') || 'nothing'}`
  );
}

export function humanReport(results, bundle, machine, settings) {
  const out = [`dash3d benchmark, ${machine.date}: ${machine.summary}`, `${settings.summary}`, ''];
  for (const r of results) out.push(table(r), '');
  for (const r of results) for (const c of checks(r)) out.push(checkLine(c));
  out.push(bundleLine(bundle));
  return out.join('\n');
}

/** Every run behind a median, so a reader can see how much the figures moved between runs. */
function runLines(result) {
  const one = (m) => `${m.fpsIdle.toFixed(1)} / ${m.fpsBusy.toFixed(1)} fps, gap ${m.longestGapBusyMs.toFixed(0)} ms`;
  return [
    `- ${result.name}, engine, adaptive (idle / busy fps, longest gap busy): ${result.runs.engine.map(one).join('; ')}`,
    `- ${result.name}, engine, adaptive, target 60 fps: ${result.runs.engine60.map(one).join('; ')}`,
    `- ${result.name}, engine, full resolution: ${result.runs.engineFixed.map(one).join('; ')}`,
    `- ${result.name}, baseline: ${result.runs.baseline.map(one).join('; ')}`,
  ].join('\n');
}

export function docsPage(results, bundle, machine, settings) {
  return `# Benchmarks

Generated by \`npm run bench\` on ${machine.date}. Every figure on this page was measured in that
run; re-running the command rewrites the page.

## Machine

${machine.lines.map((l) => `- ${l}`).join('\n')}

## Method

The benchmark builds the page \`tests/bench/page/\` for production with the project's own Vite
setup, serves it on 127.0.0.1 and opens it in headless Chromium (Playwright driving the system
Chromium, WebGL through SwiftShader). The page mounts the real \`ThreeDSpace\` component in a
1000x600 box on one scene (\`tests/bench/page/scenes.ts\`); the scene's meshes come from a user
script, orbit auto-rotation keeps it drawing.

- **engine**: the product as shipped, three.js in the render worker on an OffscreenCanvas.
- **baseline**: the same component with \`forceMainThread\`: the same engine code, drawing on the
  main thread (the product's fallback path).
- **busy**: the page's main thread runs 200 ms of synchronous work every 250 ms, as a busy host
  dashboard would.
- **adaptive resolution** (issue 20, the product's default, \`renderConfig.resolution: 'auto'\`):
  while frames are slower than the space's target (30 fps) the drawing buffer steps down (1, 0.85,
  0.7, 0.6, 0.5 of the screen's pixel ratio) and back up when there is room. At the default target
  a scene already faster than 30 fps keeps full resolution when the page gets busy; the second
  column sets the highest target a designer can (\`renderConfig.targetFps: 60\`), where adaptive
  resolution trades pixels for the frame rate. The engine also runs at the screen's resolution
  throughout (\`'fixed'\`), like for like with the baseline: idle parity is judged on that column.

${settings.summary} Frame counts and the longest gap between frames are measured inside the engine,
wherever it runs. Main-thread script time comes from Chrome's own performance metrics
(\`Performance.getMetrics\`, \`ScriptDuration\`) over the idle window: what the 3D scene costs the
host page's main thread.

## Results

${results.map(table).join('\n\n')}

Individual runs:

${results.map(runLines).join('\n')}

## Checks

${results
  .flatMap(checks)
  .map((c) => `- ${checkLine(c)}`)
  .join('\n')}
- ${bundleLine(bundle)}

The first two checks of each scene are the first benchmark's acceptance condition, the last two issue 20's; they are measurements,
so a FAIL is reported, not turned into a failing exit code.

Reading the numbers on a machine without a GPU: WebGL runs in SwiftShader, a software rasteriser
whose threads share the CPU cores with the page. A busy main thread therefore takes CPU time from
the rasteriser, and the worker loses some frame rate to that contention, not to being blocked;
the baseline is blocked outright for 200 ms at a time, which the longest-gap row shows. Anything
else running on the machine at the same time (other browser tests, builds) lowers and scatters
both columns: compare the individual runs above.

## How to run

\`\`\`sh
npm run bench                  # human table on stdout, progress on stderr, rewrites this page
npm run bench -- --json        # one JSON object on stdout instead of the table
npm run bench -- --no-docs     # leave this page alone
npm run bench -- --scene=light,heavy --repeats=3 --warmup-ms=2000 --measure-ms=5000
npm run bench -- --scene=models --models=robot,flair,cturtle,mug   # only the model loads
npm run bench -- --scene=cards  # only the data cards (worker vs CSS2DRenderer), 3 rounds unless --repeats
npm run bench -- --scene=consumer  # only the host app built from the packed package (its viewer page's main-thread bytes and first frame) against the playground
npm run bench -- --scene=touch  # only a pinch and a two-finger pan on a tablet, worker and main thread, idle and busy page, 2 rounds unless --repeats
npm run bench -- --scene=browsers  # only the light scene and a model in Chromium, Firefox ESR and WebKitGTK, 3 rounds unless --repeats
npm run bench -- --scene=spaces  # only a dashboard of 24 spaces (time until all drew, contexts alive, scrolling back) with and without releasing out-of-view contexts; runs only when named
npm run bench -- --scene=materials  # only the material editor (a colour slider dragged over a busy page, 24 library thumbnails); runs only when named
npm run bench -- --scene=groups  # only the component groups (20 live panels in 3D vs none); runs only when named
npm run bench -- --scene=service  # only the media-library service: soak, memory, store faults (no browser); runs only when named
\`\`\`

The default run measures the light and heavy scenes, the model loads, the data cards, the rules, the
touch gestures, the host app built from the package (\`consumer\`) and the browsers part. A run rewrites what it measured (the
scenes part of this page, and each other part's section between its markers) and keeps the
others.

The browser is \`CHROMIUM_PATH\` (default \`/usr/bin/chromium\`). The command exits non-zero only
when the benchmark could not run (build failed, no WebGL, the scene did not start or stopped
drawing).
`;
}
