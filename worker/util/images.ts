import { resolveUrl } from '../engine/urls';

/**
 * Image decoding for the worker: TextureLoader and ImageLoader need `document`, so images are
 * fetched and decoded to ImageBitmaps here (TOOLCHAIN.md).
 */

export interface BitmapOptions {
  /**
   * WebGL ignores UNPACK_FLIP_Y for ImageBitmaps, so a texture that three would flip (a plain 2D
   * texture, flipY true) must be decoded upside down and given `flipY = false`. Cube faces are not
   * flipped by three, so they are decoded as they are.
   */
  flipY: boolean;
  signal?: AbortSignal;
  /** 'none' keeps the file's pixel values (model textures: three manages colour spaces itself). */
  colorSpaceConversion?: ColorSpaceConversion;
}

/** Fetch and decode one image. Rejects with an Error whose message says why (HTTP status, decode). */
export async function loadBitmap(url: string, { flipY, signal, colorSpaceConversion }: BitmapOptions): Promise<ImageBitmap> {
  const res = await fetch(resolveUrl(url), { signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  signal?.throwIfAborted();
  try {
    return await createImageBitmap(blob, {
      imageOrientation: flipY ? 'flipY' : 'from-image',
      // three uploads straight colour values; premultiplying here would darken transparent edges.
      premultiplyAlpha: 'none',
      ...(colorSpaceConversion ? { colorSpaceConversion } : {}),
    });
  } catch {
    throw new Error(`not a readable image (${blob.type || 'unknown type'})`);
  }
}

/** Load several images; if any fails, the ones that did load are closed before rejecting. */
export async function loadBitmaps(urls: string[], opts: BitmapOptions): Promise<ImageBitmap[]> {
  // Each failure is named by its URL as it happens: the first one is then thrown as it is.
  const named = (u: string) => loadBitmap(u, opts).catch((err: unknown) => Promise.reject(new ImageLoadError(u, err)));
  const results = await Promise.allSettled(urls.map(named));
  const failed = results.find((r) => r.status === 'rejected');
  if (!failed) return results.map((r) => (r as PromiseFulfilledResult<ImageBitmap>).value);
  for (const r of results) if (r.status === 'fulfilled') r.value.close();
  throw failed.reason;
}

/** Names the URL that failed, so the designer sees which of several images is broken. */
export class ImageLoadError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`${url}: ${reasonOf(cause)}`, { cause });
  }
}

export const reasonOf = (err: unknown) => (err instanceof Error ? err.message || err.name : String(err));
