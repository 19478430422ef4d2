import type { Material, Texture } from 'three';

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
