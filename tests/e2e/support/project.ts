import type { CameraView } from '../../../shared/protocol';

type V = { x: number; y: number; z: number };
const sub = (a: V, b: V): V => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const dot = (a: V, b: V) => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: V, b: V): V => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const norm = (a: V): V => {
  const l = Math.hypot(a.x, a.y, a.z);
  return { x: a.x / l, y: a.y / l, z: a.z / l };
};

/**
 * Where a world point is on a width x height canvas (CSS px) for a camera pose, computed here from
 * first principles (a look-at camera with +y up and a vertical fov), independently of the engine.
 */
export function project(view: CameraView, fovDeg: number, width: number, height: number, p: V) {
  const f = norm(sub(view.target, view.position));
  const r = norm(cross(f, { x: 0, y: 1, z: 0 }));
  const u = cross(r, f);
  const d = sub(p, view.position);
  const t = Math.tan((fovDeg * Math.PI) / 360);
  const ndcX = dot(d, r) / (dot(d, f) * t * (width / height));
  const ndcY = dot(d, u) / (dot(d, f) * t);
  return { x: ((ndcX + 1) / 2) * width, y: ((1 - ndcY) / 2) * height };
}
