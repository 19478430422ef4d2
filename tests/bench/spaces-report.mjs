// The table and the docs/benchmarks.md section for the many-spaces benchmark (spaces.mjs).

export const DEFAULT_LIVE_CONTEXTS_NOTE = 'cap 12 live contexts (src/bridge/visibility.ts DEFAULT_LIVE_CONTEXTS)';
export const BEGIN = '<!-- bench:spaces:begin -->';
export const END = '<!-- bench:spaces:end -->';

const s = (v) => (v === null ? 'never' : `${(v / 1000).toFixed(1)} s`);
const ms = (v, never) => (v === null ? never : `${Math.round(v)} ms`);
const n = (v) => String(Math.round(v));

/** @type {[key: string, label: string, format: (v: number | null) => string][]} */
const ROWS = [
  ['firstScreenMs', 'time from navigation until the spaces of the first screen drew', s],
  ['allDrawnMs', 'time from navigation until every space drew (or lost its context), scrolling a screen at a time', s],
  ['spacesDrawn', 'spaces that drew their first frame (of 24)', n],
  ['contextsAlive', 'WebGL contexts alive at the end', n],
  ['maxLive', 'most live contexts at any frame', n],
  ['contextsLost', 'contexts the browser took away (over its limit of about 16)', n],
  ['showingImage', 'spaces showing an image at the end (live, or their last frame)', n],
  ['backImageMs', 'scrolled back to the top: until the first space shows its image', (v) => ms(v, 'never (its context was lost)')],
  [
    'backLiveMs',
    'scrolled back to the top: until the first space is live and drew its view again',
    (v) => ms(v, 'never (its context was lost)'),
  ],
];

export function spacesTable(r) {
  const lines = [
    `| figure | engine: out-of-view spaces release their context, ${DEFAULT_LIVE_CONTEXTS_NOTE} | baseline: every space keeps its context |`,
    '|---|---:|---:|',
  ];
  for (const [key, label, fmt] of ROWS) lines.push(`| ${label} | ${fmt(r.engine[key])} | ${fmt(r.baseline[key])} |`);
  return lines.join('\n');
}

export function spacesHuman(r) {
  return `Many spaces (24 on one dashboard, median of ${r.repeats}):\n${spacesTable(r)}`;
}

export function spacesSection(r, { date, load }) {
  return [
    BEGIN,
    '## Many spaces on one dashboard',
    '',
    `Measured ${date} (\`npm run bench -- --scene=spaces\`), median of ${r.repeats} run(s) per mode; ${load}.`,
    'The page (tests/bench/page/spaces.tsx) is a dashboard of 24 spaces (the `tile` scene of page/scenes.ts: 12 lit meshes on the',
    'ground, no shadows or environment, standing still; 260x170 each, three',
    'columns of eight rows, about four rows in a 1100x700 view). It scrolls down a screen at a time, each time once the spaces in view drew,',
    'then back to the top. Both modes run in the same browser, one fresh page each.',
    '',
    spacesTable(r),
    '',
    'A released space shows its last frame (a plain 2D canvas, no WebGL context) at once; the figure after it is the time',
    'until a new engine drew the same view (the camera pose is kept over the release).',
    ...(r.baseline.contextsLost === 0
      ? [
          '',
          'In this run the browser took no context away from the baseline: Chromium did not evict render-worker (OffscreenCanvas)',
          'contexts at 24. What the release bounds here is the number of live render workers and contexts (memory, CPU, GPU',
          `process work)${r.engine.firstScreenMs < r.baseline.firstScreenMs ? ', and the first screen draws sooner because only spaces in view start' : ''}.`,
        ]
      : []),
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
