/**
 * Which spaces should hold a live context, given what the registry (visibility.ts) knows of each:
 * a pure decision, so its order can be read and tested without observers.
 *
 * 1. Spaces in view, at most `cap`: those that have drawn nothing yet first, in the order they came
 *    into view (spaces that came in one scroll share one moment; among them the higher on the
 *    page), then the most recently seen or touched.
 * 2. Once every space in view has drawn, spaces out of view that never drew get slots (free ones,
 *    or a few given up by the spaces in view: `reserved`), nearest the ones in view first,
 *    `firstImagesAtOnce` at a time: each draws its first image and gives its context back (the
 *    registry releases it as soon as it drew, keeping the image). So a space scrolled past before
 *    it drew still draws, instead of saying loading until it is scrolled back (issue 34 §5), and
 *    the spaces in view are not starved of the cores for it.
 *
 * A space out of view still starting its first image keeps its slot while the spaces in view
 * leave room for it, even when one of them has not drawn yet: giving it back would throw its
 * start away.
 */

export interface Candidate {
  /** The observer reported: in view or not. Unknown spaces are not decided on a guess. */
  known: boolean;
  visible: boolean;
  drawn: boolean;
  /** Holding a context now (or giving it back). */
  live: boolean;
  /** When it last came into view (or was touched): later is more recent. */
  seq: number;
}

export interface ChoiceOptions<T extends Candidate> {
  cap: number;
  /** Spaces out of view drawing their first image at once; 0: none (the behaviour before issue 34). */
  firstImagesAtOnce: number;
  /** Page order: negative when a is above (before) b. */
  pageOrder(a: T, b: T): number;
}

function rank<T extends Candidate>(pageOrder: ChoiceOptions<T>['pageOrder']) {
  return (a: T, b: T): number => {
    if (a.drawn !== b.drawn) return a.drawn ? 1 : -1;
    const bySeen = a.drawn ? b.seq - a.seq : a.seq - b.seq;
    return bySeen || pageOrder(a, b);
  };
}

/**
 * Nearness to the view by page order: how many spaces lie between a space and the nearest one in
 * view. Page order rather than pixels: it holds inside a dashboard's own scrolling container too,
 * where the distance to the window's edge says nothing, and it reads no layout.
 */
function distances<T extends Candidate>(all: readonly T[], pageOrder: ChoiceOptions<T>['pageOrder']): Map<T, number> {
  const onPage = [...all].sort(pageOrder);
  const shown = onPage.flatMap((e, i) => (e.known && e.visible ? [i] : []));
  return new Map(onPage.map((e, i) => [e, shown.length ? Math.min(...shown.map((s) => Math.abs(s - i))) : i]));
}

/**
 * Slots the spaces in view give up for first images out of view, once they all drew: a quarter of
 * the cap, at least one, at most `firstImagesAtOnce`. Without it a dashboard whose view holds the cap
 * (12 tiles of 260x170 do) would never draw what was scrolled past. The spaces giving them up are
 * the least recently seen; they show their last frame meanwhile.
 */
function reserved(cap: number, firstImagesAtOnce: number): number {
  return Math.min(firstImagesAtOnce, Math.max(1, Math.floor(cap / 4)));
}

/** The spaces that should hold a context now, in the order their slots are to be given. */
export function chooseLive<T extends Candidate>(all: readonly T[], opts: ChoiceOptions<T>): T[] {
  const inView = all.filter((e) => e.known && e.visible).sort(rank(opts.pageOrder));
  const away = opts.firstImagesAtOnce > 0 ? all.filter((e) => e.known && !e.visible && !e.drawn) : [];
  const settled = inView.every((e) => e.drawn);
  const reserve = settled && away.length ? reserved(opts.cap, opts.firstImagesAtOnce) : 0;
  const keep = inView.slice(0, Math.max(0, opts.cap - reserve));
  const room = opts.cap - keep.length;
  if (room <= 0 || !away.length) return keep;
  const near = distances(all, opts.pageOrder);
  const nearest = (a: T, b: T) => near.get(a)! - near.get(b)! || opts.pageOrder(a, b);
  // Already starting: kept while there is room (see above); new ones only once every space in view drew.
  const starting = away.filter((e) => e.live).sort(nearest);
  const more = settled ? away.filter((e) => !e.live).sort(nearest) : [];
  const slots = Math.min(room, Math.max(opts.firstImagesAtOnce, starting.length));
  return [...keep, ...[...starting, ...more].slice(0, slots)];
}
