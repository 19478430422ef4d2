import { describe, expect, it } from 'vitest';
import { BoxGeometry, Group, Mesh, MeshBasicMaterial, PerspectiveCamera, PlaneGeometry, Scene, Vector3 } from 'three';
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
