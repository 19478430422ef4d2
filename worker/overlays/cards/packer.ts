/** A rectangle of the card atlas, in texels from its top-left corner. */
export interface Slot {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Shelf {
  y: number;
  h: number;
  /** Where the next slot of this shelf starts. */
  x: number;
}

/** Texels left empty right of and below every slot: linear filtering never reads a neighbour. */
const GUTTER = 1;
/** A shelf takes slots up to this much shorter than itself (less waste than one shelf per height). */
const SHELF_SLACK = 1.3;

/**
 * Shelf packing of card drawings into one atlas (cards of a dashboard mostly share a size, so rows
 * of equal heights waste little). A released slot is reused by a drawing that fits in it; when
 * nothing fits, the atlas grows (height first, then width, up to `max`), which keeps every slot
 * where it is. When it cannot grow, `repack` lays out the live drawings again from scratch.
 */
export class ShelfPacker {
  width: number;
  height: number;
  private shelves: Shelf[] = [];
  private free: Slot[] = [];

  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {
    this.width = this.height = min;
  }

  /** A slot of at least w x h texels, or null when even the largest atlas has no room. */
  alloc(w: number, h: number): Slot | null {
    if (w + GUTTER > this.max || h + GUTTER > this.max) return null;
    for (;;) {
      const slot = this.reuse(w, h) ?? this.place(w + GUTTER, h + GUTTER);
      if (slot) return slot;
      if (!this.grow()) return null;
    }
  }

  release(slot: Slot): void {
    this.free.push(slot);
  }

  /** Start again at the smallest size with nothing placed (then allocate every live drawing again). */
  reset(): void {
    this.width = this.height = this.min;
    this.shelves = [];
    this.free = [];
  }

  private reuse(w: number, h: number): Slot | null {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const s = this.free[i]!;
      if (s.w >= w && s.h >= h && s.h <= h * SHELF_SLACK + GUTTER && (best < 0 || s.w * s.h < this.free[best]!.w * this.free[best]!.h))
        best = i;
    }
    return best < 0 ? null : this.free.splice(best, 1)[0]!;
  }

  private place(w: number, h: number): Slot | null {
    for (const shelf of this.shelves)
      if (h <= shelf.h && shelf.h <= h * SHELF_SLACK + GUTTER && shelf.x + w <= this.width) {
        const slot = { x: shelf.x, y: shelf.y, w: w - GUTTER, h: shelf.h - GUTTER };
        shelf.x += w;
        return slot;
      }
    const last = this.shelves[this.shelves.length - 1];
    const y = last ? last.y + last.h : 0;
    if (y + h > this.height || w > this.width) return null;
    this.shelves.push({ y, h, x: w });
    return { x: 0, y, w: w - GUTTER, h: h - GUTTER };
  }

  private grow(): boolean {
    if (this.height < this.max && this.height <= this.width) this.height *= 2;
    else if (this.width < this.max) this.width *= 2;
    else if (this.height < this.max) this.height *= 2;
    else return false;
    return true;
  }
}
