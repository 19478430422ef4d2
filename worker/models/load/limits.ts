import type { Object3D, Texture } from 'three';
import { formatBytes, formatCount } from '../../../shared/model-notices';
import type { ModelLimits } from '../../../shared/schema/limits';
import { ModelProblem } from './problem';
import { materialsOf } from '../../util/materials';

/*
 * The per-model caps (shared/schema/limits.ts). Each check throws a ModelProblem naming the file,
 * what was too much and the limit. Formats that declare their sizes are checked before anything
 * is allocated (the PCD header, the glTF JSON); the rest once parsed.
 */

export function checkFileBytes(name: string, size: number, limits: ModelLimits): void {
  if (size > limits.maxModelBytes) {
    throw new ModelProblem('model.limit.fileBytes', { name, size: formatBytes(size), limit: formatBytes(limits.maxModelBytes) });
  }
}

/** `what`: 'model.what.pointData' | 'model.what.buffers' | 'model.what.images' (translated on the main thread). */
export function checkDataBytes(
  name: string,
  what: `model.what.${'pointData' | 'buffers' | 'images'}`,
  size: number,
  limits: ModelLimits,
): void {
  if (size > limits.maxModelBytes) {
    throw new ModelProblem('model.limit.dataBytes', { name, what, size: formatBytes(size), limit: formatBytes(limits.maxModelBytes) });
  }
}

export function checkPoints(name: string, count: number, limits: ModelLimits): void {
  if (count > limits.maxPoints) {
    throw new ModelProblem('model.limit.points', { name, count: formatCount(count), limit: formatCount(limits.maxPoints) });
  }
}

export function checkVertices(name: string, count: number, limits: ModelLimits): void {
  if (count > limits.maxPoints) {
    throw new ModelProblem('model.limit.vertices', { name, count: formatCount(count), limit: formatCount(limits.maxPoints) });
  }
}

/** 1 to draw every point; n to draw every n-th, leaving about comfortablePoints. */
export function strideFor(points: number, limits: ModelLimits): number {
  return points > limits.comfortablePoints ? Math.ceil(points / limits.comfortablePoints) : 1;
}

/**
 * A parsed mesh model against the caps: its vertices, and its images as decoded (RGBA bytes: a
 * small JPEG can decode to hundreds of megabytes). Formats that do not declare their sizes up
 * front (OBJ, FBX) are bounded by the file size first and by this after parsing.
 */
export function checkParsed(name: string, object: Object3D, limits: ModelLimits): void {
  let vertices = 0;
  const textures = new Set<Texture>();
  object.traverse((o) => {
    const g = (o as { geometry?: { getAttribute?(n: string): { count: number } | undefined } }).geometry;
    vertices += g?.getAttribute?.('position')?.count ?? 0;
    for (const mat of materialsOf(o)) {
      for (const v of Object.values(mat)) if ((v as Texture | null)?.isTexture) textures.add(v as Texture);
    }
  });
  checkVertices(name, vertices, limits);
  let imageBytes = 0;
  for (const t of textures) {
    const img = t.image as { width?: number; height?: number } | null;
    imageBytes += (img?.width ?? 0) * (img?.height ?? 0) * 4;
  }
  checkDataBytes(name, 'model.what.images', imageBytes, limits);
}
