import { Mesh, MeshLambertMaterial, PlaneGeometry } from 'three';
import { setColour } from '../util/colour';
import type { SceneConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';

/**
 * sceneConfig.ground: a plane at y = 0 that receives shadows. Lambert, so its colour is the
 * configured colour scaled by the light that reaches it (no specular tint to confuse designers).
 * The first-person controls stand on y = 0 as well.
 */
export function createGround(ctx: EngineContext): Feature<SceneConfig['ground']> {
  const material = new MeshLambertMaterial();
  let mesh: Mesh<PlaneGeometry, MeshLambertMaterial> | null = null;

  return {
    apply(next, prev) {
      if (!next.enable) {
        if (mesh) {
          ctx.scene.remove(mesh);
          mesh.geometry.dispose();
          mesh = null;
        }
        ctx.invalidate();
        return;
      }
      if (!mesh || !prev || prev.width !== next.width || prev.height !== next.height) {
        const geometry = new PlaneGeometry(next.width, next.height);
        if (mesh) {
          mesh.geometry.dispose();
          mesh.geometry = geometry;
        } else {
          mesh = new Mesh(geometry, material);
          mesh.name = 'dash3d:ground';
          mesh.rotation.x = -Math.PI / 2;
          mesh.receiveShadow = true;
          ctx.scene.add(mesh);
        }
      }
      setColour(material.color, next.color);
      ctx.invalidate();
    },
    dispose() {
      if (mesh) {
        ctx.scene.remove(mesh);
        mesh.geometry.dispose();
      }
      material.dispose();
    },
  };
}
