import { BufferGeometry, Float32BufferAttribute, PointsMaterial, Points, SRGBColorSpace, Color, Box3 } from 'three';
import { parsePcd, type PcdCloud } from './pcd-parse';
import type { LoadJob } from '../job';
import type { ColourSource, Parsed } from '../../types';
import { checkDataBytes, checkPoints, strideFor } from '../limits';
import { formatCount } from '../../../../shared/model-notices';

/**
 * Points for a parsed cloud: `position`, `color` (linear, from rgb/rgba), `intensity` (0..1) and
 * `normal` attributes as the file has them, `geometry.userData.colourSource` saying which colours
 * exist. Point size follows the cloud's spacing so a dense scan looks like a surface and a sparse
 * one like dots, at any scale.
 */
export function pointsOf(cloud: PcdCloud, name: string): Points {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(cloud.position, 3));
  if (cloud.color) geometry.setAttribute('color', new Float32BufferAttribute(linearColours(cloud.color), 3));
  if (cloud.intensity) geometry.setAttribute('intensity', new Float32BufferAttribute(cloud.intensity, 1));
  if (cloud.normal) geometry.setAttribute('normal', new Float32BufferAttribute(cloud.normal, 3));
  const colourSource: ColourSource = cloud.color ? 'rgb' : cloud.intensity ? 'intensity' : 'none';
  geometry.userData.colourSource = colourSource;
  const material = new PointsMaterial({
    size: pointSize(geometry, cloud.count),
    sizeAttenuation: true,
    vertexColors: Boolean(cloud.color),
  });
  material.name = name;
  const points = new Points(geometry, material);
  points.name = name;
  return points;
}

/**
 * About the mean distance between neighbours on the cloud's surface: a scan of N points over a
 * box of diagonal d covers roughly d² with spacing d/√N.
 */
function pointSize(geometry: BufferGeometry, count: number): number {
  if (count === 0) return 1;
  const box = new Box3().setFromBufferAttribute(geometry.getAttribute('position') as Float32BufferAttribute);
  const diagonal = box.max.distanceTo(box.min);
  const size = diagonal / Math.sqrt(count);
  return size > 0 ? size : diagonal > 0 ? diagonal / 100 : 1;
}

/** PCD colours are sRGB bytes; three's colour attribute holds linear values. */
function linearColours(srgb: Uint8Array): Float32Array {
  const table = new Float32Array(256);
  const c = new Color();
  for (let i = 0; i < 256; i++) table[i] = c.setRGB(i / 255, 0, 0, SRGBColorSpace).r;
  const out = new Float32Array(srgb.length);
  // In range by construction (i below the length, a byte into a 256-entry table): no checks in this loop.
  for (let i = 0; i < srgb.length; i++) out[i] = table[srgb[i]!]!;
  return out;
}

/**
 * pcd: our parser (pcd-parse.ts), then a Points object. The header's declared points and data size
 * are checked against the limits before anything is unpacked; a cloud past the comfortable count
 * is read with a stride, and the job gets a notice saying so.
 */
export function parsePcdModel(bytes: ArrayBuffer, job: LoadJob): Parsed {
  const name = job.main.name;
  const { limits } = job.env;
  const cloud = parsePcd(bytes, {
    beforeAlloc: (header, dataBytes) => {
      checkPoints(name, header.points, limits);
      checkDataBytes(name, 'model.what.pointData', dataBytes, limits);
      return strideFor(header.points, limits);
    },
  });
  if (cloud.stride > 1) {
    const params = {
      name,
      stride: String(cloud.stride),
      count: formatCount(cloud.header.points),
      comfortable: formatCount(limits.comfortablePoints),
    };
    job.notify({ code: 'model.decimated', params });
  }
  if (cloud.count === 0) throw new Error(cloud.header.points ? 'every point has a NaN coordinate' : 'it holds no points');
  return { kind: 'points', object: pointsOf(cloud, name), animations: [] };
}
