import { describe, expect, it } from 'vitest';
import { BufferAttribute, BufferGeometry, Group, Mesh, MeshBasicMaterial, Points } from 'three';
import { warmBatches } from '../../../worker/models/load/warm';

const geometry = (vertices: number) => {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(vertices * 3), 3));
  return g;
};

describe("a model's warm-up draws, a few parts per frame", () => {
  it('at most two new materials a frame; parts sharing a drawn material ride along', () => {
    const [a, b, c] = [new MeshBasicMaterial(), new MeshBasicMaterial(), new MeshBasicMaterial()];
    const root = new Group();
    for (const m of [a, a, b, c, c]) root.add(new Mesh(geometry(10), m));
    const batches = warmBatches(root);
    expect(batches.map((b) => b.length)).toEqual([3, 2]);
    expect(batches.flat()).toHaveLength(5);
  });

  it('a frame draws at most 300 000 vertices, but a bigger part still gets a frame of its own', () => {
    const m = new MeshBasicMaterial();
    const root = new Group();
    root.add(new Points(geometry(250_000), m), new Points(geometry(100_000), m), new Mesh(geometry(900_000), m));
    expect(warmBatches(root).map((b) => b.length)).toEqual([1, 1, 1]);
  });

  it('hidden parts are not drawn; a model with nothing to draw needs no frame', () => {
    const root = new Group();
    const hidden = new Mesh(geometry(10), new MeshBasicMaterial());
    hidden.visible = false;
    root.add(hidden);
    expect(warmBatches(root)).toEqual([]);
  });
});
