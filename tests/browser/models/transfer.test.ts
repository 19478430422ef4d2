import { describe, expect, it } from 'vitest';
import {
  Box3,
  PerspectiveCamera,
  Raycaster,
  Vector2,
  Vector3,
  type AnimationClip,
  type BufferAttribute,
  type BufferGeometry,
  type Material,
  type Object3D,
  type SkinnedMesh,
  type Texture,
} from 'three';
import { parseFile } from '../../../worker/models/load/parse/parse-file';
import { packModel } from '../../../worker/models/load/transfer/pack';
import { unpackModel } from '../../../worker/models/load/transfer/unpack';
import { buildBoundsTrees, builtTree, pickNearest } from '../../../worker/models/raycast';
import { texturesOf } from '../../../worker/util/textures';
import type { Parsed } from '../../../worker/models/types';
import { ModelLimitsSchema } from '../../../shared/schema/limits';
import { fixtureSource } from '../support/fixtures';

/*
 * The parse worker hands models to the render worker packed (worker/models/load/transfer). Here a real
 * fixture is parsed, packed, sent through a structured clone with its transfer list (what
 * postMessage does) and rebuilt; everything the scene, the panel and picking use must come back the
 * same: tree, transforms, geometry contents, materials, textures, skeletons, clips, picking trees.
 */

const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** Order-sensitive checksum of an attribute's values (interleaved ones included). */
function checksum(a: BufferAttribute): number {
  let s = 0;
  for (let i = 0; i < a.count; i++) for (let c = 0; c < a.itemSize; c++) s += a.getComponent(i, c) * ((i % 7) + c + 1);
  return round(s);
}

function textureSig(t: Texture) {
  const img = t.image as { width?: number; height?: number } | null;
  return {
    size: [img?.width, img?.height],
    levels: t.mipmaps?.length ?? 0,
    kind: [
      t.isTexture,
      (t as { isCompressedTexture?: boolean }).isCompressedTexture ?? false,
      (t as { isDataTexture?: boolean }).isDataTexture ?? false,
    ],
    settings: [t.flipY, t.colorSpace, t.wrapS, t.wrapT, t.channel, t.format, t.type, t.repeat.toArray(), t.offset.toArray(), t.rotation],
  };
}

function materialSig(m: Material) {
  const anyM = m as Material & { color?: { getHexString(): string }; emissive?: { getHexString(): string }; vertexColors?: boolean };
  const maps = Object.entries(m)
    .filter(([, v]) => (v as Texture | null)?.isTexture)
    .map(([k, v]) => [k, textureSig(v as Texture)]);
  return {
    uuid: m.uuid,
    type: m.type,
    name: m.name,
    color: anyM.color?.getHexString(),
    emissive: anyM.emissive?.getHexString(),
    flags: [m.opacity, m.transparent, m.side, anyM.vertexColors, m.alphaTest, m.depthWrite],
    maps,
  };
}

function geometrySig(g: BufferGeometry) {
  const attrs = Object.entries(g.attributes).map(([k, a]) => [k, a.count, a.itemSize, a.normalized, checksum(a as BufferAttribute)]);
  const morphs = Object.entries(g.morphAttributes).map(([k, list]) => [k, list.map((a) => checksum(a as BufferAttribute))]);
  return { attrs, index: g.index ? [g.index.count, checksum(g.index)] : null, morphs, relative: g.morphTargetsRelative, groups: g.groups };
}

function signature(root: Object3D, clips: AnimationClip[]) {
  root.updateMatrixWorld(true);
  const objects: unknown[] = [];
  root.traverse((o) => {
    const g = (o as { geometry?: BufferGeometry }).geometry;
    const m = (o as { material?: Material | Material[] }).material;
    const skinned = o as SkinnedMesh;
    objects.push({
      uuid: o.uuid,
      name: o.name,
      type: o.type,
      parent: o.parent?.uuid ?? null,
      visible: o.visible,
      userData: o.userData,
      geometry: g ? geometrySig(g) : null,
      material: m ? (Array.isArray(m) ? m : [m]).map(materialSig) : null,
      bones: skinned.isSkinnedMesh ? skinned.skeleton.bones.map((b) => b.uuid) : null,
      morphs: (o as { morphTargetDictionary?: unknown }).morphTargetDictionary ?? null,
      tree: builtTree(o) ? 'tree' : builtTree(o) === null ? 'failed' : 'none',
    });
  });
  const animations = clips.map((c) => ({
    name: c.name,
    duration: round(c.duration),
    tracks: c.tracks.map((t) => [
      t.name,
      (t as { ValueTypeName?: string }).ValueTypeName,
      t.times.length,
      round(t.values.reduce((s, v, i) => s + v * ((i % 5) + 1), 0)),
      t.getInterpolation(),
    ]),
  }));
  // Matrices apart: ObjectLoader rebuilds them from position, rotation and scale (compared with a tolerance).
  const matrices: number[] = [];
  root.traverse((o) => {
    matrices.push(...o.matrixWorld.elements);
    if ((o as SkinnedMesh).isSkinnedMesh) matrices.push(...(o as SkinnedMesh).bindMatrix.elements);
  });
  return { objects, animations, matrices };
}

function expectSame(after: ReturnType<typeof signature>, before: ReturnType<typeof signature>, what = '') {
  expect({ ...after, matrices: after.matrices.length }, what).toEqual({ ...before, matrices: before.matrices.length });
  const scale = Math.max(1, ...before.matrices.map(Math.abs));
  const worst = after.matrices.reduce((m, v, i) => Math.max(m, Math.abs(v - before.matrices[i]!)), 0);
  expect(worst / scale, `${what} matrices`).toBeLessThan(1e-9);
}

/**
 * The nearest part hit by a ray from an oblique viewpoint through the model's centre, or through
 * one of its points for a cloud (a ray through a scan's centre may pass between the points).
 */
function pickThroughCentre(root: Object3D) {
  const box = new Box3().setFromObject(root);
  let centre = box.getCenter(new Vector3());
  const cloud = (root as { isPoints?: boolean }).isPoints ? (root as unknown as { geometry: BufferGeometry }).geometry : null;
  if (cloud) centre = new Vector3().fromBufferAttribute(cloud.getAttribute('position'), 1000).applyMatrix4(root.matrixWorld);
  const size = box.getSize(new Vector3()).length() || 1;
  const camera = new PerspectiveCamera(40, 1, size / 100, size * 10);
  camera.position.copy(centre).add(new Vector3(0.3, 0.2, 1).normalize().multiplyScalar(size * 1.5));
  camera.lookAt(centre);
  camera.updateMatrixWorld(true);
  const raycaster = new Raycaster();
  raycaster.setFromCamera(new Vector2(0, 0), camera);
  const hit = pickNearest(raycaster, [{ root, owner: 'm' }], camera, 200);
  return hit ? { part: hit.part.uuid, distance: round(hit.distance) } : null;
}

async function roundTrip(...files: string[]) {
  const src = fixtureSource(...files);
  const bytes = await (await fetch(src.fileList[0]!.url)).arrayBuffer();
  const env = {
    signal: new AbortController().signal,
    ktx2: {},
    viewport: { width: 200, height: 200 },
    limits: ModelLimitsSchema.parse({}),
  };
  const { parsed } = await parseFile(bytes, src, env);
  parsed.object.updateMatrixWorld(true);
  buildBoundsTrees(parsed.object);
  const before = signature(parsed.object, parsed.animations ?? []);
  const hitBefore = pickThroughCentre(parsed.object);
  const { model, transfer } = packModel(parsed);
  // What postMessage does with the reply: clone the packed model, moving the transfer list.
  const back: Parsed = unpackModel(structuredClone(model, { transfer }));
  return { parsed, before, back, after: signature(back.object, back.animations ?? []), hitBefore, transfer };
}

describe('a parsed model crosses from the parse worker intact (pack, structured clone with transfer, unpack)', () => {
  it('RobotExpressive: skinned meshes, bones, 14 clips, picking trees', async () => {
    const r = await roundTrip('gltf/RobotExpressive.glb');
    expectSame(r.after, r.before);
    expect((r.back.animations ?? []).map((c) => c.name)).toHaveLength(14);
    expect(r.after.objects.filter((o) => (o as { tree: string }).tree === 'tree').length).toBeGreaterThan(0);
    expect(r.hitBefore).not.toBeNull();
    expect(pickThroughCentre(r.back.object)).toEqual(r.hitBefore);
  });

  it('facecap: meshopt geometry, morph targets and KTX2 textures', async () => {
    const r = await roundTrip('gltf/facecap.glb');
    expectSame(r.after, r.before);
    const morphs = r.after.objects.filter((o) => (o as { morphs: unknown }).morphs);
    expect(morphs.length).toBeGreaterThan(0);
    expect(pickThroughCentre(r.back.object)).toEqual(r.hitBefore);
  });

  it('DamagedHelmet from its file list: five decoded images come across as ImageBitmaps, moved', async () => {
    const r = await roundTrip(
      'gltf/DamagedHelmet/DamagedHelmet.gltf',
      'gltf/DamagedHelmet/DamagedHelmet.bin',
      'gltf/DamagedHelmet/Default_albedo.jpg',
      'gltf/DamagedHelmet/Default_AO.jpg',
      'gltf/DamagedHelmet/Default_emissive.jpg',
      'gltf/DamagedHelmet/Default_metalRoughness.jpg',
      'gltf/DamagedHelmet/Default_normal.jpg',
    );
    expectSame(r.after, r.before);
    const bitmaps = r.transfer.filter((t) => t instanceof ImageBitmap);
    expect(bitmaps).toHaveLength(5);
    const textures = new Set<Texture>();
    r.back.object.traverse((o) => {
      const m = (o as { material?: Material }).material;
      if (m) texturesOf(m).forEach((t) => textures.add(t));
    });
    expect([...textures].every((t) => t.image instanceof ImageBitmap && t.image.width > 0)).toBe(true);
    expect(pickThroughCentre(r.back.object)).toEqual(r.hitBefore);
  });

  it('Flair.fbx and morph_test.fbx: FBX skinning, clips and morph targets', async () => {
    for (const file of ['fbx/Flair.fbx', 'fbx/morph_test.fbx']) {
      const r = await roundTrip(file);
      expectSame(r.after, r.before, file);
      if (file.includes('Flair')) expect((r.back.animations ?? []).length, `${file} clips`).toBeGreaterThan(0);
      else
        expect(
          r.after.objects.some((o) => (o as { morphs: unknown }).morphs),
          `${file} morph targets`,
        ).toBe(true);
      expect(pickThroughCentre(r.back.object), file).toEqual(r.hitBefore);
    }
  });

  it('obj with its mtl', async () => {
    const r = await roundTrip('obj/WaltHead.obj', 'obj/WaltHead.mtl');
    expectSame(r.after, r.before);
    expect(pickThroughCentre(r.back.object)).toEqual(r.hitBefore);
  });

  it('a 209k-point cloud: arrays are moved, not copied, and its points tree comes along', async () => {
    const r = await roundTrip('pcd/table_scene_mug_stereo_textured.pcd');
    expectSame(r.after, r.before);
    const sent = (r.parsed.object as unknown as { geometry: BufferGeometry }).geometry.getAttribute('position') as BufferAttribute;
    expect(sent.array.byteLength, 'the parse side gave its position array away').toBe(0);
    const got = (r.back.object as unknown as { geometry: BufferGeometry }).geometry.getAttribute('position');
    expect(got.count).toBe(209_280);
    expect(builtTree(r.back.object)).toBeTruthy();
    expect(r.hitBefore).not.toBeNull();
    expect(pickThroughCentre(r.back.object)).toEqual(r.hitBefore);
  });
});
