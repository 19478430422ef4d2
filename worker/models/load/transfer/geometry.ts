import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  InstancedBufferAttribute,
  InstancedInterleavedBuffer,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  Sphere,
  Vector3,
} from 'three';
import type { Transfers, TypedArray } from './transfers';

interface PackedInterleaved {
  array: TypedArray;
  stride: number;
  usage: number;
  /** InstancedInterleavedBuffer's meshPerAttribute. */
  perMesh?: number;
}

export type PackedAttribute = { itemSize: number; normalized: boolean; name: string } & (
  { array: TypedArray; usage: number; gpuType: number; perMesh?: number } | { interleaved: PackedInterleaved; offset: number }
);

export interface PackedGeometry {
  uuid: string;
  name: string;
  userData: Record<string, unknown>;
  index: PackedAttribute | null;
  attributes: Record<string, PackedAttribute>;
  morphAttributes: Record<string, PackedAttribute[]>;
  morphTargetsRelative: boolean;
  groups: { start: number; count: number; materialIndex?: number }[];
  drawRange: { start: number; count: number };
  box: number[] | null;
  sphere: number[] | null;
}

type AnyAttribute = BufferAttribute | InterleavedBufferAttribute;

/**
 * Geometries cross as their typed arrays (moved, not copied) plus what three needs to rebuild the
 * attributes around them. An attribute or interleaved buffer shared by several geometries (glTF
 * reuses accessors) is packed once; the structured clone keeps it one object, and unpacking makes
 * it one three object again.
 */
export class GeometryPacker {
  private readonly attrs = new Map<AnyAttribute, PackedAttribute>();
  private readonly buffers = new Map<InterleavedBuffer, PackedInterleaved>();
  constructor(private readonly transfers: Transfers) {}

  pack(g: BufferGeometry): PackedGeometry {
    // Bounds are worked out here rather than on the render thread (a 300k-point cloud's sphere).
    if (!g.boundingBox) g.computeBoundingBox();
    if (!g.boundingSphere) g.computeBoundingSphere();
    const morphs: Record<string, PackedAttribute[]> = {};
    for (const [name, list] of Object.entries(g.morphAttributes)) morphs[name] = list.map((a) => this.attribute(a));
    const attributes: Record<string, PackedAttribute> = {};
    for (const [name, a] of Object.entries(g.attributes)) attributes[name] = this.attribute(a);
    const box = g.boundingBox;
    const sphere = g.boundingSphere;
    return {
      uuid: g.uuid,
      name: g.name,
      userData: g.userData,
      index: g.index ? this.attribute(g.index) : null,
      attributes,
      morphAttributes: morphs,
      morphTargetsRelative: g.morphTargetsRelative,
      groups: g.groups.map((x) => ({ ...x })),
      drawRange: { ...g.drawRange },
      box: box && !box.isEmpty() ? [...box.min.toArray(), ...box.max.toArray()] : null,
      sphere: sphere ? [...sphere.center.toArray(), sphere.radius] : null,
    };
  }

  private attribute(a: AnyAttribute): PackedAttribute {
    let out = this.attrs.get(a);
    if (out) return out;
    const base = { itemSize: a.itemSize, normalized: a.normalized, name: a.name };
    if ((a as InterleavedBufferAttribute).isInterleavedBufferAttribute) {
      const ia = a as InterleavedBufferAttribute;
      out = { ...base, interleaved: this.interleaved(ia.data), offset: ia.offset };
    } else {
      const ba = a as BufferAttribute;
      const perMesh = (ba as InstancedBufferAttribute).isInstancedBufferAttribute
        ? (ba as InstancedBufferAttribute).meshPerAttribute
        : undefined;
      out = { ...base, array: this.transfers.own(ba.array), usage: ba.usage, gpuType: ba.gpuType, perMesh };
    }
    this.attrs.set(a, out);
    return out;
  }

  private interleaved(b: InterleavedBuffer): PackedInterleaved {
    let out = this.buffers.get(b);
    if (!out) {
      const perMesh = (b as { isInstancedInterleavedBuffer?: boolean }).isInstancedInterleavedBuffer
        ? (b as InstancedInterleavedBuffer).meshPerAttribute
        : undefined;
      out = { array: this.transfers.own(b.array), stride: b.stride, usage: b.usage, perMesh };
      this.buffers.set(b, out);
    }
    return out;
  }
}

/** The other side of GeometryPacker: one instance per model, so shared attributes stay shared. */
export class GeometryUnpacker {
  private readonly attrs = new Map<PackedAttribute, AnyAttribute>();
  private readonly buffers = new Map<PackedInterleaved, InterleavedBuffer>();

  unpack(p: PackedGeometry): BufferGeometry {
    const g = new BufferGeometry();
    g.uuid = p.uuid;
    g.name = p.name;
    g.userData = p.userData;
    if (p.index) g.setIndex(this.attribute(p.index) as BufferAttribute);
    for (const [name, a] of Object.entries(p.attributes)) g.setAttribute(name, this.attribute(a));
    const morphs = g.morphAttributes as Record<string, AnyAttribute[]>;
    for (const [name, list] of Object.entries(p.morphAttributes)) morphs[name] = list.map((a) => this.attribute(a));
    g.morphTargetsRelative = p.morphTargetsRelative;
    for (const x of p.groups) g.addGroup(x.start, x.count, x.materialIndex);
    g.setDrawRange(p.drawRange.start, p.drawRange.count);
    if (p.box) g.boundingBox = new Box3(new Vector3().fromArray(p.box), new Vector3().fromArray(p.box, 3));
    if (p.sphere) g.boundingSphere = new Sphere(new Vector3().fromArray(p.sphere), p.sphere[3]);
    return g;
  }

  private attribute(p: PackedAttribute): AnyAttribute {
    let a = this.attrs.get(p);
    if (a) return a;
    if ('interleaved' in p) {
      a = new InterleavedBufferAttribute(this.interleaved(p.interleaved), p.itemSize, p.offset, p.normalized);
    } else {
      const ba =
        p.perMesh !== undefined
          ? new InstancedBufferAttribute(p.array, p.itemSize, p.normalized, p.perMesh)
          : new BufferAttribute(p.array, p.itemSize, p.normalized);
      ba.setUsage(p.usage as BufferAttribute['usage']);
      ba.gpuType = p.gpuType as BufferAttribute['gpuType'];
      a = ba;
    }
    a.name = p.name;
    this.attrs.set(p, a);
    return a;
  }

  private interleaved(p: PackedInterleaved): InterleavedBuffer {
    let b = this.buffers.get(p);
    if (!b) {
      b = p.perMesh !== undefined ? new InstancedInterleavedBuffer(p.array, p.stride, p.perMesh) : new InterleavedBuffer(p.array, p.stride);
      b.setUsage(p.usage as InterleavedBuffer['usage']);
      this.buffers.set(p, b);
    }
    return b;
  }
}
