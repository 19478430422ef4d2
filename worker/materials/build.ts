import {
  AddOperation,
  BackSide,
  DoubleSide,
  FrontSide,
  MeshPhongMaterial,
  MeshPhysicalMaterial,
  MixOperation,
  MultiplyOperation,
  PointsMaterial,
  RepeatWrapping,
  SRGBColorSpace,
  ShaderMaterial,
  Texture,
  type Material,
  type Vector2,
} from 'three';
import { materialKind, type Material as MaterialEntity } from '../../shared/schema/material';
import { COLOUR_SLOTS, NOT_PROPERTIES, interpretValue, isTextureSlot } from './values';
import { SHADER_CODE_ERROR, compileFrameScript, runShaderCode } from './code';
import type { UserCode } from '../engine/user-code';

/** Spec §5: side and combine are looked up by name as three.js constants. */
export const SIDE_CONSTANTS: Record<string, number> = { FrontSide, BackSide, DoubleSide };
export const COMBINE_CONSTANTS: Record<string, number> = { MultiplyOperation, MixOperation, AddOperation };

export interface BuildOptions {
  /** URL of the `.airm` file: relative texture paths resolve against it (like an MTL's images). */
  baseUrl: string;
  /**
   * Decode one image upside down (WebGL ignores flipY for ImageBitmaps, TOOLCHAIN.md); rejects with
   * an Error saying why.
   */
  loadImage(url: string): Promise<TexImageSource>;
  /** The engine's user-code switch: off after a script hang; running code is announced. */
  userCode?: UserCode;
  /** Hears each error of the frame script (spec §8: swallowed, but the preview counts them). */
  onFrameError?: (err: unknown) => void;
}

export interface BuiltMaterial {
  material: Material;
  /** Every texture made for it, to dispose with it. */
  textures: Texture[];
  /** Values that could not be used, in plain words (the material is still usable without them). */
  problems: string[];
  /** The frame script bound to this material, or null. */
  frame: ((dt: number) => void) | null;
}

/** User shader code failed: the part keeps its material (SHADER_CODE_ERROR was logged). */
export class ShaderCodeError extends Error {}

/** Why user code is not run: the engine does not know which of the two, so both are named. */
export const USER_CODE_OFF =
  'user code is off in this space: the document has not been allowed to run code, or a script stopped responding';

/**
 * Build a three.js material from a material entity, following spec §5 exactly: type phong, shader
 * or points, anything else physical; each remaining field that the three.js material has is set,
 * colour strings as colours and image strings as repeat-wrapped textures carrying the entity's
 * rotation, center, repeat and offset; normalScale becomes (n, ±n); side and combine by name; name,
 * type and envMap are never set. Fields the material lacks (shininess on a physical material,
 * size on a phong one, the entity's own bookkeeping) are skipped without complaint.
 */
export async function buildMaterial(entity: MaterialEntity, opts: BuildOptions): Promise<BuiltMaterial> {
  const kind = materialKind(entity.type);
  let material: Material;
  if (kind === 'shader') {
    if (opts.userCode && !opts.userCode.enabled) {
      throw new ShaderCodeError(`shaderCode: not run, ${USER_CODE_OFF}`);
    }
    const release = opts.userCode?.hold();
    try {
      material = new ShaderMaterial(await runShaderCode(entity.shaderCode));
    } catch (err) {
      console.error(SHADER_CODE_ERROR, err);
      throw new ShaderCodeError(`shaderCode: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    } finally {
      release?.();
    }
  } else if (kind === 'phong') material = new MeshPhongMaterial();
  else if (kind === 'points') material = new PointsMaterial();
  else material = new MeshPhysicalMaterial();

  const problems: string[] = [];
  const target = material as unknown as Record<string, unknown>;
  const images = new Map<string, string[]>();

  target.side = lookUp(SIDE_CONSTANTS, entity.side, 'side', problems) ?? FrontSide;
  if ('combine' in target) {
    target.combine = lookUp(COMBINE_CONSTANTS, entity.combine, 'combine', problems) ?? MultiplyOperation;
  }
  const normalScale = target.normalScale as Vector2 | undefined;
  if (normalScale?.isVector2) normalScale.set(entity.normalScale, entity.normalScaleY ? -entity.normalScale : entity.normalScale);

  for (const [key, raw] of Object.entries(entity)) {
    if (NOT_PROPERTIES.has(key) || key.startsWith('is') || !(key in target)) continue;
    // A shader material draws with the uniforms its code defines; fog would need fog uniforms.
    if (kind === 'shader' && (key === 'fog' || key === 'lights')) continue;
    const current = target[key];
    if (typeof current === 'function') continue;
    const value = interpretValue(raw);
    const shown = JSON.stringify(raw);
    if (value.kind === 'colour') {
      if ((current as { isColor?: boolean } | null)?.isColor) (current as { copy(c: unknown): void }).copy(value.colour);
      else problems.push(`${key}: ${shown} is a colour, but ${key} does not take one`);
    } else if (value.kind === 'image') {
      if (isTextureSlot(key, current)) images.set(value.url, [...(images.get(value.url) ?? []), key]);
      else problems.push(`${key}: ${shown} is an image, but ${key} does not take a texture`);
    } else if (raw === null && isTextureSlot(key, current)) {
      target[key] = null;
    } else if (typeof raw === typeof current && (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'string')) {
      target[key] = raw;
    } else {
      problems.push(`${key}: ${shown} is neither a colour nor an image, and ${key} does not take it`);
    }
  }

  const textures = await loadTextures(entity, images, target, opts, problems);
  material.needsUpdate = true;
  return {
    material,
    textures,
    problems,
    frame: opts.userCode?.enabled === false ? null : compileFrameScript(entity.frameScript, material, opts.onFrameError),
  };
}

function lookUp(table: Record<string, number>, name: string, field: string, problems: string[]): number | undefined {
  if (Object.prototype.hasOwnProperty.call(table, name)) return table[name];
  problems.push(`${field}: ${JSON.stringify(name)} is not one of ${Object.keys(table).join(', ')}`);
  return undefined;
}

/**
 * Each image is fetched and decoded once, even when several slots name it; a texture is made per
 * colour space (a colour slot reads sRGB, a data slot linear). A failed image leaves its slots
 * empty and becomes a problem naming the file: the material renders without it.
 */
async function loadTextures(
  entity: MaterialEntity,
  images: Map<string, string[]>,
  target: Record<string, unknown>,
  opts: BuildOptions,
  problems: string[],
): Promise<Texture[]> {
  const textures: Texture[] = [];
  await Promise.all(
    [...images].map(async ([url, slots]) => {
      let image: TexImageSource;
      try {
        image = await opts.loadImage(new URL(url, opts.baseUrl).href);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        problems.push(`${slots.join(', ')}: image ${url} did not load (${why})`);
        return;
      }
      const bySpace = new Map<string, Texture>();
      for (const slot of slots) {
        const space = COLOUR_SLOTS.has(slot) ? SRGBColorSpace : '';
        let texture = bySpace.get(space);
        if (!texture) {
          texture = makeTexture(image, entity);
          if (space) texture.colorSpace = space;
          bySpace.set(space, texture);
          textures.push(texture);
        }
        target[slot] = texture;
      }
    }),
  );
  return textures;
}

/** Spec §5: repeat wrapping and the material's rotation, center, repeat and offset. */
export function makeTexture(image: TexImageSource, entity: MaterialEntity): Texture {
  const texture = new Texture(image as never);
  // The image was decoded upside down already: WebGL would ignore flipY for an ImageBitmap.
  texture.flipY = false;
  texture.wrapS = texture.wrapT = RepeatWrapping;
  texture.rotation = entity.rotation;
  texture.center.set(entity.center.u, entity.center.v);
  texture.repeat.set(entity.repeat.u, entity.repeat.v);
  texture.offset.set(entity.offset.u, entity.offset.v);
  texture.needsUpdate = true;
  return texture;
}
