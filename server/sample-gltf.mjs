// @ts-check
// A minimal glTF 2.0 writer for the sample models: float32 attributes, uint16 indices, PBR colours,
// optional rotation animations. Enough for box.gltf (embedded buffer), turntable.glb and pump-line.glb (binary).
import { boxGeometry, pyramidGeometry } from './sample-models.mjs';

/**
 * @typedef {import('./sample-models.mjs').Geometry} Geometry
 * @typedef {{ geometry: Geometry, color: [number, number, number, number], metallic?: number, roughness?: number, at?: [number, number, number] }} MeshSpec
 * @typedef {{ name: string, node: number, times: number[], quaternions: number[][] }} SpinSpec
 */

/** @param {MeshSpec[]} meshes @param {SpinSpec[]} [spins] @param {number[][]} [children] child node indices per node */
function buildGltf(meshes, spins = [], children = []) {
  /** @type {Buffer[]} */
  const chunks = [];
  let offset = 0;
  /** @type {any[]} */ const bufferViews = [];
  /** @type {any[]} */ const accessors = [];
  /** @param {Buffer} bytes @param {number} [target] */
  const view = (bytes, target) => {
    const pad = (4 - (bytes.length % 4)) % 4;
    chunks.push(bytes, Buffer.alloc(pad));
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length, ...(target ? { target } : {}) });
    offset += bytes.length + pad;
    return bufferViews.length - 1;
  };
  /** @param {number[]} data @param {string} type @param {number} width @param {number} [target] @param {boolean} [bounds] */
  const floats = (data, type, width, target, bounds = false) => {
    const bufferView = view(Buffer.from(new Float32Array(data).buffer), target);
    /** @type {any} */
    const acc = { bufferView, componentType: 5126, count: data.length / width, type };
    if (bounds) {
      acc.min = [...Array(width)].map((_, i) => Math.min(...data.filter((_, k) => k % width === i)));
      acc.max = [...Array(width)].map((_, i) => Math.max(...data.filter((_, k) => k % width === i)));
    }
    accessors.push(acc);
    return accessors.length - 1;
  };
  const json = {
    asset: { version: '2.0', generator: 'dash3d built-in samples' },
    scene: 0,
    scenes: [{ nodes: /** @type {number[]} */ ([]) }],
    nodes: /** @type {any[]} */ ([]),
    meshes: /** @type {any[]} */ ([]),
    materials: /** @type {any[]} */ ([]),
    accessors,
    bufferViews,
    buffers: /** @type {Array<{ byteLength: number, uri?: string }>} */ ([{ byteLength: 0 }]),
    /** @type {any[] | undefined} */ animations: undefined,
  };
  meshes.forEach(({ geometry: g, color, metallic = 0, roughness = 0.6, at }, i) => {
    const POSITION = floats(g.positions, 'VEC3', 3, 34962, true);
    const NORMAL = floats(g.normals, 'VEC3', 3, 34962);
    const TEXCOORD_0 = floats(g.uvs, 'VEC2', 2, 34962);
    const idx = view(Buffer.from(new Uint16Array(g.indices).buffer), 34963);
    accessors.push({ bufferView: idx, componentType: 5123, count: g.indices.length, type: 'SCALAR' });
    json.materials.push({
      name: `${g.name}Material`,
      pbrMetallicRoughness: { baseColorFactor: color, metallicFactor: metallic, roughnessFactor: roughness },
    });
    json.meshes.push({
      name: g.name,
      primitives: [{ attributes: { POSITION, NORMAL, TEXCOORD_0 }, indices: accessors.length - 1, material: i }],
    });
    json.nodes.push({
      name: g.name,
      mesh: i,
      ...(at ? { translation: at } : {}),
      ...(children[i]?.length ? { children: children[i] } : {}),
    });
  });
  const isChild = new Set(children.flat());
  json.scenes[0]?.nodes.push(...json.nodes.map((_, i) => i).filter((i) => !isChild.has(i)));
  if (spins.length) {
    json.animations = spins.map((s) => ({
      name: s.name,
      samplers: [
        { input: floats(s.times, 'SCALAR', 1, undefined, true), output: floats(s.quaternions.flat(), 'VEC4', 4), interpolation: 'LINEAR' },
      ],
      channels: [{ sampler: 0, target: { node: s.node, path: 'rotation' } }],
    }));
  }
  const bin = Buffer.concat(chunks);
  json.buffers[0] = { byteLength: bin.length };
  return { json, bin };
}

/** box.gltf: one orange box, its buffer embedded as a data: URI (a single self-contained file). */
export function boxGltf() {
  const { json, bin } = buildGltf([{ geometry: boxGeometry('Box'), color: [0.95, 0.55, 0.15, 1], roughness: 0.5 }]);
  json.buffers[0] = { byteLength: bin.length, uri: `data:application/octet-stream;base64,${bin.toString('base64')}` };
  return JSON.stringify(json, null, 1) + '\n';
}

/** Quarter turns around +Y, so the animation loops without a jump. */
const spinQuaternions = () =>
  [0, 1, 2, 3, 4].map((k) => [0, Math.sin((k * Math.PI) / 4), 0, Math.cos((k * Math.PI) / 4)].map((x) => Number(x.toFixed(6))));

/** turntable.glb: a grey base ('Base') carrying a blue pyramid ('Top') that turns once in 4 s ('spin'). */
export function turntableGlb() {
  const { json, bin } = buildGltf(
    [
      { geometry: boxGeometry('Base', 120, 20, 120, 10), color: [0.55, 0.58, 0.62, 1], metallic: 0.3, roughness: 0.4 },
      { geometry: pyramidGeometry('Top', 60, 80, 20), color: [0.2, 0.45, 0.85, 1], roughness: 0.35 },
    ],
    [{ name: 'spin', node: 1, times: [0, 1, 2, 3, 4], quaternions: spinQuaternions() }],
    [[1], []],
  );
  return packGlb(json, bin);
}

/**
 * pump-line.glb (the example dashboard's rules, issue 40): a pump ('Pump') feeding a pipe along x
 * ('Pipe') with a valve's handle on it ('Valve', across the pipe: shut) and a fan at its end ('Fan',
 * a blade that turns about x), each part its own node with its pivot at its centre. No clip: the
 * example's rules colour and move it from live variables.
 */
export function pumpLineGlb() {
  const { json, bin } = buildGltf([
    { geometry: boxGeometry('Pump', 50, 60, 50), color: [0.45, 0.5, 0.58, 1], metallic: 0.3, roughness: 0.45, at: [-100, 30, 0] },
    { geometry: boxGeometry('Pipe', 170, 14, 14), color: [0.75, 0.77, 0.8, 1], metallic: 0.5, roughness: 0.35, at: [10, 20, 0] },
    { geometry: boxGeometry('Valve', 8, 8, 36), color: [0.25, 0.55, 0.35, 1], roughness: 0.5, at: [20, 31, 0] },
    { geometry: boxGeometry('Fan', 6, 60, 10), color: [0.95, 0.75, 0.2, 1], roughness: 0.5, at: [100, 20, 0] },
  ]);
  return packGlb(json, bin);
}

/** @param {object} json @param {Buffer} bin */
function packGlb(json, bin) {
  let text = Buffer.from(JSON.stringify(json));
  text = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + text.length + 8 + bin.length;
  header.writeUInt32LE(0x46546c67, 0); // 'glTF'
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  /** @param {Buffer} body @param {number} type */
  const chunk = (body, type) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(body.length, 0);
    h.writeUInt32LE(type, 4);
    return Buffer.concat([h, body]);
  };
  return Buffer.concat([header, chunk(text, 0x4e4f534a), chunk(bin, 0x004e4942)]);
}
