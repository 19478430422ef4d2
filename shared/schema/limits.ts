import * as z from 'zod';
import { MSG } from './common';

const MB = 1024 * 1024;
const rangeErr = { error: MSG.range };

/**
 * How much work one model file may cause (issue 8 §3: a 2.6 MB compressed point cloud unpacked to
 * 229 MB and took a whole space from 19 to 0.25 fps). Defaults measured on a 2-core machine with
 * software WebGL (docs/point-clouds.md "Limits"); a host with more headroom raises them through
 * `ThreeDHost.limits`.
 * - maxModelBytes: the main file as downloaded, a point cloud's unpacked point data, a glTF's
 *   buffers, and the decoded images of a model (RGBA bytes), each checked against it.
 * - maxPoints: points of a cloud, vertices of a mesh model. Checked against the file's header
 *   before anything is allocated where the format declares it (PCD, glTF).
 * - comfortablePoints: a cloud with more points (up to maxPoints) is drawn decimated, with a
 *   uniform stride, so that about this many points remain; the scene says so. Never above maxPoints.
 */
export const ModelLimitsSchema = z
  .object({
    maxModelBytes: z.number().int(rangeErr).min(1024, rangeErr).max(4096 * MB, rangeErr).default(256 * MB),
    maxPoints: z.number().int(rangeErr).min(1, rangeErr).max(1_000_000_000, rangeErr).default(8_000_000),
    comfortablePoints: z.number().int(rangeErr).min(1, rangeErr).max(1_000_000_000, rangeErr).default(2_000_000),
  })
  // A host that lowers only maxPoints means the comfortable count to follow it down.
  .transform((l) => ({ ...l, comfortablePoints: Math.min(l.comfortablePoints, l.maxPoints) }));

export type ModelLimits = z.infer<typeof ModelLimitsSchema>;
/** What a host passes: any subset, the rest defaults. */
export type ModelLimitsInput = z.input<typeof ModelLimitsSchema>;
