// The table, the goals and the docs/benchmarks.md section for the data-cards benchmark (cards.mjs).

export const BEGIN = '<!-- bench:cards:begin -->';
export const END = '<!-- bench:cards:end -->';
/** Issue 10's goals, at 500 cards. */
export const MAIN_AT_MOST = 0.1;
export const FPS_AT_LEAST = 0.8;

const f0 = (v) => (v === null ? '—' : v.toFixed(0));
const f1 = (v) => (v === null ? '—' : v.toFixed(1));
const NO_ANSWER = 'no answer';
/** A worker that did not answer stats() in time (backlogged with card updates) drew nothing we could count. */
const fps = (w) => (w.answered ? f1(w.workerFps) : NO_ANSWER);
const pct = (v) => `${Math.round(v * 100)}%`;

const label = (c) =>
  c.mode === 'none'
    ? 'no cards (same scene)'
    : c.mode === 'engine'
      ? `engine: ${c.count} cards drawn by the worker`
      : `baseline: ${c.count} CSS2DRenderer labels`;
const scriptStyleLayout = (w) => w.scriptMsPerSec + w.styleLayoutMsPerSec;

export function cardsTable(r) {
  const lines = [
    '| case | main thread, idle: all tasks (script + style/layout) ms/s | worker fps idle / busy | longest worker frame gap, busy (ms) | labels fps idle / busy, longest gap busy (ms) | main thread, busy: all tasks ms/s | card textures drawn per s |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const c of r.cases) {
    const { idle, busy } = c;
    lines.push(
      `| ${label(c)} | ${f0(idle.taskMsPerSec)} (${f0(idle.scriptMsPerSec)} + ${f0(idle.styleLayoutMsPerSec)}) | ${fps(idle)} / ${fps(busy)} | ${busy.answered ? f0(busy.workerGapMs) : NO_ANSWER} | ` +
        `${c.mode === 'css2d' ? `${f1(idle.labelFps)} / ${f1(busy.labelFps)}, ${f0(busy.labelGapMs)}` : '—'} | ${f0(busy.taskMsPerSec)} | ${c.mode === 'engine' ? f0(idle.cardRedrawsPerSec) : '—'} |`,
    );
  }
  return lines.join('\n');
}

export function cardsChecks(r) {
  const find = (key) => r.cases.find((c) => c.key === key);
  const engine = find('engine-500');
  const css2d = find('css2d-500');
  const none = find('none');
  if (!engine || !css2d || !none) return [];
  const mainRatio = css2d.idle.taskMsPerSec > 0 ? engine.idle.taskMsPerSec / css2d.idle.taskMsPerSec : Infinity;
  const sslRatio = scriptStyleLayout(css2d.idle) > 0 ? scriptStyleLayout(engine.idle) / scriptStyleLayout(css2d.idle) : Infinity;
  const fpsRatio = none.idle.workerFps > 0 ? engine.idle.workerFps / none.idle.workerFps : 0;
  return [
    {
      name: `cards: at 500 cards the engine's main-thread time is <= ${pct(MAIN_AT_MOST)} of the CSS2DRenderer baseline's (all tasks, idle host)`,
      pass: mainRatio <= MAIN_AT_MOST,
      detail:
        `${engine.idle.taskMsPerSec.toFixed(1)} of ${css2d.idle.taskMsPerSec.toFixed(1)} ms/s = ${pct(mainRatio)}; ` +
        `script + style/layout alone: ${scriptStyleLayout(engine.idle).toFixed(1)} of ${scriptStyleLayout(css2d.idle).toFixed(1)} ms/s = ${pct(sslRatio)}`,
    },
    {
      name: `cards: the worker keeps >= ${pct(FPS_AT_LEAST)} of its no-card frame rate at 500 cards (idle host)`,
      pass: fpsRatio >= FPS_AT_LEAST,
      detail: `${engine.idle.workerFps.toFixed(1)} of ${none.idle.workerFps.toFixed(1)} fps = ${pct(fpsRatio)}`,
    },
  ];
}

const checkLine = (c) => `[${c.pass ? 'PASS' : 'FAIL'}] ${c.name}: ${c.detail}`;

export function cardsHuman(r) {
  return `Data cards (median of ${r.repeats}):\n${cardsTable(r)}\n\n${cardsChecks(r).map(checkLine).join('\n')}`;
}

export function cardsSection(r, { date, load }) {
  return [
    BEGIN,
    '## Data cards: drawn in the worker vs CSS2DRenderer labels',
    '',
    `Measured ${date} (\`npm run bench -- --scene=cards\`), median of ${r.repeats} run(s) per case; ${load}.`,
    'The page (tests/bench/page/cards.tsx) runs the `light` scene of page/scenes.ts (40 lit meshes with shadows, orbit auto-rotating)',
    'in a render worker, 1000x600, with 100 or 500 data cards anchored on a grid over the floor, three data items each,',
    'every value changing 10 times a second. Each case is a fresh page in the same browser:',
    '',
    '- **engine**: the cards go to the space through its `cards` prop and are drawn by the worker (screen-facing, fixed size);',
    '  every 100 ms the page makes a new CardDraw for every card (what the main-thread card store does when values change).',
    "- **baseline**: the worker draws the scene without cards; three's CSS2DRenderer on the main thread renders one DOM label",
    '  per card (a card body with three label + value rows) every animation frame, its camera orbiting at the same speed,',
    '  and the values are rewritten with `textContent` every 100 ms.',
    "- **no cards**: the same scene, nothing else: the worker's reference frame rate.",
    '',
    `Each run warms up ${r.warmupMs} ms and measures ${r.measureMs} ms with an idle main thread, then starts the busy load`,
    "(200 ms of synchronous work every 250 ms) and measures again. Main-thread time comes from Chrome's",
    '`Performance.getMetrics` (deltas per second of the window): "all tasks" is `TaskDuration` (every main-thread task in full,',
    'so paint and compositing commit too: Chrome reports no paint time of its own there), with `ScriptDuration` and',
    '`RecalcStyleDuration + LayoutDuration` in brackets. Worker fps and gaps are counted by the engine itself (`stats()`);',
    "the baseline's labels fps counts CSS2DRenderer renders (animation frames) on the main thread. Busy-host main-thread",
    'time includes the 800 ms/s of the load itself. "no answer": the worker did not answer `stats()` within 15 s (its',
    'message queue backlogged with card updates), counted as 0 fps.',
    '',
    cardsTable(r),
    '',
    ...cardsChecks(r).map((c) => `- ${checkLine(c)}`),
    '',
    "Where the worker's time goes at 500 cards, and why the frame-rate goal is not met on this machine: [cards-profile.md](cards-profile.md).",
    END,
  ].join('\n');
}

/**
 * `section` (its own begin and end markers included) in place of the part of `page` between
 * `begin` and `end`, or, the first time, before "## How to run" (else at the end).
 */
export function spliceBetween(page, begin, end, section) {
  const from = page.indexOf(begin);
  const to = page.indexOf(end);
  if (from >= 0 && to > from) return page.slice(0, from) + section + page.slice(to + end.length);
  const howTo = page.indexOf('\n## How to run');
  if (howTo >= 0) return `${page.slice(0, howTo)}\n${section}\n${page.slice(howTo)}`;
  return `${page.trimEnd()}\n\n${section}\n`;
}

export function spliceCards(page, section) {
  return spliceBetween(page, BEGIN, END, section);
}
