import { EdgesGeometry, LineBasicMaterial, LineSegments, type BufferGeometry, type Mesh, type Object3D, type SkinnedMesh } from 'three';
import { skinnedEdgeGeometry, skinnedLines } from './edges-skinned';
import type { ModelConfig } from '../../../shared/schema/model';
import type { Feature } from '../../engine/context';
import { setColour } from '../../util/colour';
import { HELPER_FLAG, isHelperObject, type ModelScope } from '../types';

/** Faces meeting at a sharper angle than this get an edge line; smooth curvature gets none. */
export const EDGE_THRESHOLD_DEG = 30;

/**
 * Meshes that get edge lines (skinned ones get lines that follow their bones, edges-skinned.ts).
 * Left out:
 * - instanced meshes: one set of lines would sit where no instance is;
 * - helpers the engine added.
 * Meshes with morph targets get the edges of their base shape.
 */
export function edgeable(o: Object3D): o is Mesh {
  const m = o as Mesh & { isSkinnedMesh?: boolean; isInstancedMesh?: boolean };
  return m.isMesh === true && !m.isInstancedMesh && !isHelperObject(o) && !!m.geometry?.getAttribute('position');
}

/**
 * edgeConfig: line segments over each mesh's sharp edges, as children of the mesh so they follow
 * its transform and visibility (part offsets, hidden parts, keyframes). One line material for all;
 * a colour change updates it without rebuilding. Meshes that share a geometry share its edges.
 */
export function createEdges(scope: ModelScope): Feature<ModelConfig['edgeConfig']> {
  const { ctx, model } = scope;
  const lines: LineSegments[] = [];
  const geometries = new Map<BufferGeometry, BufferGeometry>();
  let material: LineBasicMaterial | null = null;

  const build = (colour: string) => {
    // Exact colour on screen: tone mapping would shift it.
    material = new LineBasicMaterial({ toneMapped: false });
    setColour(material.color, colour);
    const meshes: Mesh[] = [];
    const visit = (o: Object3D) => {
      if (isHelperObject(o)) return;
      if (edgeable(o)) meshes.push(o);
      o.children.forEach(visit);
    };
    visit(model.object);
    for (const mesh of meshes) {
      const skinned = (mesh as SkinnedMesh).isSkinnedMesh === true;
      let edges = geometries.get(mesh.geometry);
      if (!edges) {
        edges = skinned ? skinnedEdgeGeometry(mesh.geometry, EDGE_THRESHOLD_DEG) : new EdgesGeometry(mesh.geometry, EDGE_THRESHOLD_DEG);
        geometries.set(mesh.geometry, edges);
      }
      const line = skinned ? skinnedLines(mesh as SkinnedMesh, edges, material) : new LineSegments(edges, material);
      line.name = 'edges';
      line.userData[HELPER_FLAG] = true;
      // Picking reports the part, never its outline.
      line.raycast = () => {};
      mesh.add(line);
      lines.push(line);
    }
  };

  const clear = () => {
    for (const line of lines) line.removeFromParent();
    lines.length = 0;
    for (const g of geometries.values()) g.dispose();
    geometries.clear();
    material?.dispose();
    material = null;
  };

  return {
    apply(next) {
      if (!next.enable) clear();
      else if (!material) build(next.color);
      else setColour(material.color, next.color);
      ctx.invalidate();
    },
    dispose() {
      clear();
      ctx.invalidate();
    },
  };
}
