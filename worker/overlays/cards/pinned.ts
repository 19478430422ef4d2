import type { CardLevel, DeclutterResult } from './declutter';
import type { PinSpot } from './hover';

/**
 * A shown card as the pins of a frame see it: marked with the frame number (levels.ts' own count)
 * when decide made it a pin, and when it was drawn in a badge or as a pin that frame. With 5000
 * cards, marks on these objects (kept from frame to frame, one per card) replace the Map and Set
 * of ids a frame used to fill and ask 5000 times each.
 */
export interface PinnedMark {
  card: { readonly id: string };
  place: { anchor: { x: number; y: number } };
  /** The frame decide made it a pin (alone, in a badge, or awaiting a pass). */
  pinnedAt?: number;
  /** The frame it was drawn in a cluster's badge or pin. */
  drawnAt?: number;
}

/** A shown card's level in a pass result, by its id (undefined: the pass did not see it), looked up once per pass. */
export function levelIn(
  s: { card: { readonly id: string }; levelsOf?: DeclutterResult; level?: CardLevel },
  result: DeclutterResult,
): CardLevel | undefined {
  if (s.levelsOf !== result) {
    s.levelsOf = result;
    s.level = result.level.get(s.card.id);
  }
  return s.level;
}

/**
 * The last pass's clusters with each id's shown card, worked out once per pass and whenever cards
 * came or went (`version`), not per frame: an id whose card is gone has none.
 */
export class ClusterMembers<T extends PinnedMark> {
  private result: DeclutterResult | null = null;
  private version = -1;
  private members: (T | undefined)[][] = [];

  of(result: DeclutterResult, version: number, shownOf: (id: string) => T | undefined): readonly (T | undefined)[][] {
    if (result !== this.result || version !== this.version) {
      this.members = result.clusters.map((c) => c.ids.map(shownOf));
      this.result = result;
      this.version = version;
    }
    return this.members;
  }
}

/**
 * This frame's pins and badges, in the order they are drawn: the last pass's clusters of the
 * cards still pins (`pinnedAt === frame`), each at its first such card, then a pin of its own for
 * each other pinned card (one no pass decided yet, or one that gave way since the pass). `add` gets
 * a spot's ids and its lead card. A cluster whose cards are all still pins hands on its own ids
 * (never changed after its pass), so the usual frame allocates no list of ids.
 */
export function eachPinSpot<T extends PinnedMark>(
  result: DeclutterResult,
  members: readonly (T | undefined)[][],
  pinned: readonly T[],
  frame: number,
  add: (ids: readonly string[], lead: T) => void,
): void {
  const { clusters } = result;
  for (let c = 0; c < clusters.length; c++) {
    const refs = members[c]!;
    let lead: T | undefined;
    let n = 0;
    for (const s of refs) {
      if (s?.pinnedAt !== frame) continue;
      lead ??= s;
      s.drawnAt = frame;
      n++;
    }
    if (!lead) continue;
    const ids = clusters[c]!.ids;
    add(n === ids.length ? ids : ids.filter((_, k) => refs[k]?.pinnedAt === frame), lead);
  }
  for (const s of pinned) if (s.drawnAt !== frame) add([s.card.id], s);
}

/** A spot for the pointer (hover.ts, click.ts): where the lead's pin is, how big, whose cards. */
export function spotOf(ids: readonly string[], lead: PinnedMark, radius: number): PinSpot {
  return { x: lead.place.anchor.x, y: lead.place.anchor.y, radius, ids };
}
