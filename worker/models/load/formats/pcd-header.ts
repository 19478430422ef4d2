/** The header of a PCD file (Point Cloud Library format v0.5 to v0.7). */

export type PcdDataKind = 'ascii' | 'binary' | 'binary_compressed';

export interface PcdHeader {
  version: string;
  fields: string[];
  size: number[];
  type: ('F' | 'U' | 'I')[];
  count: number[];
  width: number;
  height: number;
  points: number;
  data: PcdDataKind;
  /** Bytes before the point data. */
  headerLength: number;
}

/**
 * Reads the header: the lines up to and including DATA. Throws when a field list and its sizes,
 * types or counts disagree, or x, y and z are missing: the data could not be read reliably.
 */
export function parsePcdHeader(bytes: Uint8Array): PcdHeader {
  // A single-byte decoding keeps string indexes equal to byte offsets.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 65536)));
  const data = /^[ \t]*DATA[ \t]+(\S+)[^\n]*(\n|$)/im.exec(head);
  if (!data) throw new Error('not a PCD file (no DATA line in its header)');
  const values: Record<string, string[]> = {};
  for (const line of head.slice(0, data.index).split(/\r?\n/)) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const [key, ...rest] = t.split(/\s+/);
    values[key!.toUpperCase()] = rest;
  }
  const fields = values.FIELDS ?? values.COLUMNS ?? [];
  const n = fields.length;
  const nums = (key: string, def?: number) => {
    const v = values[key]?.map(Number) ?? (def === undefined ? [] : Array<number>(n).fill(def));
    if (v.length !== n || v.some((x) => !Number.isInteger(x) || x < 1)) throw new Error(`its header's ${key} does not match FIELDS`);
    return v;
  };
  const size = nums('SIZE');
  const count = nums('COUNT', 1);
  const type = (values.TYPE ?? []).map((t) => t.toUpperCase()) as PcdHeader['type'];
  if (type.length !== n || type.some((t) => !'FUI'.includes(t) || t.length !== 1))
    throw new Error("its header's TYPE does not match FIELDS");
  for (const axis of ['x', 'y', 'z']) if (!fields.includes(axis)) throw new Error(`it has no ${axis} field`);
  const kind = data[1]?.toLowerCase();
  if (kind !== 'ascii' && kind !== 'binary' && kind !== 'binary_compressed') throw new Error(`unknown DATA kind "${data[1]}"`);
  const width = Number(values.WIDTH?.[0] ?? 0);
  const height = Number(values.HEIGHT?.[0] ?? 1);
  const points = Number(values.POINTS?.[0] ?? width * height);
  if (!Number.isInteger(points) || points < 0) throw new Error('its header gives no valid POINTS count');
  return {
    version: values.VERSION?.[0] ?? '',
    fields,
    size,
    type,
    count,
    width,
    height,
    points,
    data: kind,
    headerLength: data.index + data[0].length,
  };
}
