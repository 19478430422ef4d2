import { Loader, type LoadingManager, type Object3D, Texture } from 'three';
import { loadBitmap, reasonOf } from '../../util/images';
import { baseName, missingName } from './files';
import { materialsOf } from '../../util/materials';

/** Image files a model may refer to. Tested against what loaders pass: a URL, a name or '.jpg'. */
export const IMAGE_RE = /\.(jpe?g|png|gif|bmp|webp|svg|avif)(?:[?#].*)?$/i;

export interface ImageJobs {
  signal: AbortSignal;
  warn(message: string): void;
}

/**
 * Decodes a model's textures in the worker: TextureLoader needs `document`, which a worker lacks
 * (TOOLCHAIN.md). Registered on a model's LoadingManager, so MTLLoader and FBXLoader (and
 * GLTFLoader for images given by URI) ask it first. Like TextureLoader it returns the Texture at
 * once and fills it when the image is decoded. Three's ImageBitmapLoader would do the decoding,
 * but it does not look at the HTTP status, so a missing file would be reported as undecodable.
 *
 * A texture that fails is reported (naming the file that refers to it) and remembered: the model
 * is shown without it (`dropFailedTextures`), never failed for it.
 */
export class BitmapTextureLoader extends Loader<Texture> {
  /** The file whose references are being loaded (the .mtl, the .fbx), for messages. */
  referrer = '';
  readonly failed = new Set<Texture>();
  private readonly pending: Promise<void>[] = [];
  private readonly blobUrls = new Set<string>();
  private readonly requested = new Set<string>();

  /**
   * `flip`: decode upside down. WebGL ignores UNPACK_FLIP_Y for ImageBitmaps, so a texture that
   * three would flip (OBJ/MTL, FBX) is flipped while decoding and given flipY = false. glTF
   * textures are not flipped (GLTFLoader sets flipY = false itself).
   */
  constructor(
    manager: LoadingManager,
    private readonly flip: boolean,
    private readonly jobs: ImageJobs,
  ) {
    super(manager);
  }

  override load(url: string, onLoad?: (texture: Texture) => void, _onProgress?: unknown, onError?: (err: unknown) => void): Texture {
    const inline = /^(blob|data):/i.test(url);
    // FBXLoader clears the path (setPath(undefined)) for the images it extracted into blob URLs.
    const full = this.manager.resolveURL(inline ? url : (this.path ?? '') + url);
    if (/^blob:/i.test(full)) this.blobUrls.add(full);
    this.requested.add(full);
    const texture = new Texture();
    const shown = inline ? 'embedded image' : baseName(url);
    const referrer = this.referrer;
    const { signal, warn } = this.jobs;
    this.manager.itemStart(full);
    const job = this.decode(full)
      .then((bitmap) => {
        if (signal.aborted) {
          bitmap.close();
          return;
        }
        texture.image = bitmap;
        texture.flipY = false;
        texture.needsUpdate = true;
        onLoad?.(texture);
      })
      .catch((err) => {
        this.failed.add(texture);
        if (!signal.aborted) warn(`${referrer}: texture ${shown} could not be loaded (${reasonOf(err)})`);
        onError?.(err);
        this.manager.itemError(full);
      })
      .finally(() => this.manager.itemEnd(full));
    this.pending.push(job);
    return texture;
  }

  private async decode(url: string): Promise<ImageBitmap> {
    if (missingName(url) !== null) throw new Error("not among the model's files");
    // A URI outside the allowed origins: loadBitmap's resolveUrl refuses it with the URI named.
    return loadBitmap(url, { flipY: this.flip, signal: this.jobs.signal, colorSpaceConversion: 'none' });
  }

  /** True for a URL this loader fetched (it reports its own failures). */
  owns(url: string): boolean {
    return this.requested.has(url);
  }

  /** Resolves when every texture asked for so far has been decoded or has failed. */
  async settled(): Promise<void> {
    // A decoded texture can make a loader ask for more (not today's loaders, but cheap to allow).
    for (let seen = 0; seen < this.pending.length;) {
      const batch = this.pending.slice(seen);
      seen = this.pending.length;
      await Promise.all(batch);
    }
    // FBXLoader makes a blob URL per embedded image and never revokes it.
    for (const u of this.blobUrls) URL.revokeObjectURL(u);
    this.blobUrls.clear();
  }
}

/**
 * Take textures that failed off the model's materials: an empty texture samples as black, while
 * without the map the part shows its material colour.
 */
export function dropFailedTextures(root: Object3D, failed: ReadonlySet<Texture>): void {
  if (failed.size === 0) return;
  root.traverse((o) => {
    for (const m of materialsOf(o)) {
      const slots = m as unknown as Record<string, unknown>;
      for (const key of Object.keys(slots)) {
        if (failed.has(slots[key] as Texture)) {
          slots[key] = null;
          m.needsUpdate = true;
        }
      }
    }
  });
  for (const t of failed) t.dispose();
}
