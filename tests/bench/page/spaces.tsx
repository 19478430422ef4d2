import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { DEFAULT_LIVE_CONTEXTS, keepAllContexts } from '../../../src/bridge/visibility';
import type { EngineEvent } from '../../../shared/protocol';
import { tile } from './scenes';

/**
 * The many-spaces benchmark page (issue 8 §5): a dashboard of 24 spaces in a 3-column grid of 8
 * rows, about four rows in view, scrolled through by the page itself.
 *   ?mode=release   the product: spaces out of view release their context (cap 12)
 *   ?mode=keep      the baseline: every space holds a context from the start (the old behaviour)
 */
export const SPACES = 24;
const COLUMNS = 3;
const TILE = { width: 260, height: 170 };

export interface SpacesResult {
  /** Navigation start -> every space in the first screen has drawn. */
  firstScreenMs: number;
  /** Navigation start -> every one of the 24 spaces has drawn its first settled frame (or lost its context). */
  allDrawnMs: number;
  /** Spaces that drew their first frame. */
  spacesDrawn: number;
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
    __benchSpaces: { run(): Promise<SpacesResult>; problems(): string[] };
  }
}

const params = new URLSearchParams(location.search);
const keep = params.get('mode') === 'keep';
if (keep) keepAllContexts();
const errors: string[] = [];
const refs = Array.from({ length: SPACES }, () => createRef<ThreeDSpaceHandle>());
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

async function run(): Promise<SpacesResult> {
  let maxLive = 0;
  let sampling = true;
  const sample = () => {
    maxLive = Math.max(maxLive, document.querySelectorAll('canvas.dash3d-canvas').length);
    if (sampling) requestAnimationFrame(sample);
  };
  sample();
  // Scroll down a screen at a time, each time once the spaces in view have drawn (a user reading).
  let firstScreenMs = 0;
  for (let y = 0; ; y += Math.round(innerHeight * 0.8)) {
    scrollTo(0, y);
    await sleep(50);
    await until(() => roots().filter(inView).every(done), `the spaces in view at ${y}px to draw`);
    firstScreenMs ||= performance.now();
    if (y + innerHeight >= document.documentElement.scrollHeight) break;
  }
  await until(() => roots().every(done), 'every space to draw');
  const allDrawnMs = performance.now();
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
  return {
    firstScreenMs,
    allDrawnMs,
    spacesDrawn,
    contextsAlive: live - contextsLost,
    maxLive,
    contextsLost,
    showingImage,
    backImageMs,
    backLiveMs,
    restarts: refs.reduce((n, r) => n + (r.current?.restarts ?? 0), 0),
  };
}

const host = document.getElementById('bench')!;
Object.assign(host.style, { display: 'grid', gridTemplateColumns: `repeat(${COLUMNS}, ${TILE.width}px)`, gap: '8px', padding: '8px' });
createRoot(host).render(
  refs.map((ref, i) => (
    <div key={i} style={{ width: TILE.width, height: TILE.height }}>
      <ThreeDSpace ref={ref} config={config} heartbeat={HEARTBEAT} onEvent={onEvent} />
    </div>
  )),
);

window.__benchSpaces = { run, problems: () => [...errors] };
console.info(`[bench] spaces page: ${keep ? 'every context kept (baseline)' : `release out of view, cap ${DEFAULT_LIVE_CONTEXTS}`}`);
