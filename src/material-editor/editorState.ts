import type { Material } from '../../shared/schema/material';

/** Whether a material carries code that would run in the preview (shader code, a frame script). */
export function hasCode(material: Pick<Material, 'shaderCode' | 'frameScript'>): boolean {
  return material.shaderCode.trim() !== '' || material.frameScript.trim() !== '';
}
