import type { Material, Object3D, Texture } from 'three';
import { materialsOf } from '../util/materials';
import { disposeTexture, texturesOf } from '../util/textures';

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
