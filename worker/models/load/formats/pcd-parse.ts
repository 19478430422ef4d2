import { lzfDecompress } from './lzf';
import { parsePcdHeader, type PcdHeader } from './pcd-header';

/**
 * A PCD point cloud parser (Point Cloud Library format, ascii / binary / binary_compressed),
 * pure: bytes in, typed arrays out, no three.js, so it is tested in Node on the fixture bytes.
 * three's PCDLoader (0.187) ignores rgba and intensity and keeps NaN points: organized clouds
 * (a depth camera's 640x480 grid) mark missing measurements with NaN coordinates.
 */

export interface PcdCloud {
  header: PcdHeader;
  /** Points kept (finite x, y and z). */
  count: number;
  /** Points dropped for a NaN (or infinite) coordinate. */
  skipped: number;
  /** x, y, z per point. */
  position: Float32Array;
  /** r, g, b per point, 0..255 as stored (sRGB), from an rgb or rgba field. */
  color?: Uint8Array;
  /** One value per point, scaled to 0..1 over the cloud's own range. */
  intensity?: Float32Array;
  normal?: Float32Array;
  /** 1, or n when only every n-th point of the file was read (PcdOptions.stride). */
  stride: number;
}

export interface PcdOptions {
  /** Read every n-th point only (a uniform decimation, colours kept); default 1. */
  stride?: number;
  /**
   * Called with the header and the bytes its point data takes unpacked, before any of it is
   * unpacked or allocated: throw to refuse the file (a small compressed file can declare gigabytes),
   * or return the stride to read with (it then overrides `stride`).
   */
  beforeAlloc?(header: PcdHeader, dataBytes: number): number | void;
}

/*
 * The index reads marked `]!` in this file are in range by construction, and left unchecked in the
 * per-point loops on purpose: the header's per-field lists (fields, size, type, count) have one
 * entry each per field (parsePcdHeader checks), a field index comes from fields.indexOf and is
 * checked >= 0 before use, and every column holds one value per point read.
 */

/** Bytes of one point's fields, as stored. */
const rowBytes = (h: PcdHeader) => h.size.reduce((a, s, k) => a + s * h.count[k]!, 0);

/** Field `f`'s first element for every point, as numbers, or as raw 32 bits (packed colours). */
interface Access {
  column(f: number): ArrayLike<number>;
  bits(f: number): Uint32Array;
}

export function parsePcd(buffer: ArrayBuffer, opts: PcdOptions = {}): PcdCloud {
  const bytes = new Uint8Array(buffer);
  const header = parsePcdHeader(bytes);
  const chosen = opts.beforeAlloc?.(header, rowBytes(header) * header.points);
  const stride = Math.max(1, Math.floor(chosen ?? opts.stride ?? 1));
  const access = header.data === 'ascii' ? asciiAccess(bytes, header, stride) : binaryAccess(bytes, header, stride);
  const f = (name: string) => header.fields.indexOf(name);
  const [fx, fy, fz] = [f('x'), f('y'), f('z')];
  const fc = f('rgb') >= 0 ? f('rgb') : f('rgba');
  const fi = f('intensity');
  const fn = [f('normal_x'), f('normal_y'), f('normal_z')];
  const hasNormals = fn.every((i) => i >= 0);

  const n = Math.ceil(header.points / stride);
  const [xs, ys, zs] = [access.column(fx), access.column(fy), access.column(fz)];
  const cs = fc >= 0 ? access.bits(fc) : undefined;
  const is = fi >= 0 ? access.column(fi) : undefined;
  const ns = hasNormals ? fn.map((k) => access.column(k)) : undefined;
  const position = new Float32Array(n * 3);
  const color = fc >= 0 ? new Uint8Array(n * 3) : undefined;
  const intensity = fi >= 0 ? new Float32Array(n) : undefined;
  const normal = hasNormals ? new Float32Array(n * 3) : undefined;
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const x = xs[i]!,
      y = ys[i]!,
      z = zs[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) continue;
    const k3 = kept * 3;
    position[k3] = x;
    position[k3 + 1] = y;
    position[k3 + 2] = z;
    if (color && cs) {
      const c = cs[i]!;
      color[k3] = (c >>> 16) & 255;
      color[k3 + 1] = (c >>> 8) & 255;
      color[k3 + 2] = c & 255;
    }
    if (intensity && is) intensity[kept] = is[i]!;
    if (normal && ns) for (let a = 0; a < 3; a++) normal[k3 + a] = ns[a]![i]!;
    kept++;
  }
  return {
    header,
    count: kept,
    skipped: n - kept,
    stride,
    position: position.slice(0, kept * 3),
    color: color?.slice(0, kept * 3),
    intensity: intensity ? normalise(intensity.subarray(0, kept)) : undefined,
    normal: normal?.slice(0, kept * 3),
  };
}

/** Scale to 0..1 over the values' own range (sensors use 0..1, 0..255 or raw counts). */
function normalise(v: Float32Array): Float32Array {
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of v) {
    if (!Number.isFinite(x)) continue;
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  const span = hi - lo;
  return v.map((x) => (Number.isFinite(x) ? (span > 0 ? (x - lo) / span : 1) : 0));
}

function readerOf(type: 'F' | 'U' | 'I', size: number): (dv: DataView, at: number) => number {
  const key = `${type}${size}`;
  switch (key) {
    case 'F4':
      return (dv, at) => dv.getFloat32(at, true);
    case 'F8':
      return (dv, at) => dv.getFloat64(at, true);
    case 'U1':
      return (dv, at) => dv.getUint8(at);
    case 'U2':
      return (dv, at) => dv.getUint16(at, true);
    case 'U4':
      return (dv, at) => dv.getUint32(at, true);
    case 'U8':
      return (dv, at) => Number(dv.getBigUint64(at, true));
    case 'I1':
      return (dv, at) => dv.getInt8(at);
    case 'I2':
      return (dv, at) => dv.getInt16(at, true);
    case 'I4':
      return (dv, at) => dv.getInt32(at, true);
    case 'I8':
      return (dv, at) => Number(dv.getBigInt64(at, true));
    default:
      throw new Error(`field type ${type} of size ${size} is not a PCD type`);
  }
}

/** `n` values of one type, `step` bytes apart from `start`. */
function gather(dv: DataView, start: number, step: number, n: number, read: (dv: DataView, at: number) => number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0, at = start; i < n; i++, at += step) out[i] = read(dv, at);
  return out;
}

const rawBits = (dv: DataView, at: number) => dv.getUint32(at, true);

/** `every`: read points 0, every, 2*every, ... */
function binaryAccess(bytes: Uint8Array, h: PcdHeader, every: number): Access {
  const widths = h.size.map((s, k) => s * h.count[k]!);
  const before = widths.map((_, k) => widths.slice(0, k).reduce((a, b) => a + b, 0));
  const stride = rowBytes(h);
  const expected = stride * h.points;
  const m = Math.ceil(h.points / every);
  let dv: DataView;
  /** Where field f of point 0 is, and how far apart consecutive points' values are. */
  let place: (f: number) => [start: number, step: number];
  if (h.data === 'binary') {
    const have = bytes.length - h.headerLength;
    if (have < expected) throw new Error(`the point data is cut short (${have} of ${expected} bytes)`);
    dv = new DataView(bytes.buffer, bytes.byteOffset + h.headerLength, expected);
    place = (f) => [before[f]!, stride];
  } else {
    // binary_compressed: two sizes, then LZF data holding each field's values for all points in turn.
    if (bytes.length < h.headerLength + 8) throw new Error('the compressed point data is missing');
    const sizes = new DataView(bytes.buffer, bytes.byteOffset + h.headerLength, 8);
    const packed = sizes.getUint32(0, true);
    const unpacked = sizes.getUint32(4, true);
    const have = bytes.length - h.headerLength - 8;
    if (have < packed) throw new Error(`the compressed point data is cut short (${have} of ${packed} bytes)`);
    if (unpacked !== expected) throw new Error(`the compressed data holds ${unpacked} bytes, the header implies ${expected}`);
    const start = h.headerLength + 8;
    const raw = lzfDecompress(bytes.subarray(start, start + packed), unpacked);
    dv = new DataView(raw.buffer);
    place = (f) => [before[f]! * h.points, widths[f]!];
  }
  return {
    column: (f) => {
      const [start, step] = place(f);
      return gather(dv, start, step * every, m, readerOf(h.type[f]!, h.size[f]!));
    },
    bits: (f) => {
      if (h.size[f] !== 4) throw new Error(`its ${h.fields[f]} field is not 4 bytes wide`);
      const [start, step] = place(f);
      return Uint32Array.from(gather(dv, start, step * every, m, rawBits));
    },
  };
}

/** `every`: keep rows 0, every, 2*every, ... (all rows are still checked for their value count). */
function asciiAccess(bytes: Uint8Array, h: PcdHeader, every: number): Access {
  const text = new TextDecoder('latin1').decode(bytes.subarray(h.headerLength));
  const cols = h.count.reduce((a, b) => a + b, 0);
  const firstCol = h.count.map((_, k) => h.count.slice(0, k).reduce((a, b) => a + b, 0));
  const m = Math.ceil(h.points / every);
  const values = new Float64Array(m * cols);
  let row = 0;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (!t) continue;
    if (row >= h.points) break;
    const tokens = t.split(/\s+/);
    if (tokens.length < cols) throw new Error(`line ${row + 1} of the point data has ${tokens.length} of ${cols} values`);
    if (row % every === 0) {
      const at = (row / every) * cols;
      for (let c = 0; c < cols; c++) values[at + c] = Number(tokens[c]); // 'nan' gives NaN too
    }
    row++;
  }
  if (row < h.points) throw new Error(`the point data is cut short (${row} of ${h.points} points)`);
  const column = (f: number) => {
    const out = new Float64Array(m);
    for (let i = 0, at = firstCol[f]!; i < m; i++, at += cols) out[i] = values[at]!;
    return out;
  };
  return {
    column,
    bits: (f) => {
      const v = column(f);
      // A float-typed rgb holds the colour's bytes reinterpreted as a float (PCL's packing).
      if (h.type[f] === 'F') return new Uint32Array(Float32Array.from(v).buffer);
      return Uint32Array.from(v, (x) => x >>> 0);
    },
  };
}
