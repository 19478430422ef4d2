import * as z from 'zod';
import { bool, MSG, num, orderedPair } from './common';

const PI = Math.PI;

/** orbitConfig: ranges per spec §5 (azimuth -π..π, polar 0..π, speeds and distances >= 0, damping 0..1). */
export const OrbitConfigSchema = z
  .object({
    enabled: bool(true),
    enableRotate: bool(true),
    rotateSpeed: num(1, 0),
    // ±π means "no limit": the orbit feature maps it to three's Infinity (JSON cannot hold Infinity).
    maxAzimuthAngle: num(PI, -PI, PI),
    minAzimuthAngle: num(-PI, -PI, PI),
    maxPolarAngle: num(3.14, 0, PI),
    minPolarAngle: num(0, 0, PI),
    enablePan: bool(true),
    panSpeed: num(1, 0),
    enableZoom: bool(true),
    zoomSpeed: num(1, 0),
    maxDistance: num(10000, 0),
    minDistance: num(0, 0),
    enableDamping: bool(false),
    dampingFactor: num(0.05, 0, 1),
    autoRotate: bool(false),
    autoRotateSpeed: num(2, 0),
  })
  // Equal is allowed: a fixed distance or a fixed height. Azimuth has no such rule: three reads a
  // minimum above the maximum as a range through ±π (behind the target), which is a valid choice.
  .superRefine(orderedPair('minPolarAngle', 'maxPolarAngle', MSG.minAboveMax, false))
  .superRefine(orderedPair('minDistance', 'maxDistance', MSG.minAboveMax, false))
  .prefault({});

/** First-person walk: lengths in scene units, speeds in units per second. */
export const PointerLockConfigSchema = z
  .object({
    enabled: bool(true),
    eyeHeight: num(170, 0),
    moveSpeed: num(1000, 0),
    fallSpeed: num(100, 0),
    jumpHeight: num(100, 0),
  })
  .prefault({});

/** Free flight in the look direction. moveSpeed is ours (the spec names only `enabled`). */
export const FlyConfigSchema = z
  .object({ enabled: bool(true), moveSpeed: num(1000, 0) })
  .prefault({});

export const CONTROL_TYPES = ['orbit', 'pointerLock', 'fly'] as const;

export const ControlConfigSchema = z
  .object({
    controlType: z.enum(CONTROL_TYPES).default('orbit'),
    orbitConfig: OrbitConfigSchema,
    pointerLockConfig: PointerLockConfigSchema,
    flyConfig: FlyConfigSchema,
  })
  .prefault({});
