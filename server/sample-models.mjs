// @ts-check
// Small sample models made for the built-in catalog, written in code so every byte is ours:
// an OBJ with its MTL, a glTF with an embedded buffer, a GLB with an animation, a PCD point cloud.
// Sizes are about 100 units, the scale of the default camera (0, 200, 500).

/** @typedef {{ name: string, positions: number[], normals: number[], uvs: number[], indices: number[] }} Geometry */
/** @typedef {[number, number, number]} Vec3 */

/** x, y, z: indexing a Vec3 with these is known to hit. */
const AXES = /** @type {const} */ ([0, 1, 2]);

/** An axis-aligned box centred on (0, cy, 0): 4 vertices per face so each face has its own normal. */
export function boxGeometry(name = 'Box', w = 100, h = 100, d = 100, cy = 0) {
  /** @type {Geometry} */
  const g = { name, positions: [], normals: [], uvs: [], indices: [] };
  // Per face: normal, then the two in-plane axes (u, v) such that u x v = normal.
  /** @type {[Vec3, Vec3, Vec3][]} */
  const faces = [
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  /** @type {Vec3} */
  const half = [w / 2, h / 2, d / 2];
  /** @type {[number, number][]} */
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ];
  for (const [n, u, v] of faces) {
    const base = g.positions.length / 3;
    for (const [su, sv] of corners) {
      const p = AXES.map((i) => (n[i] + su * u[i] + sv * v[i]) * half[i] + (i === 1 ? cy : 0));
      g.positions.push(...p);
      g.normals.push(...n);
      g.uvs.push((su + 1) / 2, (sv + 1) / 2);
    }
    g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return g;
}

/** A square pyramid standing on y = y0, flat-shaded. */
export function pyramidGeometry(name = 'Pyramid', size = 60, height = 80, y0 = 0) {
  /** @type {Geometry} */
  const g = { name, positions: [], normals: [], uvs: [], indices: [] };
  const s = size / 2;
  const corners = [
    [-s, y0, s],
    [s, y0, s],
    [s, y0, -s],
    [-s, y0, -s],
  ];
  const apex = [0, y0 + height, 0];
  /** @param {number[][]} tri @param {number[][]} uv */
  const addTri = (tri, uv) => {
    const [a, b, c] = /** @type {[number[], number[], number[]]} */ (tri);
    const e1 = /** @type {Vec3} */ (AXES.map((i) => (b[i] ?? 0) - (a[i] ?? 0)));
    const e2 = /** @type {Vec3} */ (AXES.map((i) => (c[i] ?? 0) - (a[i] ?? 0)));
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const len = Math.hypot(...n);
    const base = g.positions.length / 3;
    tri.forEach((p, i) => {
      g.positions.push(...p);
      g.normals.push(...n.map((x) => x / len));
      g.uvs.push(...(uv[i] ?? [0, 0]));
    });
    g.indices.push(base, base + 1, base + 2);
  };
  for (let i = 0; i < 4; i++)
    addTri(
      [corners[i] ?? [], corners[(i + 1) % 4] ?? [], apex],
      [
        [0, 0],
        [1, 0],
        [0.5, 1],
      ],
    );
  addTri(
    [corners[0] ?? [], corners[2] ?? [], corners[1] ?? []],
    [
      [0, 1],
      [1, 0],
      [1, 1],
    ],
  );
  addTri(
    [corners[0] ?? [], corners[3] ?? [], corners[2] ?? []],
    [
      [0, 1],
      [0, 0],
      [1, 0],
    ],
  );
  return g;
}

const round = (/** @type {number} */ x) => Number(x.toFixed(4));

/** cube.obj (object 'Cube', using material 'CubeBlue' from cube.mtl). */
export function cubeObj() {
  const g = boxGeometry('Cube');
  const lines = ['# dash3d built-in sample: a 100-unit cube', 'mtllib cube.mtl', 'o Cube'];
  for (let i = 0; i < g.positions.length; i += 3)
    lines.push(
      `v ${g.positions
        .slice(i, i + 3)
        .map(round)
        .join(' ')}`,
    );
  for (let i = 0; i < g.uvs.length; i += 2) lines.push(`vt ${g.uvs.slice(i, i + 2).join(' ')}`);
  for (let i = 0; i < g.normals.length; i += 3) lines.push(`vn ${g.normals.slice(i, i + 3).join(' ')}`);
  lines.push('usemtl CubeBlue', 's off');
  for (let i = 0; i < g.indices.length; i += 3) {
    lines.push(
      `f ${g.indices
        .slice(i, i + 3)
        .map((k) => `${k + 1}/${k + 1}/${k + 1}`)
        .join(' ')}`,
    );
  }
  return lines.join('\n') + '\n';
}

export const cubeMtl = () =>
  ['# dash3d built-in sample', 'newmtl CubeBlue', 'Ka 0 0 0', 'Kd 0.2 0.45 0.8', 'Ks 0.3 0.3 0.3', 'Ns 40', 'd 1', 'illum 2', ''].join(
    '\n',
  );

/** points.pcd: 600 points on a sphere of radius 50 (a Fibonacci lattice), ascii x y z. */
export function spherePcd(count = 600, radius = 50) {
  const head = [
    '# .PCD v0.7 - dash3d built-in sample',
    'VERSION 0.7',
    'FIELDS x y z',
    'SIZE 4 4 4',
    'TYPE F F F',
    'COUNT 1 1 1',
    `WIDTH ${count}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${count}`,
    'DATA ascii',
  ];
  const golden = Math.PI * (3 - Math.sqrt(5));
  const pts = [];
  for (let i = 0; i < count; i++) {
    const y = 1 - (2 * (i + 0.5)) / count;
    const r = Math.sqrt(1 - y * y);
    pts.push([Math.cos(golden * i) * r, y, Math.sin(golden * i) * r].map((c) => round(c * radius)).join(' '));
  }
  return [...head, ...pts].join('\n') + '\n';
}
