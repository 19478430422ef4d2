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

type Point = { x: number; y: number };

/**
 * Where the gizmo's X handle is on the page: walks the screen's image of +x from the model's origin
 * `at` (page px, `canvas` the canvas' box) to find the stretch where `onX` holds after the pointer
 * was moved there, and answers its middle (with the pointer left there), with the unit direction of
 * +x on screen (for the drag). A finger or a WebDriver pointer is moved by the caller's `move`; the
 * gizmo says what is under it (`onX`).
 *
 * The middle, not the first point: the handle's first pixels border the centre handle (XYZ), and a
 * drag that ends a pixel or two off lands on that one. Where the gizmo answered late (a slow
 * rasteriser) the first point was already inside the handle; where it answers at once (llvmpipe)
 * it is its very edge (issue 44, run AE: the e2e release test failed that way every time).
 */
export async function findXHandle(
  view: CameraView,
  canvas: Point & { width: number; height: number },
  at: V,
  move: (p: Point) => Promise<void>,
  onX: () => Promise<boolean>,
): Promise<{ grab: Point | null; dir: Point }> {
  const origin = project(view, 45, canvas.width, canvas.height, at);
  const along = project(view, 45, canvas.width, canvas.height, { ...at, x: at.x + 40 });
  const len = Math.hypot(along.x - origin.x, along.y - origin.y);
  const dir = { x: (along.x - origin.x) / len, y: (along.y - origin.y) / len };
  const point = (k: number) => ({ x: canvas.x + origin.x + dir.x * k, y: canvas.y + origin.y + dir.y * k });
  let first = -1;
  let last = -1;
  // A second pass when the first found nothing: on a loaded run (WebKit's engine shares the page's
  // thread) the gizmo's answers can lag a whole pass behind the pointer.
  for (let pass = 0; pass < 2 && first < 0; pass++) {
    for (let k = 20; k < 160; k += 4) {
      await move(point(k));
      if (await onX()) {
        if (first < 0) first = k;
        last = k;
      } else if (first >= 0) break;
    }
  }
  if (first < 0) return { grab: null, dir };
  // The middle of the stretch, if the gizmo says X there too once the pointer rests; else the first point.
  for (const k of [Math.round((first + last) / 2), first]) {
    await move(point(k));
    for (let tries = 0; tries < 5; tries++) {
      if (await onX()) return { grab: point(k), dir };
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { grab: null, dir };
}
