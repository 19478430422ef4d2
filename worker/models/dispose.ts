import type { Material, Object3D, Texture } from 'three';
import { materialsOf } from '../util/materials';

/** Every texture a material holds (maps of any slot, uniforms of shader materials). */
export function texturesOf(material: Material): Texture[] {
  const out: Texture[] = [];
  const visit = (v: unknown) => {
    if (v && (v as Texture).isTexture) out.push(v as Texture);
  };
  for (const v of Object.values(material)) visit(v);
  const uniforms = (material as { uniforms?: Record<string, { value?: unknown }> }).uniforms;
  if (uniforms) for (const u of Object.values(uniforms)) visit(u?.value);
  return out;
}

/** Free a texture's GPU copy and, for a decoded ImageBitmap, its CPU pixels too. */
export function disposeTexture(texture: Texture): void {
  texture.dispose();
  const data = texture.source?.data as { close?: () => void } | undefined;
  if (data && typeof ImageBitmap !== 'undefined' && data instanceof ImageBitmap) data.close?.();
}

/**
 * Free everything a loaded model owns on the GPU: geometries, materials and their textures (each
 * once, as parts share them), skeleton bone textures. The object must not be drawn afterwards.
 */
export function disposeObject(root: Object3D): void {
  const materials = new Set<Material>();
  root.traverse((o) => {
    const mesh = o as Object3D & { geometry?: { dispose(): void }; material?: Material | Material[]; skeleton?: { dispose(): void } };
    mesh.geometry?.dispose();
    mesh.skeleton?.dispose();
    for (const mat of materialsOf(mesh)) materials.add(mat);
  });
  const textures = new Set<Texture>();
  for (const m of materials) {
    texturesOf(m).forEach((t) => textures.add(t));
    m.dispose();
  }
  textures.forEach(disposeTexture);
  root.removeFromParent();
}
