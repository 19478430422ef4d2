import type { ScreenRect } from './cover';

/**
 * Which cards are shown whole and which become pins (issue 18: thousands of live cards, readable).
 *
 * Cards are placed greedily, highest rank first, into a screen-space grid index (MapLibre's way
 * with labels): a card whose body would overlap a body already placed is not shown whole but as a
 * pin at its anchor. Pins that would touch merge into a cluster, shown as a badge with its count.
 * Every anchor offered is a card, a pin or part of a cluster: nothing silently disappears.
 *
 * Rank: always-show cards first (they are placed even over each other: an alarm is never hidden),
 * then higher priority, then cards that were whole in the last pass (hysteresis: with the camera
 * still, a placed card keeps its place unless something of higher rank needs it), then nearer.
 *
 * A pass may be spread over several frames: `step(budgetMs)` works until the budget is spent and
 * says whether the pass is done; the result of the last finished pass stays in force meanwhile.
 */

export interface DeclutterItem {
  id: string;
  /** The body's bounds on screen (CSS px). */
  rect: ScreenRect;
  /** The anchor on screen (CSS px): where the pin goes. */
  anchor: { x: number; y: number };
  /** Higher first. */
  priority: number;
  /** Never decluttered (always-show, an alarm, the active card). */
  always: boolean;
  /**
   * Shown whole on top of the others without taking their place (a card the pointer opened from
   * its pin): the cards around it keep their levels.
   */
  onTop?: boolean;
  /** Distance in front of the camera: nearer first among equals. */
  depth: number;
}

export type CardLevel = 'card' | 'pin';

/** Pins that touch, merged: one pin when it holds one id. `ids[0]` is the highest ranked, and where it stands. */
export interface PinCluster {
  x: number;
  y: number;
  ids: string[];
}

export interface DeclutterResult {
  level: ReadonlyMap<string, CardLevel>;
  clusters: readonly PinCluster[];
  /** The pass that made this result: its length in ms of work, and in how many steps it was done. */
  ms: number;
  steps: number;
}

export interface DeclutterOptions {
  /** Grid cell, CSS px: about a small card's size. */
  cell?: number;
  /** Pins whose anchors are closer than this (CSS px) merge into one cluster: a badge's size and a little. */
  pinSpacing?: number;
  /** A body shrunk by this much on each side before testing (touching edges are not an overlap). */
  slack?: number;
}

/** Items checked between two looks at the clock while a step runs. */
const CHECK_EVERY = 64;

/** An empty cell's list: a miss allocates nothing (a pass over 5000 pins looks up tens of thousands of cells). */
const NONE: readonly never[] = [];

/** A grid cell (x, y) packed into one number, as both grids key their cells: screens are far smaller than 2^20 cells. */
const cellKey = (x: number, y: number) => (y + 0x80000) * 0x100000 + (x + 0x80000);

/** A grid of screen cells, each listing the rectangles (indices into `rects`) that reach into it. */
class GridIndex {
  private cells = new Map<number, number[]>();
  private rects: ScreenRect[] = [];
  constructor(private cell: number) {}

  private span(r: ScreenRect) {
    const c = this.cell;
    return { x0: Math.floor(r.minX / c), y0: Math.floor(r.minY / c), x1: Math.floor(r.maxX / c), y1: Math.floor(r.maxY / c) };
  }
  private key = cellKey;

  overlaps(r: ScreenRect): boolean {
    const s = this.span(r);
    for (let y = s.y0; y <= s.y1; y++) {
      for (let x = s.x0; x <= s.x1; x++) {
        for (const i of this.cells.get(this.key(x, y)) ?? NONE) {
          const o = this.rects[i]!;
          if (o.minX < r.maxX && r.minX < o.maxX && o.minY < r.maxY && r.minY < o.maxY) return true;
        }
      }
    }
    return false;
  }

  add(r: ScreenRect): void {
    const i = this.rects.push(r) - 1;
    const s = this.span(r);
    for (let y = s.y0; y <= s.y1; y++) {
      for (let x = s.x0; x <= s.x1; x++) {
        const k = this.key(x, y);
        const list = this.cells.get(k);
        if (list) list.push(i);
        else this.cells.set(k, [i]);
      }
    }
  }
}

/** Grid cell (about a small card) and edge slack (touching edges are not an overlap), CSS px. */
export const BODY_CELL = 64;
export const BODY_SLACK = 0.5;

/**
 * The whole cards of one screen, placed one by one in rank order: the rule a placement pass
 * follows, and the per-frame check between passes (levels.ts). A card opened on top is whole
 * without taking room; an always-show card is whole and takes its room even over others; any
 * other card only where its body overlaps none placed before.
 */
export class BodyGrid {
  private readonly grid: GridIndex;
  constructor(
    cell = BODY_CELL,
    private readonly slack = BODY_SLACK,
  ) {
    this.grid = new GridIndex(cell);
  }

  /** Whether the card shows whole; if so, its body is placed. */
  take(r: ScreenRect, always: boolean, onTop = false): boolean {
    if (onTop) return true;
    const k = this.slack;
    const body = { minX: r.minX + k, minY: r.minY + k, maxX: r.maxX - k, maxY: r.maxY - k };
    if (!always && this.grid.overlaps(body)) return false;
    this.grid.add(body);
    return true;
  }
}

/** Clusters by their first pin's cell, to find the one a new pin is close enough to join. */
class ClusterIndex {
  private cells = new Map<number, PinCluster[]>();
  readonly all: PinCluster[] = [];
  constructor(private spacing: number) {}
  private key = cellKey;

  nearest(p: { x: number; y: number }): PinCluster | null {
    const s = this.spacing;
    const cx = Math.floor(p.x / s);
    const cy = Math.floor(p.y / s);
    let best: PinCluster | null = null;
    let bestD = s * s;
    for (let y = cy - 1; y <= cy + 1; y++) {
      for (let x = cx - 1; x <= cx + 1; x++) {
        for (const c of this.cells.get(this.key(x, y)) ?? NONE) {
          const d = (c.x - p.x) ** 2 + (c.y - p.y) ** 2;
          if (d < bestD) {
            bestD = d;
            best = c;
          }
        }
      }
    }
    return best;
  }

  add(c: PinCluster): void {
    this.all.push(c);
    const k = this.key(Math.floor(c.x / this.spacing), Math.floor(c.y / this.spacing));
    const list = this.cells.get(k);
    if (list) list.push(c);
    else this.cells.set(k, [c]);
  }
}

export class Declutter {
  private readonly cell: number;
  private readonly pinSpacing: number;
  private readonly slack: number;
  private current: DeclutterResult = { level: new Map(), clusters: [], ms: 0, steps: 0 };
  private pass: {
    order: DeclutterItem[];
    next: number;
    grid: BodyGrid;
    level: Map<string, CardLevel>;
    pins: DeclutterItem[];
    ms: number;
    steps: number;
  } | null = null;

  constructor(opts: DeclutterOptions = {}) {
    this.cell = opts.cell ?? BODY_CELL;
    this.pinSpacing = opts.pinSpacing ?? 26;
    this.slack = opts.slack ?? BODY_SLACK;
  }

  /** The last finished pass. */
  get result(): DeclutterResult {
    return this.current;
  }

  get running(): boolean {
    return this.pass !== null;
  }

  /** Start a pass over `items` (a running one is dropped: newest wins). */
  begin(items: readonly DeclutterItem[]): void {
    const t0 = performance.now();
    const was = this.current.level;
    // Each item's rank worked out once (always-show first, then higher priority: -1000..1000 in
    // the schema; then whole in the last pass; then nearer): a map lookup and four fields in each
    // comparison made a 5000-card sort several milliseconds.
    const ranked = items.map((item) => ({
      item,
      rank: (item.always ? -1e4 : 0) - item.priority,
      fresh: was.get(item.id) === 'card' ? 0 : 1,
      depth: item.depth,
    }));
    ranked.sort(
      (a, b) => a.rank - b.rank || a.fresh - b.fresh || a.depth - b.depth || (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0),
    );
    const order = ranked.map((r) => r.item);
    this.pass = {
      order,
      next: 0,
      grid: new BodyGrid(this.cell, this.slack),
      level: new Map(),
      pins: [],
      ms: performance.now() - t0,
      steps: 0,
    };
  }

  /** Work on the pass for at most about `budgetMs`; true once it is done (its result is then `result`). */
  step(budgetMs = Infinity): boolean {
    const pass = this.pass;
    if (!pass) return true;
    const t0 = performance.now();
    pass.steps++;
    const { order, grid, level, pins } = pass;
    while (pass.next < order.length) {
      const item = order[pass.next++]!;
      if (grid.take(item.rect, item.always, item.onTop)) level.set(item.id, 'card');
      else {
        level.set(item.id, 'pin');
        pins.push(item);
      }
      if (pass.next % CHECK_EVERY === 0 && performance.now() - t0 >= budgetMs) {
        pass.ms += performance.now() - t0;
        return false;
      }
    }
    // Pins, in the same rank order: each joins the nearest cluster close enough, else starts one.
    const clusters = new ClusterIndex(this.pinSpacing);
    for (const pin of pins) {
      const near = clusters.nearest(pin.anchor);
      if (near) near.ids.push(pin.id);
      else clusters.add({ x: pin.anchor.x, y: pin.anchor.y, ids: [pin.id] });
    }
    pass.ms += performance.now() - t0;
    this.current = { level, clusters: clusters.all, ms: pass.ms, steps: pass.steps };
    this.pass = null;
    return true;
  }
}
