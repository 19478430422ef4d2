import { Color, CubeTexture, EquirectangularReflectionMapping, SRGBColorSpace, Texture } from 'three';
import type { SceneConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';
import { setColour } from '../util/colour';
import { loadBitmaps, reasonOf } from '../util/images';

export interface BackgroundSlice {
  background: SceneConfig['background'];
  backgroundImage: SceneConfig['backgroundImage'];
}

/** three's CubeTexture face order, the same order CubeTextureLoader takes its URLs in. */
const FACES = ['posX', 'negX', 'posY', 'negY', 'posZ', 'negZ'] as const;

interface ImageRequest {
  kind: 'panorama' | 'cube';
  urls: string[];
}

/**
 * Only the fields of the chosen image type matter: editing a cube face while in panorama mode
 * loads nothing. A cube needs all six faces; until the designer has set them, the colour shows.
 */
function requestOf(img: SceneConfig['backgroundImage']): ImageRequest | null {
  if (img.imageType === 'panorama') return img.panorama ? { kind: 'panorama', urls: [img.panorama] } : null;
  const urls = FACES.map((f) => img[f]);
  return urls.every(Boolean) ? { kind: 'cube', urls } : null;
}

function makeTexture(kind: ImageRequest['kind'], bitmaps: ImageBitmap[]): Texture {
  // Cube faces are uploaded unflipped (three's cube convention), an equirectangular image the way
  // three would flip it; the bitmaps were decoded accordingly, so no texture flips again.
  const texture = kind === 'cube' ? new CubeTexture(bitmaps) : new Texture(bitmaps[0]);
  if (kind === 'panorama') texture.mapping = EquirectangularReflectionMapping;
  texture.flipY = false;
  texture.colorSpace = SRGBColorSpace;
  texture.needsUpdate = true;
  return texture;
}

/** WebGL rejects cube faces that are not square and of one size; say so rather than draw black. */
function cubeProblem(req: ImageRequest, bitmaps: ImageBitmap[]): string | null {
  if (req.kind !== 'cube') return null;
  const size = bitmaps[0]?.width;
  const bad = bitmaps.findIndex((b) => b.width !== size || b.height !== size);
  return bad < 0 ? null : `${req.urls[bad]}: cube faces must be square and all the same size`;
}

/**
 * sceneConfig.background and backgroundImage. An empty colour leaves scene.background null so the
 * canvas stays transparent over the dashboard. A loaded image takes precedence over the colour;
 * while it loads, or when it failed, the colour shows.
 */
export function createBackground(ctx: EngineContext): Feature<BackgroundSlice> {
  const colour = new Color();
  let hasColour = false;
  let texture: Texture | null = null;
  let bitmaps: ImageBitmap[] = [];
  let requestKey: string | undefined;
  // The newest load; aborting it cancels its fetches, and its result is dropped if it was replaced.
  let pending: AbortController | null = null;

  function show() {
    ctx.scene.background = texture ?? (hasColour ? colour : null);
    ctx.invalidate();
  }

  function dropTexture() {
    if (!texture) return;
    // Disposing the texture also frees the cube map three derived from a panorama.
    texture.dispose();
    texture = null;
    for (const b of bitmaps) b.close();
    bitmaps = [];
  }

  function fail(message: string) {
    ctx.emit({ type: 'error', code: 'asset-failed', message: `background image failed: ${message}`, fatal: false });
  }

  function load(req: ImageRequest) {
    const controller = new AbortController();
    pending = controller;
    const stale = () => controller !== pending || ctx.disposed;
    const work = loadBitmaps(req.urls, { flipY: req.kind === 'panorama', signal: controller.signal });
    ctx.track('background image', work).then(
      (loaded) => {
        const problem = stale() ? '' : cubeProblem(req, loaded);
        if (stale() || problem) {
          for (const b of loaded) b.close();
          if (problem) {
            pending = null;
            fail(problem);
          }
          return;
        }
        pending = null;
        bitmaps = loaded;
        texture = makeTexture(req.kind, loaded);
        show();
      },
      (err) => {
        if (stale()) return;
        pending = null;
        fail(reasonOf(err));
      },
    );
  }

  return {
    apply(next) {
      hasColour = next.background !== '';
      if (hasColour) setColour(colour, next.background);
      const req = requestOf(next.backgroundImage);
      const key = JSON.stringify(req);
      if (key !== requestKey) {
        requestKey = key;
        pending?.abort();
        pending = null;
        dropTexture();
        if (req) load(req);
      }
      show();
    },
    dispose() {
      pending?.abort();
      pending = null;
      dropTexture();
      ctx.scene.background = null;
    },
  };
}
