import { BufferAttribute, BufferGeometry, DynamicDrawUsage, Float32BufferAttribute } from 'three';

/** A quad's four vertices, as (x, y) in the unit square: PlaneGeometry's order and its uv. */
export const QUAD_CORNERS = [
  [0, 1],
  [1, 1],
  [0, 0],
  [1, 0],
] as const;

/**
 * Screen-facing quads (pins, badges, card bodies) as plain triangles, four vertices a quad, all in
 * ONE draw call, rather than instances of one quad.
 *
 * Why not instancing: a machine without a GPU draws with a software rasteriser (SwiftShader, in
 * Chromium), and it runs every instance of an instanced draw as a draw call of its own (its
 * vk::CommandBuffer loops `renderer->draw` over the instances), each with its own set-up and its
 * threads' hand-over. A hundred pin badges then cost that machine more than the hundred draws of
 * the scene itself. A GPU draws the two forms alike; the four copies of a quad's values cost a few
 * kilobytes more for thousands of pins, uploaded only where they change.
 *
 * Vertex order and corners are PlaneGeometry(1, 1)'s (translated by `origin`): top-left, top-right,
 * bottom-left, bottom-right, with the same uv, so shaders written for it read the same values.
 */
export function quadGeometry(
  capacity: number,
  origin: number,
  attributes: readonly (readonly [name: string, size: number])[],
): BufferGeometry {
  const geometry = new BufferGeometry();
  const position = new Float32Array(capacity * 12);
  const uv = new Float32Array(capacity * 8);
  const index = capacity * 4 > 65535 ? new Uint32Array(capacity * 6) : new Uint16Array(capacity * 6);
  for (let q = 0; q < capacity; q++) {
    QUAD_CORNERS.forEach(([x, y], k) => {
      position.set([origin + x, origin + y, 0], (q * 4 + k) * 3);
      uv.set([x, y], (q * 4 + k) * 2);
    });
    // PlaneGeometry's two triangles (0, 2, 1) and (2, 3, 1): counter-clockwise, facing +z.
    index.set(
      [0, 2, 1, 2, 3, 1].map((v) => q * 4 + v),
      q * 6,
    );
  }
  geometry.setAttribute('position', new Float32BufferAttribute(position, 3));
  geometry.setAttribute('uv', new Float32BufferAttribute(uv, 2));
  geometry.setIndex(new BufferAttribute(index, 1));
  for (const [name, size] of attributes)
    geometry.setAttribute(name, new Float32BufferAttribute(new Float32Array(capacity * 4 * size), size).setUsage(DynamicDrawUsage));
  geometry.setDrawRange(0, 0);
  return geometry;
}

/** Quad q's value of an attribute of up to four components: the same at its four vertices. */
export function setQuad(attribute: BufferAttribute, q: number, x: number, y = 0, z = 0, w = 0): void {
  const { array, itemSize } = attribute;
  // No array per call: bodies write theirs every frame, a first write of pins thousands at once.
  for (let v = q * 4; v < q * 4 + 4; v++) {
    const at = v * itemSize;
    array[at] = x;
    if (itemSize > 1) array[at + 1] = y;
    if (itemSize > 2) array[at + 2] = z;
    if (itemSize > 3) array[at + 3] = w;
  }
}

/** Only quads first..last of the attribute go to the GPU at the next draw (nothing when last < first). */
export function uploadQuads(attribute: BufferAttribute, first: number, last: number): void {
  attribute.clearUpdateRanges();
  if (last < first) return;
  attribute.addUpdateRange(first * 4 * attribute.itemSize, (last - first + 1) * 4 * attribute.itemSize);
  attribute.needsUpdate = true;
}

/** Draw the first n quads. */
export function drawQuads(geometry: BufferGeometry, n: number): void {
  geometry.setDrawRange(0, n * 6);
}
