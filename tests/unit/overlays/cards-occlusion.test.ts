import { describe, expect, it } from 'vitest';
import {
  BoxGeometry,
  Group,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  Scene,
  Vector3,
  type Object3D,
} from 'three';
import { createOcclusion } from '../../../worker/overlays/cards/occlusion';

/*
 * Whether the scene hides a card's anchor: a ray from the camera to the anchor through real three
 * meshes. The ground's bounding sphere holds everything, so its box decides: an anchor above the
 * ground is not behind it, one below it is.
 */
function setup() {
  const scene = new Scene();
  const ground = new Mesh(new PlaneGeometry(1000, 1000), new MeshBasicMaterial());
  ground.rotation.x = -Math.PI / 2;
  const box = new Mesh(new BoxGeometry(40, 40, 40), new MeshBasicMaterial());
  box.position.set(0, 20, 0);
  const cards = new Group();
  scene.add(ground, box, cards);
  scene.updateMatrixWorld();
  const camera = new PerspectiveCamera(50, 1, 1, 10_000);
  camera.position.set(0, 300, 600);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const occlusion = createOcclusion(scene, cards);
  occlusion.begin(camera);
  return { hidden: (x: number, y: number, z: number) => occlusion.hidden(new Vector3(x, y, z), camera, 600) };
}

describe('card occlusion', () => {
  it('an anchor above the ground is shown, one under it is hidden', () => {
    const { hidden } = setup();
    expect(hidden(200, 50, 0)).toBe(false);
    expect(hidden(200, -50, 0)).toBe(true);
    // On the ground's surface (a point picked on it): not hidden by that surface.
    expect(hidden(200, 0, 0)).toBe(false);
  });

  it('an anchor behind the box is hidden; one in front of it, or beside it, is not', () => {
    const { hidden } = setup();
    // The camera looks from +z: -z of the box is behind it.
    expect(hidden(0, 20, -60)).toBe(true);
    expect(hidden(0, 20, 60)).toBe(false);
    expect(hidden(100, 20, -60)).toBe(false);
  });
});

/*
 * With thousands of cards, a ray skips each blocker whose screen bounds (its bounding sphere seen
 * from the camera, worked out once a frame) do not hold the anchor. Only a speed-up: every answer
 * must be the one a plain ray through the whole scene gives, from any camera (inside a mesh's
 * sphere, with meshes beside and behind it, under a moved parent) and for any point.
 */
describe('card occlusion, screen bounds', () => {
  /** A deterministic stream of numbers in [0, 1). */
  function random(seed: number) {
    let s = seed;
    return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  }

  function plant(r: () => number) {
    const scene = new Scene();
    const ground = new Mesh(new PlaneGeometry(1000, 1000), new MeshBasicMaterial());
    ground.rotation.x = -Math.PI / 2;
    scene.add(ground);
    for (let i = 0; i < 40; i++) {
      const box = new Mesh(new BoxGeometry(10 + r() * 40, 10 + r() * 60, 10 + r() * 40), new MeshBasicMaterial());
      box.position.set((r() - 0.5) * 800, r() * 40, (r() - 0.5) * 800);
      box.rotation.set(r(), r() * 6, r());
      scene.add(box);
    }
    const cards = new Group();
    scene.add(cards);
    scene.updateMatrixWorld();
    return { scene, cards, meshes: scene.children.filter((o) => o !== cards) };
  }

  /** Hidden the plain way: any hit on a ray from camera.position short of the point (as occlusion.ts measures). */
  function plainHidden(meshes: Mesh[] | Object3D[], from: Vector3, point: Vector3): boolean {
    const d = point.clone().sub(from);
    const distance = d.length();
    const far = distance - Math.max(1e-3, distance * 2e-3);
    return new Raycaster(from.clone(), d.normalize(), 0, far).intersectObjects(meshes, false).length > 0;
  }

  it('answer as a plain ray does, for points in and out of view and cameras anywhere', () => {
    const r = random(34);
    const { scene, cards, meshes } = plant(r);
    const cameras: PerspectiveCamera[] = [];
    for (let i = 0; i < 12; i++) {
      const camera = new PerspectiveCamera(45, 1000 / 600, 1, 10_000);
      const a = (i / 12) * Math.PI * 2;
      // Far above the floor, and low among the meshes (inside some of their spheres).
      const [d, h] = i % 3 === 0 ? [1600, 800] : i % 3 === 1 ? [300, 30] : [r() * 400, 5 + r() * 40];
      camera.position.set(Math.sin(a) * d, h, Math.cos(a) * d);
      camera.lookAt(r() * 100, 0, r() * 100);
      cameras.push(camera);
    }
    // A camera under a moved parent: its rays start at its own position, as before; no screen bounds.
    const parent = new Group();
    parent.position.set(50, 20, -30);
    const child = new PerspectiveCamera(45, 1000 / 600, 1, 10_000);
    child.position.set(200, 300, 900);
    child.lookAt(0, 0, 0);
    parent.add(child);
    parent.updateMatrixWorld();
    cameras.push(child);

    const occlusion = createOcclusion(scene, cards);
    let hiddenCount = 0;
    let checked = 0;
    for (const camera of cameras) {
      camera.updateMatrixWorld();
      occlusion.begin(camera);
      for (let k = 0; k < 300; k++) {
        const p = new Vector3((r() - 0.5) * 900, r() * 80 - 5, (r() - 0.5) * 900);
        const got = occlusion.hidden(p, camera, 600);
        expect(got, `camera ${camera.position.toArray().join(',')} point ${p.toArray().join(',')}`).toBe(
          plainHidden(meshes, camera.position, p),
        );
        if (got) hiddenCount++;
        checked++;
      }
    }
    // The comparison means something: plenty of both answers.
    expect(hiddenCount).toBeGreaterThan(checked / 10);
    expect(hiddenCount).toBeLessThan(checked - checked / 10);
  });
});
