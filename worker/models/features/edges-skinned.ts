import { BufferGeometry, LineSegments, Triangle, Vector3, type LineBasicMaterial, type SkinnedMesh } from 'three';

/** A triangle's three edges, as pairs of its corners. */
const EDGES = [
  [0, 1],
  [1, 2],
  [2, 0],
] as const;

/**
 * Edge lines that move with a skinned mesh. EdgesGeometry welds vertices and drops the skin
 * attributes, so lines built from it would stay in the rest pose while the skin moves. Here the
 * edges are found the same way (faces meeting at more than `thresholdDeg`, and open borders), but
 * as pairs of the mesh's OWN vertex indices, over its own position and skin attributes; the line is
 * then drawn with the mesh's skeleton (three skins any object that says it is a skinned mesh, and
 * its line material's shader has the skinning chunks).
 */
export function skinnedEdgeGeometry(source: BufferGeometry, thresholdDeg: number): BufferGeometry {
  const pos = source.getAttribute('position');
  const index = source.getIndex();
  const count = index ? index.count : pos.count;
  const cos = Math.cos((thresholdDeg * Math.PI) / 180);
  const key = (i: number) => `${Math.round(pos.getX(i) * 1e4)},${Math.round(pos.getY(i) * 1e4)},${Math.round(pos.getZ(i) * 1e4)}`;
  const open = new Map<string, { a: number; b: number; normal: Vector3 }>();
  const pairs: number[] = [];
  const tri = new Triangle();
  const [va, vb, vc] = [new Vector3(), new Vector3(), new Vector3()];
  for (let f = 0; f + 2 < count; f += 3) {
    const corner = (k: number) => (index ? index.getX(f + k) : f + k);
    const v = [corner(0), corner(1), corner(2)] as const;
    tri.set(va.fromBufferAttribute(pos, v[0]), vb.fromBufferAttribute(pos, v[1]), vc.fromBufferAttribute(pos, v[2]));
    if (tri.getArea() === 0) continue;
    const normal = tri.getNormal(new Vector3());
    const keys = [key(v[0]), key(v[1]), key(v[2])] as const;
    for (const [i, j] of EDGES) {
      const edgeKey = keys[i] < keys[j] ? `${keys[i]}|${keys[j]}` : `${keys[j]}|${keys[i]}`;
      const seen = open.get(edgeKey);
      if (!seen) open.set(edgeKey, { a: v[i], b: v[j], normal });
      else {
        if (seen.normal.dot(normal) <= cos) pairs.push(seen.a, seen.b);
        open.delete(edgeKey);
      }
    }
  }
  // Edges of a single face: the mesh's open borders.
  for (const { a, b } of open.values()) pairs.push(a, b);
  const out = new BufferGeometry();
  for (const name of ['position', 'skinIndex', 'skinWeight']) {
    const attr = source.getAttribute(name);
    if (attr) out.setAttribute(name, attr);
  }
  out.setIndex(pairs);
  return out;
}

/** Line segments over `edges` that follow `mesh`'s bones; add them as the mesh's child. */
export function skinnedLines(mesh: SkinnedMesh, edges: BufferGeometry, material: LineBasicMaterial): LineSegments {
  const line = new LineSegments(edges, material);
  Object.assign(line, {
    isSkinnedMesh: true,
    skeleton: mesh.skeleton,
    bindMode: mesh.bindMode,
    bindMatrix: mesh.bindMatrix,
    bindMatrixInverse: mesh.bindMatrixInverse,
  });
  // The bounds are the rest pose's; a posed skin can leave them, so never cull the lines.
  line.frustumCulled = false;
  return line;
}
