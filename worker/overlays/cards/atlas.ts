import { DataTexture, LinearFilter, NoColorSpace, RGBAFormat, Texture, UnsignedByteType, Vector2, type WebGLRenderer } from 'three';
import { ShelfPacker, type Slot } from './packer';

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
 * uploads only its own rectangle (texSubImage2D from its canvas, through copyTextureToTexture).
 * Uploads are queued and done by `flush`, called with the renderer that is about to draw the
 * cards (the bodies' onBeforeRender): the layer itself needs no renderer. A grown atlas is a new
 * texture (a texture's size is fixed once allocated): every placed drawing is queued again.
 */
export class CardAtlas {
  texture: DataTexture | null = null;
  private readonly packer: ShelfPacker;
  private readonly pending = new Set<AtlasEntry>();
  private readonly source = new Texture();
  private readonly at = new Vector2();
  private warned = false;

  constructor(maxTextureSize: number) {
    const max = Math.max(MIN_SIDE, Math.min(MAX_SIDE, maxTextureSize));
    this.packer = new ShelfPacker(MIN_SIDE, max);
  }

  /**
   * Give the entry a slot for its canvas' current size (keeping its slot when the canvas still
   * fits) and queue its upload. False when the atlas is full even at its largest: not shown.
   */
  put(entry: AtlasEntry, live: Iterable<AtlasEntry>): boolean {
    const { width, height } = entry.canvas;
    if (entry.slot && (entry.slot.w < width || entry.slot.h < height)) {
      this.packer.release(entry.slot);
      entry.slot = null;
    }
    if (!entry.slot) {
      entry.slot = this.packer.alloc(width, height) ?? this.repack(entry, live);
      if (!entry.slot) {
        if (!this.warned) console.warn('[dash3d] data cards: the card atlas is full; some cards are not shown');
        this.warned = true;
        return false;
      }
    }
    this.pending.add(entry);
    return true;
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
      if (e.slot) this.pending.add(e);
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
      for (const e of live) if (e.slot) this.pending.add(e);
    }
    for (const e of this.pending) {
      const slot = e.slot;
      if (!slot || e.canvas.width > slot.w || e.canvas.height > slot.h) continue;
      this.source.image = e.canvas;
      renderer.copyTextureToTexture(this.source, this.texture, null, this.at.set(slot.x, slot.y));
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
