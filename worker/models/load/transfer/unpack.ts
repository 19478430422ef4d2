import { ObjectLoader, type AnimationClip, type BufferGeometry, type Material, type Object3D, type Texture } from 'three';
import type { Parsed } from '../../types';
import { GeometryUnpacker } from './geometry';
import { TextureUnpacker } from './textures';
import { unpackClip } from './clips';
import { adoptTrees } from './trees';
import type { PackedModel } from './pack';

/** ObjectLoader's steps after its JSON parsing, which the typings leave out or mistype. */
interface LoaderSteps {
  parseMaterials(json: unknown, textures: Record<string, Texture>): Record<string, Material>;
  parseObject(
    data: unknown,
    geometries: Record<string, BufferGeometry>,
    materials: Record<string, Material>,
    textures: Record<string, Texture>,
    animations: Record<string, AnimationClip>,
  ): Object3D;
  parseSkeletons(json: unknown, object: Object3D): Record<string, unknown>;
  bindSkeletons(object: Object3D, skeletons: Record<string, unknown>): void;
  bindLightTargets(object: Object3D): void;
}

const byUuid = <T extends { uuid: string }>(items: T[]) => Object.fromEntries(items.map((x) => [x.uuid, x]));

/**
 * The model a parse worker packed (pack.ts), rebuilt on the render thread around the moved arrays
 * and bitmaps, with its picking trees in place. Nothing here parses a file or builds a tree.
 */
export function unpackModel(p: PackedModel): Parsed {
  const loader = new ObjectLoader() as unknown as LoaderSteps;
  const gu = new GeometryUnpacker();
  const tu = new TextureUnpacker();
  const geometries = byUuid(p.geometries.map((g) => gu.unpack(g)));
  const textures = byUuid(p.textures.map((t) => tu.unpack(t)));
  const materials = loader.parseMaterials(p.materials, textures);
  const clips = byUuid(p.clips.map(unpackClip));
  const object = loader.parseObject(p.object, geometries, materials, textures, clips);
  object.traverse((o) => {
    const t = p.transforms[o.uuid];
    if (!t || !o.matrixAutoUpdate) return;
    o.position.fromArray(t);
    o.quaternion.fromArray(t, 3);
    o.scale.fromArray(t, 7);
    o.updateMatrix();
  });
  loader.bindSkeletons(object, loader.parseSkeletons(p.skeletons, object));
  loader.bindLightTargets(object);
  adoptTrees(object, p.trees);
  return { kind: p.kind, object, animations: p.animations.flatMap((uuid) => clips[uuid] ?? []) };
}
