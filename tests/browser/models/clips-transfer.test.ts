import { describe, expect, it } from 'vitest';
import type { AnimationClip, KeyframeTrack } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { packClip, unpackClip } from '../../../worker/models/load/transfer/clips';
import { Transfers } from '../../../worker/models/load/transfer/transfers';

/*
 * glTF CUBICSPLINE animation: GLTFLoader gives such a track its own interpolant, which cannot
 * cross from the parse worker; the unpacked track uses ours (transfer/clips.ts). Both are sampled
 * between the keys and must agree, for a vector and for a quaternion track.
 */

/** A glTF with one node and a CUBICSPLINE translation and rotation, buffers inline. */
function cubicGltf(): string {
  const times = [0, 1, 2.5];
  // Per key: in-tangent, value, out-tangent (vec3 / vec4).
  const translation = [
    [0, 0, 0],
    [0, 0, 0],
    [1, 2, 0],
    [3, -1, 0],
    [2, 1, 1],
    [-2, 0, 4],
    [1, 1, 1],
    [5, 0, -1],
    [0, 0, 0],
  ].flat();
  const q = (x: number, y: number, z: number, w: number) => {
    const n = Math.hypot(x, y, z, w);
    return [x / n, y / n, z / n, w / n];
  };
  const rotation = [
    [0, 0, 0, 0],
    q(0, 0, 0, 1),
    [0.3, 0, 0, 0],
    [0, 0.5, 0, 0],
    q(0.2, 0.4, 0, 0.9),
    [0, -0.2, 0.1, 0],
    [0.1, 0.1, 0, 0],
    q(0, 0.7, 0.1, 0.7),
    [0, 0, 0, 0],
  ].flat();
  const floats = new Float32Array([...times, ...translation, ...rotation]);
  const uri = `data:application/octet-stream;base64,${btoa(String.fromCharCode(...new Uint8Array(floats.buffer)))}`;
  const view = (offset: number, count: number) => ({ buffer: 0, byteOffset: offset * 4, byteLength: count * 4 });
  return JSON.stringify({
    asset: { version: '2.0' },
    scenes: [{ nodes: [0] }],
    scene: 0,
    nodes: [{ name: 'mover' }],
    buffers: [{ uri, byteLength: floats.byteLength }],
    bufferViews: [view(0, 3), view(3, 27), view(30, 36)],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'SCALAR', min: [0], max: [2.5] },
      { bufferView: 1, componentType: 5126, count: 9, type: 'VEC3' },
      { bufferView: 2, componentType: 5126, count: 9, type: 'VEC4' },
    ],
    animations: [
      {
        name: 'cubic',
        samplers: [
          { input: 0, output: 1, interpolation: 'CUBICSPLINE' },
          { input: 0, output: 2, interpolation: 'CUBICSPLINE' },
        ],
        channels: [
          { sampler: 0, target: { node: 0, path: 'translation' } },
          { sampler: 1, target: { node: 0, path: 'rotation' } },
        ],
      },
    ],
  });
}

function sample(track: KeyframeTrack, t: number): number[] {
  const interpolant = (track as unknown as { createInterpolant(): { evaluate(t: number): ArrayLike<number> } }).createInterpolant();
  return Array.from(interpolant.evaluate(t));
}

describe('CUBICSPLINE clips cross from the parse worker with the same curve', () => {
  it('our Hermite interpolant matches GLTFLoader’s between and outside the keys', async () => {
    const gltf = await new GLTFLoader().parseAsync(cubicGltf(), '');
    const clip: AnimationClip = gltf.animations[0]!;
    expect(clip.tracks).toHaveLength(2);
    const transfers = new Transfers();
    const back = unpackClip(structuredClone(packClip(clip, transfers), { transfer: transfers.list }));
    expect(back.tracks.map((t) => t.name)).toEqual(['mover.position', 'mover.quaternion']);
    for (let i = 0; i < 2; i++) {
      for (const t of [-0.5, 0, 0.2, 0.5, 0.99, 1, 1.3, 2.2, 2.5, 3]) {
        const ours = sample(back.tracks[i]!, t);
        // The original's arrays were moved: sample a fresh parse for GLTFLoader's own answer.
        const theirs = sample((await new GLTFLoader().parseAsync(cubicGltf(), '')).animations[0]!.tracks[i]!, t);
        ours.forEach((v, k) => expect(v, `track ${i} at ${t}, component ${k}`).toBeCloseTo(theirs[k]!, 5));
      }
    }
  });
});
