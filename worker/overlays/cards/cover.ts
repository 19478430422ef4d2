/** Screen cells of this many CSS px: coarse enough to be cheap, fine enough for cards of ~100 px. */
const CELL = 8;
/**
 * A card body counts as covering what is behind it when its inside is at least this opaque, and a
 * body under COVER_LAYERS such layers is not drawn: 0.2^4 of it is under half of one 8-bit step.
 */
export const COVER_ALPHA = 0.8;
const COVER_LAYERS = 4;

export interface ScreenRect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Card bodies hidden by nearer card bodies. Many cards over a small view overlap many times over,
 * and every overlapping layer is blended pixel by pixel (a software rasteriser's main cost with
 * many cards): the part of a body behind COVER_LAYERS nearer, nearly opaque bodies would change
 * no pixel, so it is not drawn. Cards are offered near to far; the grid counts, per screen cell,
 * the nearer bodies whose inside covers the whole cell, and a body is drawn over the bounds of its
 * cells that are not covered enough. Conservative: a cell a body covers only in part does not count.
 */
export function createCoverGrid() {
  let cols = 0;
  let rows = 0;
  let counts = new Uint8Array(0);
  const span = (r: ScreenRect, inner: boolean) => {
    const round = inner ? Math.ceil : Math.floor;
    const roundEnd = inner ? Math.floor : Math.ceil;
    return {
      x0: Math.max(0, round(r.minX / CELL)),
      y0: Math.max(0, round(r.minY / CELL)),
      x1: Math.min(cols, roundEnd(r.maxX / CELL)),
      y1: Math.min(rows, roundEnd(r.maxY / CELL)),
    };
  };
  return {
    /** Start a frame: nothing covered. */
    reset(width: number, height: number) {
      cols = Math.ceil(width / CELL);
      rows = Math.ceil(height / CELL);
      if (counts.length < cols * rows) counts = new Uint8Array(cols * rows);
      else counts.fill(0, 0, cols * rows);
    },
    /**
     * The part of the rectangle that may show: the bounds of the cells it touches that lie under
     * fewer than COVER_LAYERS nearer bodies (clipped to it), or null when none does.
     */
    visible(r: ScreenRect): ScreenRect | null {
      const { x0, y0, x1, y1 } = span(r, false);
      if (x0 >= x1 || y0 >= y1) return r;
      let cx0 = x1,
        cy0 = y1,
        cx1 = x0,
        cy1 = y0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++)
          if ((counts[y * cols + x] ?? 0) < COVER_LAYERS) {
            cx0 = Math.min(cx0, x);
            cx1 = Math.max(cx1, x + 1);
            cy0 = Math.min(cy0, y);
            cy1 = Math.max(cy1, y + 1);
          }
      if (cx0 >= cx1) return null;
      return {
        minX: Math.max(r.minX, cx0 * CELL),
        minY: Math.max(r.minY, cy0 * CELL),
        maxX: Math.min(r.maxX, cx1 * CELL),
        maxY: Math.min(r.maxY, cy1 * CELL),
      };
    },
    /** A drawn body whose inside (this rectangle) is at least COVER_ALPHA opaque covers the cells fully inside it. */
    add(inside: ScreenRect) {
      const { x0, y0, x1, y1 } = span(inside, true);
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = y * cols + x;
          counts[i] = Math.min(255, (counts[i] ?? 0) + 1);
        }
    },
  };
}
