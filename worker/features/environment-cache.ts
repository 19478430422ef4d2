import {
  DataUtils,
  HalfFloatType,
  LinearMipmapLinearFilter,
  LinearSRGBColorSpace,
  REVISION,
  WebGLCubeRenderTarget,
  type WebGLRenderer,
  type WebGLRenderTarget,
} from 'three';

/*
 * Prefiltered environments kept between starts, in this origin's Cache Storage. Prefiltering a
 * preset is GPU work: milliseconds on a real GPU, but 1.8 s of a core measured with SwiftShader
 * (a machine with no GPU: the thin clients and VMs behind many wall displays, and CI), plus the
 * preset's download and EXR parse (0.3 to 0.5 s), for every space and every page load. The result
 * depends only on the preset file and three's PMREM code, so the first start that makes one keeps
 * it, and later starts (another space, a reload) upload it instead. It is the same texture bit for
 * bit: a 16-bit float target read back as 32-bit floats and stored as 16-bit floats again.
 *
 * Storage is a convenience, never a requirement: where Cache Storage is missing (a page served over
 * plain http from a non-local host is not a secure context) or refuses (quota, private mode), or an
 * entry is not what it should be, the preset is prefiltered as before.
 */

/** The Cache Storage name; a host that must clear what the package stored deletes it. */
export const ENVIRONMENT_CACHE = 'dash3d-environments';
/** Bumped when what is stored changes shape. */
const FORMAT = 1;
/**
 * Cube sizes PMREMGenerator makes (256 for our 512 px presets, 1024 for a 4k image); anything else
 * stored is refused before its body is read, which caps what a read takes at 67 MB.
 */
const MIN_SIZE = 16;
const MAX_SIZE = 1024;
/** Presets kept: a dashboard uses one or two; a designer trying all 18 would keep 75 MB otherwise. */
const MAX_ENTRIES = 6;
const SIZE = 'x-dash3d-size';
const LEVELS = 'x-dash3d-levels';

/** The entry's key: where the preset comes from (hashed by a host's bundler), three's revision and our format. */
export function environmentCacheKey(presetUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(presetUrl);
  } catch {
    return null;
  }
  // Cache Storage keys are http(s) requests only.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.searchParams.set('dash3d-pmrem', `${REVISION}-${FORMAT}`);
  return url.href;
}

function storage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** Half floats in one face of one mip level; levels halve the size down from `size`. */
const texels = (size: number, level: number) => (size >> level) ** 2 * 4;

/**
 * The target PMREMGenerator would make for this cube size (three r187: a cube render target with
 * its prefiltered mip levels and no others), empty.
 */
function pmremTarget(size: number, levels: number): WebGLCubeRenderTarget {
  const target = new WebGLCubeRenderTarget(size, {
    minFilter: LinearMipmapLinearFilter,
    generateMipmaps: false,
    type: HalfFloatType,
    colorSpace: LinearSRGBColorSpace,
    depthBuffer: false,
  });
  for (let l = 0; l < levels; l++) target.texture.mipmaps.push({ width: size >> l, height: size >> l } as never);
  target.texture.name = 'PMREM';
  target.texture.isPMREMTexture = true;
  return target;
}

/** Faces and levels in the stored order (face-major), each with its offset into the halves. */
function* layout(size: number, levels: number): Generator<{ face: number; level: number; side: number; offset: number; count: number }> {
  let offset = 0;
  for (let face = 0; face < 6; face++)
    for (let level = 0; level < levels; level++) {
      const count = texels(size, level);
      yield { face, level, side: size >> level, offset, count };
      offset += count;
    }
}

/** Half floats in the whole stored cube, every face and level (the end of `layout`). */
function totalHalves(size: number, levels: number): number {
  let total = 0;
  for (const { count } of layout(size, levels)) total += count;
  return total;
}

/** A prefiltered environment as stored: its cube size, mip levels and half floats. */
export interface StoredEnvironment {
  size: number;
  levels: number;
  halves: Uint16Array;
}

/** The stored prefiltered environment for this preset, checked, or null. */
export async function readPrefiltered(presetUrl: string): Promise<StoredEnvironment | null> {
  const key = environmentCacheKey(presetUrl);
  const store = storage();
  if (!key || !store) return null;
  try {
    const cache = await store.open(ENVIRONMENT_CACHE);
    const res = await cache.match(key);
    if (!res) return null;
    const size = Number(res.headers.get(SIZE));
    const levels = Number(res.headers.get(LEVELS));
    // Never trust what is stored: a power-of-two size in range, mip levels down to 8 px at the
    // smallest (so at most log2(size) - 2 of them), and a body of exactly that many halves.
    const sane =
      Number.isInteger(Math.log2(size)) &&
      size >= MIN_SIZE &&
      size <= MAX_SIZE &&
      Number.isInteger(levels) &&
      levels >= 1 &&
      levels <= Math.log2(size) - 2;
    const bytes = sane ? await res.arrayBuffer() : null;
    if (bytes && bytes.byteLength === totalHalves(size, levels) * 2) return { size, levels, halves: new Uint16Array(bytes) };
    await cache.delete(key);
    return null;
  } catch {
    // Storage refused (quota, private mode): prefilter as before.
    return null;
  }
}

/** Upload a stored environment into a target like PMREMGenerator's; null where that fails. */
export function uploadPrefiltered({ size, levels, halves }: StoredEnvironment, renderer: WebGLRenderer): WebGLCubeRenderTarget | null {
  // three r163+ is WebGL2 only.
  const gl = renderer.getContext() as WebGL2RenderingContext;
  if (gl.isContextLost()) return null;
  const target = pmremTarget(size, levels);
  renderer.initRenderTarget(target);
  const texture = (renderer.properties.get(target.texture) as { __webglTexture?: WebGLTexture }).__webglTexture;
  if (!texture) {
    target.dispose();
    return null;
  }
  gl.bindTexture(gl.TEXTURE_CUBE_MAP, texture);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
  for (const { face, level, side, offset } of layout(size, levels))
    gl.texSubImage2D(gl.TEXTURE_CUBE_MAP_POSITIVE_X + face, level, 0, 0, side, side, gl.RGBA, gl.HALF_FLOAT, halves, offset);
  // three caches GL state; it was changed behind its back.
  renderer.resetState();
  return target;
}

/**
 * Read a finished prefiltered target back and store it. Call once the GPU is done with it (the
 * read waits for the GPU otherwise). Where 32-bit float reads are not supported, nothing is stored.
 */
export async function storePrefiltered(presetUrl: string, renderer: WebGLRenderer, target: WebGLRenderTarget): Promise<void> {
  const key = environmentCacheKey(presetUrl);
  const store = storage();
  if (!key || !store || !(target instanceof WebGLCubeRenderTarget)) return;
  const size = target.width;
  const levels = target.texture.mipmaps.length;
  const halves = readHalves(renderer, target, size, levels);
  if (!halves) return;
  try {
    const cache = await store.open(ENVIRONMENT_CACHE);
    const headers = { 'content-type': 'application/octet-stream', [SIZE]: String(size), [LEVELS]: String(levels) };
    await cache.put(key, new Response(halves.buffer as ArrayBuffer, { headers }));
    // Oldest first: keys() lists entries in the order they were put.
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) await cache.delete(old);
  } catch {
    // Quota or a refused storage: the next start prefilters again.
  }
}

function readHalves(renderer: WebGLRenderer, target: WebGLCubeRenderTarget, size: number, levels: number): Uint16Array | null {
  const gl = renderer.getContext() as WebGL2RenderingContext;
  if (gl.isContextLost() || levels < 1) return null;
  const halves = new Uint16Array(totalHalves(size, levels));
  const floats = new Float32Array(texels(size, 0));
  const previous = renderer.getRenderTarget();
  const [face0, level0] = [renderer.getActiveCubeFace(), renderer.getActiveMipmapLevel()];
  try {
    // Clear errors left by earlier calls, so that the checks below are about these reads alone.
    for (let i = 0; i < 8 && gl.getError() !== gl.NO_ERROR; i++);
    for (const { face, level, side, offset, count } of layout(size, levels)) {
      renderer.setRenderTarget(target, face, level);
      gl.readPixels(0, 0, side, side, gl.RGBA, gl.FLOAT, floats);
      for (let i = 0; i < count; i++) halves[offset + i] = DataUtils.toHalfFloat(floats[i]!);
    }
    if (gl.getError() !== gl.NO_ERROR) return null;
  } finally {
    renderer.setRenderTarget(previous, face0, level0);
  }
  return halves;
}
