import type { AnimationClip, BufferGeometry, Material, Texture } from 'three';
import type { Parsed } from '../../types';
import { texturesOf } from '../../../util/textures';
import { GeometryPacker, type PackedGeometry } from './geometry';
import { TexturePacker, type PackedTexture } from './textures';
import { packClip, type PackedClip } from './clips';
import { packTrees, type PackedTrees } from './trees';
import { Transfers } from './transfers';
import { materialsOf } from '../../../util/materials';

/**
 * A parsed model as it crosses from the parse worker to the render worker. The object tree,
 * materials and skeletons go as three's own JSON (ObjectLoader rebuilds them); the heavy parts,
 * geometry arrays, decoded images, animation keys and picking trees, go beside it as typed arrays
 * and ImageBitmaps in the transfer list, so they are moved and not copied.
 */
export interface PackedModel {
  kind: Parsed['kind'];
  /** `Object3D.toJSON` of the root: the tree, transforms, names, uuids, user data. */
  object: unknown;
  geometries: PackedGeometry[];
  /** `Material.toJSON` of each material; textures referred to by uuid. */
  materials: unknown[];
  textures: PackedTexture[];
  skeletons: unknown[];
  clips: PackedClip[];
  /** The uuids of the file's clips (Parsed.animations), in order. */
  animations: string[];
  trees: PackedTrees;
  /**
   * Position, quaternion and scale of each object by uuid: ObjectLoader recomposes them from the
   * matrix, which is off in the 7th digit; animations and part offsets start from these exactly.
   */
  transforms: Record<string, number[]>;
}

export function packModel(parsed: Parsed): { model: PackedModel; transfer: Transferable[] } {
  const transfers = new Transfers();
  const geometries = new Set<BufferGeometry>();
  const materials = new Set<Material>();
  const clips = new Set<AnimationClip>(parsed.animations ?? []);
  const transforms: Record<string, number[]> = {};
  parsed.object.traverse((o) => {
    transforms[o.uuid] = [...o.position.toArray(), ...o.quaternion.toArray(), ...o.scale.toArray()];
    const g = (o as { geometry?: BufferGeometry }).geometry;
    if (g?.isBufferGeometry) geometries.add(g);
    for (const x of materialsOf(o)) materials.add(x);
    o.animations?.forEach((c) => clips.add(c));
  });
  const textures = new Set<Texture>([...materials].flatMap(texturesOf));

  // Object3D.toJSON serialises what its library does not hold yet: geometries, textures and clips
  // are placed there first, so it leaves them alone (they are packed below, as arrays to move).
  const placeholders = <T extends { uuid: string }>(items: Iterable<T>) =>
    Object.fromEntries([...items].map((x) => [x.uuid, { uuid: x.uuid }]));
  const meta = {
    geometries: placeholders(geometries),
    materials: {} as Record<string, unknown>,
    textures: placeholders(textures),
    images: {},
    shapes: {},
    skeletons: {} as Record<string, unknown>,
    animations: placeholders(clips),
    nodes: {},
  };
  const object = (parsed.object.toJSON(meta as never) as { object: unknown }).object;

  const gp = new GeometryPacker(transfers);
  const tp = new TexturePacker(transfers);
  const model: PackedModel = {
    kind: parsed.kind,
    object,
    geometries: [...geometries].map((g) => gp.pack(g)),
    materials: Object.values(meta.materials),
    textures: [...textures].map((t) => tp.pack(t)),
    skeletons: Object.values(meta.skeletons),
    clips: [...clips].map((c) => packClip(c, transfers)),
    animations: (parsed.animations ?? []).map((c) => c.uuid),
    trees: packTrees(parsed.object, transfers),
    transforms,
  };
  return { model, transfer: transfers.list };
}
