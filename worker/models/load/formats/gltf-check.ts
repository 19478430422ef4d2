import { checkDataBytes, checkVertices } from '../limits';
import type { LoadJob } from '../job';

interface GltfJson {
  buffers?: { byteLength?: unknown }[];
  accessors?: { count?: unknown }[];
  meshes?: { primitives?: { attributes?: { POSITION?: unknown } }[] }[];
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a;

/** The JSON of a .glb (its first chunk) or a .gltf; null when it cannot be read (GLTFLoader then says why). */
function readJson(bytes: ArrayBuffer): { json: GltfJson; declared?: number } | null {
  try {
    const dv = new DataView(bytes);
    if (bytes.byteLength >= 20 && dv.getUint32(0, true) === GLB_MAGIC) {
      const length = dv.getUint32(12, true);
      if (dv.getUint32(16, true) !== JSON_CHUNK || 20 + length > bytes.byteLength) return null;
      const json = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 20, length))) as GltfJson;
      return { json, declared: dv.getUint32(8, true) };
    }
    return { json: JSON.parse(new TextDecoder().decode(bytes)) as GltfJson };
  } catch {
    return null;
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * Before GLTFLoader allocates anything: the buffers the file declares and the vertices of its
 * meshes against the limits (a small file of Draco or meshopt data can declare huge ones). And a
 * .glb shorter than its header says is cut: GLTFLoader would slice what is left without a word
 * (an embedded image cut in half shows as a white model), so the scene is told.
 */
export function checkGltf(bytes: ArrayBuffer, job: LoadJob): void {
  const read = readJson(bytes);
  if (!read) return;
  const { json, declared } = read;
  const name = job.main.name;
  const { limits } = job.env;
  const buffers = (json.buffers ?? []).reduce((sum, b) => sum + num(b?.byteLength), 0);
  checkDataBytes(name, 'model.what.buffers', buffers, limits);
  let vertices = 0;
  for (const mesh of json.meshes ?? []) {
    for (const p of mesh?.primitives ?? []) {
      const at = p?.attributes?.POSITION;
      if (typeof at === 'number') vertices += num(json.accessors?.[at]?.count);
    }
  }
  checkVertices(name, vertices, limits);
  if (declared !== undefined && declared > bytes.byteLength) {
    job.notify({ code: 'model.truncated', params: { name, have: String(bytes.byteLength), declared: String(declared) } });
  }
}
