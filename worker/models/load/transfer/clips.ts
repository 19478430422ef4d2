import { AnimationClip, Interpolant, type KeyframeTrack, QuaternionKeyframeTrack, Quaternion } from 'three';
import type { Transfers, TypedArray } from './transfers';

interface PackedTrack {
  type: string;
  name: string;
  times: TypedArray;
  values: TypedArray;
  /** three's interpolation constant; undefined for glTF's CUBICSPLINE (see `cubic`). */
  interpolation?: number;
  /** glTF CUBICSPLINE: each key holds in-tangent, value and out-tangent. */
  cubic?: boolean;
  settings?: { inTangents: TypedArray; outTangents: TypedArray };
}

export interface PackedClip {
  uuid: string;
  name: string;
  duration: number;
  blendMode: number;
  userData: Record<string, unknown>;
  tracks: PackedTrack[];
}

type Factory = ((result?: unknown) => Interpolant) & { isInterpolantFactoryMethodGLTFCubicSpline?: boolean };

/** Clips cross with their key times and values moved, not copied into arrays of numbers. */
export function packClip(clip: AnimationClip, transfers: Transfers): PackedClip {
  return {
    uuid: clip.uuid,
    name: clip.name,
    duration: clip.duration,
    blendMode: clip.blendMode,
    userData: clip.userData,
    tracks: clip.tracks.map((t: KeyframeTrack) => {
      const settings = (t as { settings?: { inTangents?: TypedArray; outTangents?: TypedArray } }).settings;
      return {
        type: (t as { ValueTypeName: string }).ValueTypeName,
        name: t.name,
        times: transfers.own(t.times),
        values: transfers.own(t.values),
        interpolation: t.getInterpolation(),
        cubic:
          (t as unknown as { createInterpolant: Factory }).createInterpolant.isInterpolantFactoryMethodGLTFCubicSpline === true ||
          undefined,
        settings:
          settings?.inTangents && settings.outTangents
            ? { inTangents: transfers.own(settings.inTangents), outTangents: transfers.own(settings.outTangents) }
            : undefined,
      };
    }),
  };
}

export function unpackClip(p: PackedClip): AnimationClip {
  // Typed arrays where the typings say number[]: the track constructors take either, without a copy.
  const clip = AnimationClip.parse({
    uuid: p.uuid,
    name: p.name,
    duration: p.duration,
    blendMode: p.blendMode,
    tracks: p.tracks.map((t) => ({ type: t.type, name: t.name, times: t.times, values: t.values, interpolation: t.interpolation })),
  } as never);
  clip.userData = p.userData;
  clip.tracks.forEach((track, i) => {
    const packed = p.tracks[i]; // parse() makes one track per packed track, in order
    if (packed?.settings) (track as { settings?: unknown }).settings = packed.settings;
    if (packed?.cubic) useCubicSpline(track);
  });
  return clip;
}

/**
 * glTF's CUBICSPLINE sampler (glTF 2.0 spec, appendix "Interpolation"): a cubic Hermite spline
 * through the key values with the stored tangents scaled by the key interval. GLTFLoader installs
 * its own interpolant on the track, which does not survive the trip from the parser; this is the
 * same curve. Quaternions are normalised after interpolation, as the spec asks.
 * The sample values hold three runs of valueSize numbers per key (in-tangent, value, out-tangent)
 * and three's Interpolant asks only for keys it has: the reads below (`]!`) are in range.
 */
const _q = new Quaternion();

class HermiteInterpolant extends Interpolant {
  constructor(
    times: TypedArray,
    values: TypedArray,
    size: number,
    result: TypedArray | undefined,
    private readonly quaternion: boolean,
  ) {
    super(times, values, size, result);
  }

  // Outside the keys the value is held: the key's own value, the middle of its three parts.
  copySampleValue_(index: number) {
    const out = this.resultBuffer;
    const size = this.valueSize;
    const at = index * size * 3 + size;
    for (let i = 0; i < size; i++) out[i] = this.sampleValues[at + i]!;
    return out;
  }

  interpolate_(i1: number, t0: number, t: number, t1: number) {
    const out = this.resultBuffer;
    const v = this.sampleValues;
    const size = this.valueSize;
    const dt = t1 - t0;
    const s = (t - t0) / dt;
    const s2 = s * s;
    const s3 = s2 * s;
    const b = i1 * size * 3; // key k+1: in-tangent, value, out-tangent
    const a = b - size * 3; // key k
    for (let i = 0; i < size; i++) {
      const p0 = v[a + size + i]!;
      const m0 = v[a + 2 * size + i]! * dt;
      const p1 = v[b + size + i]!;
      const m1 = v[b + i]! * dt;
      out[i] = (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1;
    }
    if (this.quaternion) _q.fromArray(out).normalize().toArray(out);
    return out;
  }
}

function useCubicSpline(track: KeyframeTrack) {
  const quaternion = track instanceof QuaternionKeyframeTrack;
  const factory: Factory = function (this: KeyframeTrack, result?: unknown) {
    return new HermiteInterpolant(this.times, this.values, this.getValueSize() / 3, result as TypedArray | undefined, quaternion);
  };
  factory.isInterpolantFactoryMethodGLTFCubicSpline = true;
  (track as unknown as { createInterpolant: Factory }).createInterpolant = factory;
}
