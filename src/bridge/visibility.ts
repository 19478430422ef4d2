/**
 * Which 3D spaces of the page hold a live WebGL context. Browsers keep about 16 per page and
 * silently drop the oldest beyond that; every live context also costs a render worker's CPU and
 * memory. So a space holds one while it is in view (within MARGIN of the viewport), and at most
 * `cap` of them at once. A released space shows its last frame (useSpaceEngine) and gets a context
 * back when it scrolls into view again. Who gets one is decided in visibility-choice.ts: the spaces
 * in view first, then, once they all drew, spaces out of view that never drew, a few at a time,
 * each only until it drew its first image: so every space of a long dashboard draws in bounded
 * time, also the ones scrolled past before they drew (issue 34 §5).
 *
 * A space released for the cap while still in view keeps showing its last frame until it is
 * scrolled into view anew or the user touches it. A space in view that has no context yet is told
 * it waits its turn (its loading screen says so). There is no separate limit on spaces starting at
 * once: tried with 24 tiles on 2 cores, starting four at a time drew the first screen in 16 s where
 * starting all 24 at once took 13 s; tried again with 40 tiles scrolled through (issue 34), four at
 * a time drew the first screen in 6.1 s (10.1 to 10.7 s with a busy page) where twelve at once took
 * 3.4 s (6.4 to 8.0 s). The starts overlap well; a queue only adds its hand-over delays.
 */

import { chooseLive } from './visibility-choice';

/** Live contexts a page keeps by default: below the browsers' ~16, leaving room for the host's own. */
export const DEFAULT_LIVE_CONTEXTS = 12;
/**
 * Spaces this close to the viewport count as in view: they are back before they scroll in. The
 * margin widens the viewport only; inside a dashboard's own scrolling container the container's
 * edge clips, so there a space starts as it scrolls in (checked: IntersectionObserver in Chromium).
 */
const MARGIN = '200px';
/**
 * Spaces out of view drawing their first image at once. Two: on 2 cores a start is mostly one
 * core's work, so two keep the machine busy while leaving the spaces in view their frames.
 */
const FIRST_IMAGES_AT_ONCE = 2;

export interface LiveContextWatch {
  /**
   * The space drew a frame with content, or showed its error: it has an image to show while
   * released (true). False: it has none again (it lost it, or was released before it could be kept).
   */
  drawn(has?: boolean): void;
  /** The user acts on the space: it becomes the most recently seen. */
  touch(): void;
  dispose(): void;
}

interface Entry {
  /** Unknown until the observer's first report: no decision is taken on a guess. */
  known: boolean;
  visible: boolean;
  drawn: boolean;
  seq: number;
  /** Mount order: the page order where the element cannot tell (no DOM). */
  order: number;
  el: Element;
  /** Holding a context, or giving it back (still counted until the release finished). */
  live: boolean;
  releasing: boolean;
  /** In view, never drawn, and no context given: what the space was last told (see LiveContextWait). */
  waiting: boolean;
  onChange: LiveContextChange;
  onWait: LiveContextWait | undefined;
}

/**
 * Called with true: start (the space may take a context now). With false: give the context back;
 * the returned promise settles once it is gone, and only then is its slot given to another space.
 */
export type LiveContextChange = (live: boolean) => void | Promise<void>;
/** Called with true when the space is in view but waits for a context (over the cap), false when that ends. */
export type LiveContextWait = (waiting: boolean) => void;

const entries = new Set<Entry>();
let cap = DEFAULT_LIVE_CONTEXTS;
let clock = 0;
let mounted = 0;
let keepAll = false;
let firstImagesAtOnce = FIRST_IMAGES_AT_ONCE;
/** The moment of the reports being delivered now (see seenNow). */
let moment: number | null = null;

/**
 * One number for every report delivered in the same task: observers report one after another
 * within a single rendering step, with microtasks run in between, so only a macrotask ends it.
 * The decision waits for that end too: taken per report, the first space to report would take a
 * free slot only to give it back to a space higher on the page a moment later.
 */
function seenNow(): number {
  if (moment === null) {
    moment = ++clock;
    setTimeout(() => {
      moment = null;
      rebalance();
    }, 0);
  }
  return moment;
}

/** Page order: negative when a is above (before) b. */
function pageOrder(a: Entry, b: Entry): number {
  if (typeof a.el.compareDocumentPosition === 'function') {
    const p = a.el.compareDocumentPosition(b.el);
    if (p & 4 /* b follows a */) return -1;
    if (p & 2 /* b precedes a */) return 1;
  }
  return a.order - b.order;
}

/**
 * Every space mounted from now on holds a context from the start, in view or not, with no cap:
 * the behaviour before issue 8, kept as the benchmark's baseline (tests/bench/spaces.mjs).
 */
export function keepAllContexts(): void {
  keepAll = true;
}

/**
 * Only spaces in view get a context, and a space scrolled past before it drew waits until it is
 * scrolled back: the behaviour before issue 34, kept as the benchmark's baseline.
 */
export function onlySpacesInView(): void {
  firstImagesAtOnce = 0;
  rebalance();
}

/** The host's cap on live contexts (a whole number, at least 1); applies to the whole page. */
export function setLiveContextCap(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n === cap) return;
  cap = n;
  rebalance();
}

export function liveContextCap(): number {
  return cap;
}

/** Spaces holding a context now (benchmarks and tests read it). */
export function liveContexts(): number {
  let n = 0;
  for (const e of entries) if (e.live || e.releasing) n++;
  return n;
}

function rebalance(): void {
  const keep = chooseLive([...entries], { cap, firstImagesAtOnce, pageOrder });
  for (const e of entries) {
    if (e.live && !keep.includes(e)) {
      e.live = false;
      e.releasing = true;
      const done = () => {
        e.releasing = false;
        rebalance();
      };
      Promise.resolve(e.onChange(false)).then(done, done);
    }
  }
  // A slot is given only once the context that held it is gone: the count never goes over the cap.
  let held = liveContexts();
  for (const e of keep) {
    if (held >= cap) break;
    if (e.live || e.releasing) continue;
    e.live = true;
    held++;
    void e.onChange(true);
  }
  for (const e of entries) {
    const waiting = e.known && e.visible && !e.drawn && !e.live;
    if (waiting === e.waiting) continue;
    e.waiting = waiting;
    e.onWait?.(waiting);
  }
}

/**
 * Watch `el` (a space's root) and call `onChange(true)` when the space should hold a context,
 * `onChange(false)` when it should give it back, and `onWait` whether it waits its turn. Where
 * IntersectionObserver is missing, every space is live.
 */
export function watchLiveContext(el: Element, onChange: LiveContextChange, onWait?: LiveContextWait): LiveContextWatch {
  const entry: Entry = {
    known: false,
    visible: false,
    drawn: false,
    seq: 0,
    order: ++mounted,
    el,
    live: false,
    releasing: false,
    waiting: false,
    onChange,
    onWait,
  };
  entries.add(entry);
  let observer: IntersectionObserver | null = null;
  if (keepAll) {
    entries.delete(entry);
    void onChange(true);
  } else if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (records) => {
        const last = records.at(-1); // the newest state; a batch is never empty
        if (!last) return;
        const visible = last.isIntersecting;
        if (entry.known && visible === entry.visible) return;
        entry.known = true;
        entry.visible = visible;
        // Decided at the end of this moment (seenNow), also for a space leaving the view.
        const now = seenNow();
        if (visible) entry.seq = now;
      },
      { rootMargin: MARGIN },
    );
    observer.observe(el);
  } else {
    Object.assign(entry, { known: true, visible: true, seq: seenNow() });
  }
  let disposed = false;
  return {
    drawn(has = true) {
      if (disposed || entry.drawn === has) return;
      entry.drawn = has;
      rebalance();
    },
    touch() {
      if (disposed || !entry.visible) return;
      entry.seq = ++clock;
      rebalance();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      observer?.disconnect();
      // Unmounted: the space's own clean-up terminates its engine.
      entries.delete(entry);
      entry.live = entry.releasing = false;
      rebalance();
    },
  };
}
