import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { DEFAULT_LIVE_CONTEXTS, keepAllContexts, onlySpacesInView } from '../../../src/bridge/visibility';
import type { EngineEvent } from '../../../shared/protocol';
import { busy } from './busy';
import { tile } from './scenes';

/**
 * The many-spaces benchmark page (issue 8 §5, issue 34 §5): a dashboard of 40 spaces in a
 * 3-column grid, about four rows in view. Once the first screen drew, the page scrolls to the end
 * at a reader's pace (a screen a second, not waiting for anything), as the held-out probe does,
 * stays there, and waits until every space drew.
 *   ?mode=release   the product: spaces out of view release their context (cap 12), and once the
 *                   spaces in view drew, the ones out of view that never drew get a turn each
 *   ?mode=before    the same without those turns: a space passed before it drew waits until it is
 *                   scrolled back (the behaviour before issue 34)
 *   ?mode=keep      every space holds a context from the start (the behaviour before issue 8)
 *   ?busy=1         the page's main thread is kept busy throughout (busy.ts)
 *   ?count=N        N spaces instead of 40
 */
const COUNT = Number(new URLSearchParams(location.search).get('count')) || 40;
const COLUMNS = 3;
const TILE = { width: 260, height: 170 };
/** The scroll's pace: a step of 0.8 of the view this often. */
const STEP_MS = 1000;
/** A space not drawn this long after navigation counts as never drawn. */
const DEADLINE_MS = 240_000;
/** Nothing starting and nothing drawing this long, with spaces left undrawn: they never will. */
const STALL_MS = 8000;

export interface SpacesResult {
  spaces: number;
  /** Navigation start -> every space in the first screen has drawn. */
  firstScreenMs: number;
  /** The scroll reached the end -> every space in view there has drawn. */
  lastScreenMs: number;
  /** Navigation start -> every space has drawn its first frame (or lost its context); null: not within the deadline. */
  allDrawnMs: number | null;
  /** Spaces that drew their first frame. */
  spacesDrawn: number;
  /** Median and longest time from the page's mount to a space's first frame (the undrawn ones left out). */
  firstFrameMedianMs: number;
  firstFrameMaxMs: number;
  /** Median and longest time a space waited for its first context (mount -> live). */
  waitMedianMs: number;
  /** Median and longest time from a space's (last) start to its first frame: the worker's own start. */
  startMedianMs: number;
  startMaxMs: number;
  /** Engines started until every space drew (or the run gave up): a space released before it drew starts again later. */
  starts: number;
  /** Most spaces starting (live, not yet drawn) at once. */
  maxStarting: number;
  /** Spaces with a working context at the end (live and not lost). */
  contextsAlive: number;
  /** Most live canvases seen at any frame during the run. */
  maxLive: number;
  /** Spaces whose context the browser took away (they show nothing). */
  contextsLost: number;
  /** Spaces showing an image at the end: drawn live, or their last frame while released. */
  showingImage: number;
  /** Back at the top: scroll -> the first space shows its image (null: it shows nothing). */
  backImageMs: number | null;
  /** Back at the top: scroll -> the first space is live again and drew its view (null: never). */
  backLiveMs: number | null;
  restarts: number;
}

declare global {
  interface Window {
    __benchSpaces: {
      run(): Promise<SpacesResult>;
      settle(): Promise<{ drawn: number; lost: number; liveCap: number }>;
      problems(): string[];
    };
  }
}

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'release';
if (mode === 'keep') keepAllContexts();
else if (mode === 'before') onlySpacesInView();
else if (mode !== 'release') throw new Error(`unknown mode ${mode}`);
if (params.get('busy') === '1') busy(true);
const errors: string[] = [];
const refs = Array.from({ length: COUNT }, () => createRef<ThreeDSpaceHandle>());
const config = tile.config;
// As in main.tsx: the benchmark measures drawing, so a starved start is waited for, not restarted.
const HEARTBEAT = { intervalMs: 1000, silentTicks: 60 };

function onEvent(e: EngineEvent) {
  if (e.type === 'error') errors.push(`${e.code}: ${e.message}`);
  else if (e.type === 'script-error') errors.push(`script ${e.hook}: ${e.message}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const roots = () => [...document.querySelectorAll<HTMLElement>('.dash3d-space')];
const drawn = (r: HTMLElement) => r.dataset.state === 'ready';
/** The browser took the space's context away (over its own limit): it will not draw again. */
const isLost = (r: HTMLElement) => !!r.querySelector('[data-notice="notice.contextLost"]');
const done = (r: HTMLElement) => drawn(r) || isLost(r);

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 900_000) {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    if (roots().some((r) => r.dataset.state === 'error')) throw new Error(`a space failed: ${errors.join('; ')}`);
    await sleep(25);
  }
}

const inView = (r: HTMLElement) => {
  const b = r.getBoundingClientRect();
  return b.bottom > 0 && b.top < innerHeight;
};

/** Per space: when it was first given a context, when its last start began, when it first drew, how often it started. */
interface Timeline {
  firstLive: number | null;
  lastStart: number | null;
  firstDrawn: number | null;
  starts: number;
}

/** Reads every space's data-context and data-state as they change (a MutationObserver: no polling gaps). */
function watchTimelines() {
  const lines: Timeline[] = roots().map(() => ({ firstLive: null, lastStart: null, firstDrawn: null, starts: 0 }));
  const seen = roots().map(() => ({ live: false, drawn: false }));
  let maxStarting = 0;
  const read = () => {
    const now = performance.now();
    let starting = 0;
    roots().forEach((r, i) => {
      const line = lines[i]!;
      const was = seen[i]!;
      const live = r.dataset.context === 'live';
      const isDrawn = done(r);
      if (live && !was.live) {
        line.starts++;
        line.firstLive ??= now;
        if (line.firstDrawn === null) line.lastStart = now;
      }
      if (isDrawn && line.firstDrawn === null) line.firstDrawn = now;
      if (live && line.firstDrawn === null) starting++;
      seen[i] = { live, drawn: isDrawn };
    });
    maxStarting = Math.max(maxStarting, starting);
  };
  read();
  const observer = new MutationObserver(read);
  observer.observe(document.getElementById('bench')!, { subtree: true, attributes: true, attributeFilter: ['data-context', 'data-state'] });
  return {
    lines,
    maxStarting: () => maxStarting,
    /** Some space holds a context and has not drawn yet: something is under way. */
    starting: () => roots().some((r) => r.dataset.context === 'live' && !done(r)),
    stop: () => observer.disconnect(),
  };
}

const med = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return 0;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function run(): Promise<SpacesResult> {
  const mountedAt = mountAt;
  const timelines = watchTimelines();
  let maxLive = 0;
  let sampling = true;
  const sample = () => {
    maxLive = Math.max(maxLive, document.querySelectorAll('canvas.dash3d-canvas').length);
    if (sampling) requestAnimationFrame(sample);
  };
  sample();
  await until(() => roots().filter(inView).every(done), 'the first screen to draw');
  const firstScreenMs = performance.now();
  // Down to the end at a reader's pace, whether or not the spaces passed have drawn.
  for (let y = Math.round(innerHeight * 0.8); ; y += Math.round(innerHeight * 0.8)) {
    await sleep(STEP_MS);
    scrollTo(0, y);
    if (y + innerHeight >= document.documentElement.scrollHeight) break;
  }
  const atEnd = performance.now();
  await sleep(50);
  await until(() => roots().filter(inView).every(done), 'the last screen to draw');
  const lastScreenMs = performance.now() - atEnd;
  // Every space, or until nothing can happen any more (a space passed undrawn that never starts).
  let quietSince = performance.now();
  let drawnCount = 0;
  for (;;) {
    const now = performance.now();
    const count = roots().filter(done).length;
    if (count === roots().length || now > DEADLINE_MS) break;
    if (count !== drawnCount || timelines.starting()) quietSince = now;
    drawnCount = count;
    if (now - quietSince > STALL_MS) break;
    if (roots().some((r) => r.dataset.state === 'error')) throw new Error(`a space failed: ${errors.join('; ')}`);
    await sleep(100);
  }
  const starts = timelines.lines.reduce((n, l) => n + l.starts, 0);
  const everyDrawn = roots().every(done);
  const allDrawnMs = everyDrawn ? Math.max(...timelines.lines.map((l) => l.firstDrawn ?? 0)) : null;
  const spacesDrawn = roots().filter(drawn).length;
  await sleep(1000);
  const lostFlags = roots().map(isLost);
  const contextsLost = lostFlags.filter(Boolean).length;
  const live = refs.filter((r) => r.current?.context === 'live').length;
  const showingImage = roots().filter((r, i) =>
    refs[i]?.current?.context === 'live' ? !lostFlags[i] : !!r.querySelector('.dash3d-last-frame'),
  ).length;

  const [first] = roots();
  const [firstRef] = refs;
  if (!first || !firstRef) throw new Error('no spaces on the page');
  const t = performance.now();
  scrollTo(0, 0);
  let backImageMs: number | null = null;
  let backLiveMs: number | null = null;
  if (!isLost(first)) {
    await until(() => !!first.querySelector('.dash3d-last-frame, canvas.dash3d-canvas'), 'the first space to show an image');
    backImageMs = performance.now() - t;
    await until(
      () => firstRef.current?.context === 'live' && !first.querySelector('.dash3d-last-frame') && drawn(first),
      'the first space to be live',
    );
    await firstRef.current!.settled();
    backLiveMs = performance.now() - t;
  }
  sampling = false;
  timelines.stop();
  const lines = timelines.lines.filter((l) => l.firstDrawn !== null);
  const firstFrames = lines.map((l) => l.firstDrawn! - mountedAt);
  const startTimes = lines.map((l) => l.firstDrawn! - (l.lastStart ?? mountedAt));
  return {
    spaces: COUNT,
    firstScreenMs,
    lastScreenMs,
    allDrawnMs,
    spacesDrawn,
    firstFrameMedianMs: med(firstFrames),
    firstFrameMaxMs: Math.max(0, ...firstFrames),
    waitMedianMs: med(lines.map((l) => (l.firstLive ?? mountedAt) - mountedAt)),
    startMedianMs: med(startTimes),
    startMaxMs: Math.max(0, ...startTimes),
    starts,
    maxStarting: timelines.maxStarting(),
    contextsAlive: live - contextsLost,
    maxLive,
    contextsLost,
    showingImage,
    backImageMs,
    backLiveMs,
    restarts: refs.reduce((n, r) => n + (r.current?.restarts ?? 0), 0),
  };
}

/**
 * For the memory figures (spaces-memory.mjs): waits until every space drew and settled, where it stands
 * (no scrolling), and says how many drew and how many lost their context.
 */
async function settle(): Promise<{ drawn: number; lost: number; liveCap: number }> {
  await until(() => roots().every(done), 'every space to draw');
  for (const r of refs) if (r.current) await r.current.settled();
  return { drawn: roots().filter(drawn).length, lost: roots().filter(isLost).length, liveCap: DEFAULT_LIVE_CONTEXTS };
}

const host = document.getElementById('bench')!;
Object.assign(host.style, { display: 'grid', gridTemplateColumns: `repeat(${COLUMNS}, ${TILE.width}px)`, gap: '8px', padding: '8px' });
const mountAt = performance.now();
createRoot(host).render(
  refs.map((ref, i) => (
    <div key={i} style={{ width: TILE.width, height: TILE.height }}>
      <ThreeDSpace ref={ref} config={config} heartbeat={HEARTBEAT} onEvent={onEvent} />
    </div>
  )),
);

window.__benchSpaces = { run, settle, problems: () => [...errors] };
console.info(
  `[bench] spaces page: ${COUNT} spaces, ${mode === 'keep' ? 'every context kept' : `release out of view, cap ${DEFAULT_LIVE_CONTEXTS}`}${params.get('busy') === '1' ? ', busy page' : ''}`,
);
