import type { BufferGeometry, Object3D, SkinnedMesh } from 'three';
import * as bvh from 'three-mesh-bvh';
import { MeshBVH, PointsBVH, SkinnedMeshBVH, type GeometryBVH } from 'three-mesh-bvh';
import { adoptTree, builtTree, treeKindOf } from '../../raycast';
import type { Transfers } from './transfers';

interface PackedTreeData {
  roots: ArrayBuffer[];
  indirect: Uint32Array | Uint16Array | null;
}

/** Trees by the uuid of the object that picks with them (several objects may share one geometry's). */
export type PackedTrees = Record<string, PackedTreeData>;

/** Makes a tree without building it (exported by three-mesh-bvh, missing from its typings). */
const SKIP_GENERATION = (bvh as unknown as { SKIP_GENERATION: symbol }).SKIP_GENERATION;

/** The internals a tree is rebuilt from; what three-mesh-bvh's own MeshBVH.serialize reads. */
interface TreeInternals {
  _roots: ArrayBuffer[];
  _indirectBuffer: Uint32Array | Uint16Array | null;
}

/**
 * The picking trees built in the parse worker cross with their node buffers moved. Building them
 * is the slow part (a 200k-point cloud takes tens of milliseconds); rebuilding from buffers is not.
 */
export function packTrees(root: Object3D, transfers: Transfers): PackedTrees {
  const out: PackedTrees = {};
  const packed = new Map<GeometryBVH, PackedTreeData>();
  root.traverse((o) => {
    const tree = builtTree(o);
    if (!tree) return;
    let data = packed.get(tree);
    if (!data) {
      const t = tree as unknown as TreeInternals;
      t._roots.forEach((r) => transfers.add(r));
      data = { roots: t._roots, indirect: t._indirectBuffer ? transfers.own(t._indirectBuffer) : null };
      packed.set(tree, data);
    }
    out[o.uuid] = data;
  });
  return out;
}

/** Gives each object of the unpacked model its tree back (built from the same buffers). */
export function adoptTrees(root: Object3D, packed: PackedTrees): void {
  const made = new Map<PackedTreeData, GeometryBVH>();
  root.traverse((o) => {
    const data = packed[o.uuid];
    const kind = data ? treeKindOf(o) : null;
    if (!data || !kind) return;
    let tree = made.get(data);
    if (!tree) {
      const opts = { [SKIP_GENERATION]: true, indirect: data.indirect !== null, verbose: false };
      const geometry = (o as unknown as { geometry: BufferGeometry }).geometry;
      tree =
        kind === 'points'
          ? new PointsBVH(geometry, opts)
          : kind === 'skinned'
            ? new SkinnedMeshBVH(o as SkinnedMesh, opts)
            : new MeshBVH(geometry, opts);
      const t = tree as unknown as TreeInternals;
      t._roots = data.roots;
      t._indirectBuffer = data.indirect;
      made.set(data, tree);
    }
    adoptTree(o, tree);
  });
}
