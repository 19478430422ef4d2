import { describe, expect, it } from 'vitest';
import type { Box2, Texture, Vector2, WebGLRenderer } from 'three';
import { CardAtlas, type AtlasEntry } from '../../../worker/overlays/cards/atlas';
import type { PixelRect } from '../../../worker/overlays/cards/paint';
import type { Slot } from '../../../worker/overlays/cards/packer';

/*
 * What the card atlas uploads (worker/overlays/cards/atlas.ts): a changed value's cells only, when
 * the card keeps its place; its whole drawing when it is new, moves (a larger drawing, a repack) or
 * the atlas grows (a new texture). Requests between two uploads merge: whole wins over a region,
 * two regions become the rectangle holding both. The renderer is a stand-in recording each copy.
 */

interface Copy {
  image: unknown;
  region: { x: number; y: number; width: number; height: number } | null;
  at: { x: number; y: number };
}

function recorder() {
  const copies: Copy[] = [];
  const renderer = {
    copyTextureToTexture(src: Texture, _dst: Texture, region: Box2 | null, at: Vector2) {
      // The atlas reuses its Box2 and Vector2: copy them as they are now.
      const r = region && { x: region.min.x, y: region.min.y, width: region.max.x - region.min.x, height: region.max.y - region.min.y };
      copies.push({ image: src.image, region: r, at: { x: at.x, y: at.y } });
    },
  } as unknown as WebGLRenderer;
  return { renderer, copies };
}

/** A card's part the atlas reads: its canvas' size (Node has no OffscreenCanvas) and its slot. */
interface Entry {
  canvas: { width: number; height: number };
  slot: Slot | null;
}

const entry = (width: number, height: number): Entry => ({ canvas: { width, height }, slot: null });

/** The atlas, taking the stand-in entries for cards. */
function atlasOf(renderer: WebGLRenderer) {
  const atlas = new CardAtlas(4096);
  const real = (e: Entry) => e as unknown as AtlasEntry;
  return {
    put: (e: Entry, live: Entry[], region: PixelRect | null = null) => atlas.put(real(e), live.map(real), region),
    flush: (live: Entry[]) => atlas.flush(renderer, live.map(real)),
  };
}

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('card atlas uploads', () => {
  it('a new drawing uploads whole; a region of a placed one uploads only that region, at its place in the slot', () => {
    const { renderer, copies } = recorder();
    const atlas = atlasOf(renderer);
    const a = entry(100, 60);
    const b = entry(100, 60);
    atlas.put(a, [a, b]);
    atlas.put(b, [a, b]);
    atlas.flush([a, b]);
    expect(copies).toEqual([
      { image: a.canvas, region: null, at: { x: a.slot!.x, y: a.slot!.y } },
      { image: b.canvas, region: null, at: { x: b.slot!.x, y: b.slot!.y } },
    ]);
    copies.length = 0;
    atlas.put(b, [a, b], rect(3, 20, 94, 19));
    atlas.flush([a, b]);
    expect(copies).toEqual([{ image: b.canvas, region: rect(3, 20, 94, 19), at: { x: b.slot!.x + 3, y: b.slot!.y + 20 } }]);
    // Nothing queued: nothing uploaded.
    copies.length = 0;
    atlas.flush([a, b]);
    expect(copies).toEqual([]);
  });

  it('two regions before an upload become the rectangle holding both; a whole request wins either way', () => {
    const { renderer, copies } = recorder();
    const atlas = atlasOf(renderer);
    const a = entry(100, 60);
    atlas.put(a, [a]);
    atlas.flush([a]);
    copies.length = 0;

    atlas.put(a, [a], rect(8, 8, 40, 18));
    atlas.put(a, [a], rect(50, 26, 42, 18));
    atlas.flush([a]);
    expect(copies.map((c) => c.region)).toEqual([rect(8, 8, 84, 36)]);

    copies.length = 0;
    atlas.put(a, [a], rect(8, 8, 40, 18));
    atlas.put(a, [a]);
    atlas.flush([a]);
    atlas.put(a, [a]);
    atlas.put(a, [a], rect(8, 8, 40, 18));
    atlas.flush([a]);
    expect(copies.map((c) => c.region)).toEqual([null, null]);
  });

  it('a drawing that outgrew its slot, and every drawing when the atlas grows, upload whole even when a region was asked', () => {
    const { renderer, copies } = recorder();
    const atlas = atlasOf(renderer);
    const a = entry(100, 60);
    atlas.put(a, [a]);
    atlas.flush([a]);
    copies.length = 0;

    // Larger than its slot: a new slot, which holds nothing yet.
    (a.canvas as { height: number }).height = 90;
    atlas.put(a, [a], rect(0, 0, 10, 10));
    atlas.flush([a]);
    expect(copies).toEqual([{ image: a.canvas, region: null, at: { x: a.slot!.x, y: a.slot!.y } }]);

    // A drawing the 512 px atlas has no room for: the atlas grows, a new texture that every placed
    // drawing is uploaded to again, whole.
    copies.length = 0;
    const big = entry(500, 500);
    atlas.put(a, [a, big], rect(0, 0, 10, 10));
    atlas.put(big, [a, big]);
    atlas.flush([a, big]);
    expect(copies.map((c) => [c.image, c.region])).toEqual([
      [a.canvas, null],
      [big.canvas, null],
    ]);
  });
});
