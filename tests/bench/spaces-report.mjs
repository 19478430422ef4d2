// The table and the docs/benchmarks.md section for the many-spaces benchmark (spaces.mjs).

export const DEFAULT_LIVE_CONTEXTS_NOTE = 'cap 12 live contexts (src/bridge/visibility.ts DEFAULT_LIVE_CONTEXTS)';
export const BEGIN = '<!-- bench:spaces:begin -->';
export const END = '<!-- bench:spaces:end -->';

const s = (v) => (v === null ? 'never' : `${(v / 1000).toFixed(1)} s`);
const ms = (v, never) => (v === null ? never : `${Math.round(v)} ms`);
const n = (v) => String(Math.round(v));

/** The table's columns: a key of the result (spaces.mjs SPACES_RUNS) and its heading. */
const COLUMNS = [
  ['engine', 'engine, quiet page'],
  ['before', 'before issue 34, quiet page'],
  ['engineBusy', 'engine, busy page'],
  ['beforeBusy', 'before issue 34, busy page'],
  ['keep', 'every context kept (before issue 8), quiet page'],
];

/** @type {[key: string, label: (r: object) => string, format: (v: number | null) => string][]} */
const ROWS = [
  [
    'allDrawnMs',
    (r) =>
      `time from navigation until every one of the ${r.engine.spaces} spaces drew (never: some had not after 240 s, or could not any more)`,
    s,
  ],
  ['spacesDrawn', (r) => `spaces that drew their first frame (of ${r.engine.spaces})`, n],
  ['firstScreenMs', () => 'time from navigation until the spaces of the first screen drew', s],
  ['lastScreenMs', () => 'time from the scroll reaching the end until the spaces in view there drew', s],
  ['firstFrameMedianMs', () => "a space's first frame after the page mounted, median of the spaces that drew", s],
  ['firstFrameMaxMs', () => "a space's first frame after the page mounted, the last of the spaces that drew", s],
  ['waitMedianMs', () => 'time a space waited for its first context, median', s],
  ['startMedianMs', () => "time from a space's (last) start to its first frame, median: the worker's own start", s],
  ['startMaxMs', () => "time from a space's (last) start to its first frame, longest", s],
  ['starts', () => 'engines started until then (a space released before it drew starts again)', n],
  ['workersStarted', () => 'workers started during the run (render workers, model parsers)', n],
  ['maxStarting', () => 'most spaces starting at once', n],
  ['maxLive', () => 'most live contexts at any frame', n],
  ['contextsLost', () => 'contexts the browser took away (over its limit of about 16)', n],
  ['showingImage', () => 'spaces showing an image at the end (live, or their last frame)', n],
  [
    'backLiveMs',
    () => 'scrolled back to the top: until the first space is live and drew its view again',
    (v) => ms(v, 'never (its context was lost)'),
  ],
];

export function spacesTable(r) {
  const cols = COLUMNS.filter(([key]) => r[key]);
  const lines = [`| figure | ${cols.map(([, head]) => head).join(' | ')} |`, `|---|${cols.map(() => '---:').join('|')}|`];
  for (const [key, label, fmt] of ROWS) lines.push(`| ${label(r)} | ${cols.map(([col]) => fmt(r[col][key])).join(' | ')} |`);
  return lines.join('\n');
}

export function spacesHuman(r) {
  return `Many spaces (${r.engine.spaces} on one dashboard, median of ${r.repeats}):\n${spacesTable(r)}`;
}

/** The paragraph under the table, its figures from this run. */
function whereTimeGoes(r) {
  const { engine, engineBusy, keep } = r;
  const lines = [
    `Where the time goes: with twelve starting at once, a space's own start (worker boot, scene, first frame) took ${s(engine.startMedianMs)}`,
    `median (${s(engineBusy.startMedianMs)} with a busy page); the rest of its wait (${s(engine.waitMedianMs)} median) is its turn. Of the engine's`,
    `${n(engine.starts)} starts, ${n(engine.starts - engine.spaces)} were thrown away or repeated: spaces released before they drew as the view moved`,
    'on, and spaces in view that gave their slot to a turn out of view. Starting four at a time instead was slower (visibility.ts',
    'says by how much). Every space that drew used to start a model parser at once (the worker script booted a second time),',
    'also one drawn only to give its context back; it now waits 3 s (worker/engine/engine.ts `PREWARM_AFTER_MS`, measured',
    'there). The build is the same for every column, so the before-issue-34 columns have that change too: they differ from',
    "the engine's in the scheduler alone.",
  ];
  if (keep && engine.allDrawnMs !== null && keep.allDrawnMs !== null && keep.allDrawnMs < engine.allDrawnMs)
    lines.push(
      '',
      `With every context kept, all ${n(keep.spaces)} started at once and drew in ${s(keep.allDrawnMs)}, sooner than the engine's turns: on this`,
      `machine the starts overlap well, and Chromium took no render-worker context away, but ${n(keep.maxLive)} workers and contexts then stay`,
      'alive for good (memory, CPU, GPU process work), which is what the cap of issue 8 bounds.',
    );
  return lines;
}

export function spacesSection(r, { date, load }) {
  const count = r.engine.spaces;
  return [
    BEGIN,
    '## Many spaces on one dashboard',
    '',
    `Measured ${date} (\`npm run bench -- --scene=spaces\`), median of ${r.repeats} run(s) per column; ${load}.`,
    `The page (tests/bench/page/spaces.tsx) is a dashboard of ${count} spaces (the \`tile\` scene of page/scenes.ts: 12 lit meshes on the`,
    'ground, no shadows or environment, standing still; 260x170 each, three columns, about four rows in a 1100x700 view). Once the',
    "first screen drew, it scrolls to the end at a reader's pace (0.8 of the view a second, not waiting for anything, as the",
    'held-out probe of issue 34 does), stays there until every space drew, then scrolls back to the top. Every column runs in the',
    'same browser, one fresh page each, the order alternating between rounds. The busy page runs 200 ms of script every 250 ms on',
    'its main thread (page/busy.ts) from the start.',
    '',
    `- engine: the product, ${DEFAULT_LIVE_CONTEXTS_NOTE}: spaces in view first; once they all drew, spaces out of view that`,
    '  never drew get a turn, two at a time, nearest the view first, each drawing its first image and giving its context back.',
    '- before issue 34: the same page with that turn taken away (`?mode=before`, visibility.ts `onlySpacesInView`): a space',
    '  scrolled past before it drew waits until it is scrolled back, as the probe saw.',
    '- every context kept: each space holds a context from the start, in view or not, with no cap (`?mode=keep`).',
    '',
    spacesTable(r),
    '',
    ...whereTimeGoes(r),
    END,
  ].join('\n');
}

export function spliceSpaces(page, section) {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin >= 0 && end > begin) return page.slice(0, begin) + section + page.slice(end + END.length);
  const howTo = page.indexOf('\n## How to run');
  if (howTo >= 0) return `${page.slice(0, howTo)}\n${section}\n${page.slice(howTo)}`;
  return `${page.trimEnd()}\n\n${section}\n`;
}
