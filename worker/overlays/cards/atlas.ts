import { Box2, DataTexture, LinearFilter, NoColorSpace, RGBAFormat, Texture, UnsignedByteType, Vector2, type WebGLRenderer } from 'three';
import { ShelfPacker, type Slot } from './packer';
import { unionRect, type PixelRect } from './paint';

/** The atlas starts this small (one card) and doubles as cards come. */
const MIN_SIDE = 512;
/** Never larger than this (a 4096 x 8192 atlas is 128 MB of GPU memory), nor than the GPU allows. */
const MAX_SIDE = 8192;

/** What the atlas holds for a card: its drawing (the card's own small canvas) and where that goes. */
export interface AtlasEntry {
  readonly canvas: OffscreenCanvas;
  slot: Slot | null;
}

/**
 * Every card body's drawing in ONE texture, so that all cards are one draw call and a changed card
 * uploads only its own rectangle (texSubImage2D from its canvas, through copyTextureToTexture), or
 * only the part of it that was redrawn (new values' cells: three skips the rest of the canvas with
 * UNPACK_SKIP_PIXELS/ROWS for a source region). Uploads are queued and done by `flush`, called
 * with the renderer that is about to draw the cards (the bodies' onBeforeRender): the layer itself
 * needs no renderer. A grown atlas is a new texture (a texture's size is fixed once allocated):
 * every placed drawing is queued again, whole.
 */
export class CardAtlas {
  texture: DataTexture | null = null;
  private readonly packer: ShelfPacker;
  /** Drawings to upload: a rectangle of the canvas, or null for all of it. */
  private readonly pending = new Map<AtlasEntry, PixelRect | null>();
  private readonly source = new Texture();
  private readonly at = new Vector2();
  private readonly region = new Box2();
  private warned = false;

  constructor(maxTextureSize: number) {
    const max = Math.max(MIN_SIDE, Math.min(MAX_SIDE, maxTextureSize));
    this.packer = new ShelfPacker(MIN_SIDE, max);
  }

  /**
   * Give the entry a slot for its canvas' current size (keeping its slot when the canvas still
   * fits) and queue its upload: of `region` only (device px of its canvas: the rest is as uploaded
   * before) when given and the slot is kept. False when the atlas is full even at its largest: not
   * shown.
   */
  put(entry: AtlasEntry, live: Iterable<AtlasEntry>, region: PixelRect | null = null): boolean {
    const { width, height } = entry.canvas;
    if (entry.slot && (entry.slot.w < width || entry.slot.h < height)) {
      this.packer.release(entry.slot);
      entry.slot = null;
    }
    if (!entry.slot) {
      // A new place holds nothing yet: all of the drawing goes there.
      region = null;
      entry.slot = this.packer.alloc(width, height) ?? this.repack(entry, live);
      if (!entry.slot) {
        if (!this.warned) console.warn('[dash3d] data cards: the card atlas is full; some cards are not shown');
        this.warned = true;
        return false;
      }
    }
    this.queue(entry, region);
    return true;
  }

  /** A whole upload wins over a region; two regions of one drawing become the one holding both. */
  private queue(entry: AtlasEntry, region: PixelRect | null): void {
    const was = this.pending.get(entry);
    this.pending.set(entry, was === undefined ? region : was && region && unionRect(was, region));
  }

  /** The entry is gone (card removed): its slot is free for another. */
  remove(entry: AtlasEntry): void {
    if (entry.slot) this.packer.release(entry.slot);
    entry.slot = null;
    this.pending.delete(entry);
  }

  /** Lay every live drawing out again from an empty atlas (released slots left holes), then `entry`. */
  private repack(entry: AtlasEntry, live: Iterable<AtlasEntry>): Slot | null {
    this.packer.reset();
    const placed = [...live].filter((e) => e !== entry && e.slot);
    placed.sort((a, b) => b.canvas.height - a.canvas.height);
    for (const e of placed) {
      e.slot = this.packer.alloc(e.canvas.width, e.canvas.height);
      if (e.slot) this.queue(e, null);
    }
    return this.packer.alloc(entry.canvas.width, entry.canvas.height);
  }

  /** The entry's texel rectangle as UV offset and size (v down the canvas: the texture is not flipped). */
  uvRect(entry: AtlasEntry, out: number[], offset: number): void {
    const s = entry.slot!;
    const { width: W, height: H } = this.packer;
    // Texel centres of the drawing's edge: linear filtering stays inside the slot (clamp-to-edge look).
    out[offset] = (s.x + 0.5) / W;
    out[offset + 1] = (s.y + entry.canvas.height - 0.5) / H;
    out[offset + 2] = (entry.canvas.width - 1) / W;
    out[offset + 3] = -(entry.canvas.height - 1) / H;
  }

  /** Upload what changed since the last frame (a new, larger texture first when the atlas grew). */
  flush(renderer: WebGLRenderer, live: Iterable<AtlasEntry>): void {
    const { width, height } = this.packer;
    if (!this.texture || this.texture.image.width !== width || this.texture.image.height !== height) {
      this.texture?.dispose();
      this.texture = makeTexture(width, height);
      for (const e of live) if (e.slot) this.queue(e, null);
    }
    for (const [e, region] of this.pending) {
      const slot = e.slot;
      if (!slot || e.canvas.width > slot.w || e.canvas.height > slot.h) continue;
      this.source.image = e.canvas;
      if (region) {
        const { x, y, width: w, height: h } = region;
        this.region.min.set(x, y);
        this.region.max.set(x + w, y + h);
        renderer.copyTextureToTexture(this.source, this.texture, this.region, this.at.set(slot.x + x, slot.y + y));
      } else {
        renderer.copyTextureToTexture(this.source, this.texture, null, this.at.set(slot.x, slot.y));
      }
    }
    this.pending.clear();
  }

  /** Free the texture and forget every slot (no card left). */
  dispose(): void {
    this.texture?.dispose();
    this.texture = null;
    this.pending.clear();
    this.packer.reset();
  }
}

/**
 * An allocated, empty texture: contents only ever come from copyTextureToTexture. It holds the
 * canvases' sRGB bytes undecoded (NoColorSpace) and premultiplied: batch.ts' shader knows what they are.
 */
function makeTexture(width: number, height: number): DataTexture {
  const t = new DataTexture(null, width, height, RGBAFormat, UnsignedByteType);
  t.colorSpace = NoColorSpace;
  // As a 2D canvas stores them: the upload copies, and does not divide every pixel by its alpha.
  t.premultiplyAlpha = true;
  t.minFilter = LinearFilter;
  t.magFilter = LinearFilter;
  t.generateMipmaps = false;
  // Storage only (texStorage2D), no upload of a whole atlas of zeros.
  t.source.dataReady = false;
  t.needsUpdate = true;
  return t;
}
