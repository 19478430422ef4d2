/*
 * Safety nets under the schema's order rules (shared/schema/common.ts orderedPair): the designer is
 * told there, and a config the worker parsed never needs these. They only keep three from drawing
 * nothing (far at near) or snapping between limits should an unordered pair ever get this far.
 */

/** `far`, or a hair beyond `near` when it is not beyond it. */
export const farBeyond = (near: number, far: number): number => Math.max(far, near + 1e-3);

/** The pair as [min, max]. */
export const ordered = (a: number, b: number): [number, number] => (a <= b ? [a, b] : [b, a]);
