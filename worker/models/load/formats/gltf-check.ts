import { checkDataBytes, checkVertices } from '../limits';
import type { LoadJob } from '../job';

interface GltfJson {
  buffers?: { byteLength?: unknown }[];
  accessors?: { count?: unknown }[];
  meshes?: { primitives?: { attributes?: { POSITION?: unknown } }[] }[];
  images?: { uri?: unknown }[];
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a;

/** The JSON text's bytes of a .glb (its first chunk) or a .gltf (all of it); null for a damaged .glb header. */
function jsonBytes(bytes: ArrayBuffer): { text: Uint8Array; declared?: number } | null {
  const dv = new DataView(bytes);
  if (bytes.byteLength < 20 || dv.getUint32(0, true) !== GLB_MAGIC) return { text: new Uint8Array(bytes) };
  const length = dv.getUint32(12, true);
  if (dv.getUint32(16, true) !== JSON_CHUNK || 20 + length > bytes.byteLength) return null;
  return { text: new Uint8Array(bytes, 20, length), declared: dv.getUint32(8, true) };
}

/** The JSON of a .glb or a .gltf; null when it cannot be read (GLTFLoader then says why). */
function readJson(bytes: ArrayBuffer): { json: GltfJson; declared?: number } | null {
  try {
    const found = jsonBytes(bytes);
    if (!found) return null;
    return { json: JSON.parse(new TextDecoder().decode(found.text)) as GltfJson, declared: found.declared };
  } catch {
    return null;
  }
}

/** The extensions whose decoders run in workers of their own (DRACOLoader, KTX2Loader); meshopt decodes in place. */
const WORKER_DECODED = ['KHR_draco_mesh_compression', 'KHR_texture_basisu'];

/**
 * Whether parsing this glTF may start decoder workers: its JSON names Draco or KTX2 anywhere (a
 * texture may use KTX2 without the file listing it in extensionsUsed, so the whole text is
 * searched, not that list). A damaged header counts as yes: the answer only decides whether the
 * parse client keeps a copy of the file (parse/client.ts).
 */
export function mayStartDecoderWorkers(bytes: ArrayBuffer): boolean {
  const found = jsonBytes(bytes);
  if (!found) return true;
  const text = new TextDecoder().decode(found.text);
  return WORKER_DECODED.some((name) => text.includes(name));
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/**
 * Before GLTFLoader allocates anything: the buffers the file declares and the vertices of its
 * meshes against the limits (a small file of Draco or meshopt data can declare huge ones). And a
 * .glb shorter than its header says is cut: GLTFLoader would slice what is left without a word
 * (an embedded image cut in half shows as a white model), so the scene is told. Returns the
 * `data:` image URIs that are cut short (cutDataImages), already told to the scene.
 */
export function checkGltf(bytes: ArrayBuffer, job: LoadJob): Set<string> {
  const read = readJson(bytes);
  if (!read) return new Set();
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
  const cut = cutDataImages(json);
  if (cut.size) job.notify({ code: 'model.embeddedMissing', params: { name } });
  return cut;
}

/**
 * The `data:` image URIs of a .gltf whose PNG or JPEG stops before its end. Chromium refuses to
 * decode such an image (the load's onError then tells the scene); Firefox (ESR 153)
 * decodes the part there is and reports no error, so a cut image would show half drawn and
 * unreported. Checked here from the bytes, the same in every browser.
 */
function cutDataImages(json: GltfJson): Set<string> {
  const cut = new Set<string>();
  for (const image of json.images ?? []) {
    const uri = image?.uri;
    if (typeof uri !== 'string' || !/^data:image\/(png|jpeg)/i.test(uri)) continue;
    const comma = uri.indexOf(',');
    let bytes: Uint8Array;
    try {
      if (comma < 0 || !/;base64$/i.test(uri.slice(0, comma))) continue;
      bytes = Uint8Array.from(atob(uri.slice(comma + 1)), (c) => c.charCodeAt(0));
    } catch {
      // Not base64 (length or characters): damaged too.
      cut.add(uri);
      continue;
    }
    if (isCutImage(bytes)) cut.add(uri);
  }
  return cut;
}

/** A PNG whose chunks end before IEND, or a JPEG without its end marker near the end. Other types: not judged. */
export function isCutImage(b: Uint8Array): boolean {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    // Chunks after the 8-byte signature: length, type, data, CRC.
    for (let at = 8; at + 8 <= b.length;) {
      const end = at + 12 + dv.getUint32(at);
      if (end > b.length) return true;
      if (dv.getUint32(at + 4) === 0x49454e44 /* IEND */) return false;
      at = end;
    }
    return true;
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    // The end-of-image marker; a few bytes of padding may follow it. (0xFF 0xD9 cannot occur in
    // entropy-coded data, where every 0xFF is followed by 0x00.)
    for (let i = b.length - 2; i >= Math.max(2, b.length - 64); i--) if (b[i] === 0xff && b[i + 1] === 0xd9) return false;
    return true;
  }
  return false;
}
