import { CompressedArrayTexture, CompressedTexture, DataTexture, Texture, TextureSource } from 'three';
import type { Transfers } from './transfers';

/** Plain settings of a texture, copied as they are. */
const PLAIN = [
  'name',
  'mapping',
  'channel',
  'wrapS',
  'wrapT',
  'magFilter',
  'minFilter',
  'anisotropy',
  'format',
  'internalFormat',
  'type',
  'rotation',
  'matrixAutoUpdate',
  'generateMipmaps',
  'premultiplyAlpha',
  'flipY',
  'unpackAlignment',
  'colorSpace',
  'userData',
] as const;
const VECTORS = ['offset', 'repeat', 'center'] as const;

type Kind = 'image' | 'data' | 'compressed' | 'compressed-array';

interface PackedSource {
  uuid: string;
  /** An ImageBitmap (moved), `{data, width, height}` for data textures, `{width, height}` for compressed ones. */
  data: unknown;
}

export interface PackedTexture {
  uuid: string;
  kind: Kind;
  source: PackedSource;
  /** Compressed textures' levels: `{data, width, height}` with the data moved. */
  mipmaps: unknown[];
  plain: Record<string, unknown>;
  vectors: Record<string, number[]>;
  matrix: number[];
}

const kindOf = (t: Texture): Kind =>
  (t as CompressedArrayTexture).isCompressedArrayTexture
    ? 'compressed-array'
    : (t as CompressedTexture).isCompressedTexture
      ? 'compressed'
      : (t as DataTexture).isDataTexture
        ? 'data'
        : 'image';

/** Moves the typed arrays and bitmaps inside an image or a mip level, shallowly. */
function moveData(transfers: Transfers, v: unknown): unknown {
  if (v && typeof v === 'object' && !ArrayBuffer.isView(v) && !(typeof ImageBitmap !== 'undefined' && v instanceof ImageBitmap)) {
    const o = { ...(v as Record<string, unknown>) };
    if ('data' in o) o.data = transfers.value(o.data);
    return o;
  }
  return transfers.value(v);
}

/**
 * Textures cross with their decoded pixels moved: ImageBitmaps (from createImageBitmap in the
 * parser), data arrays, and compressed mip levels (KTX2). One source shared by several textures
 * (glTF samplers over one image) stays one source.
 */
export class TexturePacker {
  private readonly sources = new Map<TextureSource<unknown>, PackedSource>();
  constructor(private readonly transfers: Transfers) {}

  pack(t: Texture): PackedTexture {
    let source = this.sources.get(t.source);
    if (!source) {
      source = { uuid: t.source.uuid, data: moveData(this.transfers, t.source.data) };
      this.sources.set(t.source, source);
    }
    const plain: Record<string, unknown> = {};
    for (const k of PLAIN) plain[k] = t[k];
    const vectors: Record<string, number[]> = {};
    for (const k of VECTORS) vectors[k] = t[k].toArray();
    return {
      uuid: t.uuid,
      kind: kindOf(t),
      source,
      mipmaps: (t.mipmaps ?? []).map((m) => moveData(this.transfers, m)),
      plain,
      vectors,
      matrix: t.matrix.toArray(),
    };
  }
}

export class TextureUnpacker {
  private readonly sources = new Map<PackedSource, TextureSource<unknown>>();

  unpack(p: PackedTexture): Texture {
    const img = p.source.data as { width?: number; height?: number; depth?: number } | null;
    const w = img?.width ?? 1;
    const h = img?.height ?? 1;
    const t =
      p.kind === 'compressed-array'
        ? new CompressedArrayTexture(p.mipmaps as never, w, h, img?.depth ?? 1, p.plain.format as never)
        : p.kind === 'compressed'
          ? new CompressedTexture(p.mipmaps as never, w, h)
          : p.kind === 'data'
            ? new DataTexture()
            : new Texture();
    let source = this.sources.get(p.source);
    if (!source) {
      source = new TextureSource(p.source.data);
      source.uuid = p.source.uuid;
      this.sources.set(p.source, source);
    }
    t.source = source;
    t.uuid = p.uuid;
    const target = t as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(p.plain)) target[k] = v;
    for (const k of VECTORS) t[k].fromArray(p.vectors[k] ?? []);
    t.matrix.fromArray(p.matrix);
    if (p.kind === 'image' || p.kind === 'data') t.mipmaps = p.mipmaps as never;
    t.needsUpdate = true;
    return t;
  }
}
