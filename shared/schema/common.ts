import * as z from 'zod';

/**
 * Message keys used by every schema. The texts live in shared/i18n (zh_Hans and en), so a rejection
 * can be shown in the designer's language; `describeIssues` turns a ZodError into path + text.
 * The spec gives 'Exceeding the value range' for the damping factor; every range uses the same text
 * because the spec names no other validation message.
 */
export const MSG = {
  range: 'msg.valueRange',
  colour: 'msg.notAColour',
  nameEmpty: 'msg.nameEmpty',
  snapshotNameExists: 'msg.snapshotNameExists',
  nameDuplicated: 'msg.nameDuplicated',
  targetMustBeFolder: 'msg.targetMustBeFolder',
  sameFolderMove: 'msg.sameFolderMove',
  unsupportedFormat: 'msg.unsupportedFormat',
  // Cross-field rules (orderedPair): fog and camera far beyond near, orbit minimum not above maximum.
  farNotBeyondNear: 'msg.farNotBeyondNear',
  minAboveMax: 'msg.minAboveMax',
  // A value that is not even the right shape (garbage where an object belongs, unparseable input).
  invalidConfig: 'msg.invalidConfig',
} as const;

const rangeErr = { error: MSG.range };

/** A finite number within [min, max]; the error names the spec's range message. */
export function num(def: number, min = -Infinity, max = Infinity) {
  let s = z.number().finite();
  if (min > -Infinity) s = s.min(min, rangeErr);
  if (max < Infinity) s = s.max(max, rangeErr);
  return s.default(def);
}

/** A number strictly greater than `min` (scale, near plane, sizes). */
export function positive(def: number, max = Infinity) {
  let s = z.number().finite().gt(0, rangeErr);
  if (max < Infinity) s = s.max(max, rangeErr);
  return s.default(def);
}

/**
 * A rule between two number fields of one object (use with `.superRefine`): `high` above `low`
 * (`strict`) or not below it. The issue is reported at both fields, so the message shows beside
 * each row, and a settings panel can hold the pair back while the rest of the form goes through.
 * Not checked while either field is out of its own range: one message per field is enough.
 */
export function orderedPair<K extends string>(low: K, high: K, message: string, strict: boolean) {
  return (value: Record<K, number>, ctx: z.RefinementCtx<Record<K, number>>) => {
    if (ctx.issues.some((i) => i.path?.[0] === low || i.path?.[0] === high)) return;
    const a = value[low];
    const b = value[high];
    if (strict ? b > a : b >= a) return;
    for (const key of [low, high]) ctx.addIssue({ code: 'custom', path: [key], message, input: value[key] });
  };
}

export const bool = (def: boolean) => z.boolean().default(def);
export const str = (def = '') => z.string().default(def);

const COLOUR_NAMES = ['black', 'white', 'red', 'green', 'blue', 'cyan', 'magenta', 'yellow', 'grey', 'gray'];
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^(?:rgba?|hsla?)\(\s*[-+0-9.%\s,/deg]+\)$/i;

/** Spec §5's colour test: hex (3 or 6 digits, alpha forms tolerated), rgb(), rgba(), hsl(), hsla(), or a named colour. */
export function isColourString(value: string): boolean {
  const v = value.trim();
  return HEX.test(v) || FUNC.test(v) || COLOUR_NAMES.includes(v.toLowerCase());
}

export const colour = (def: string) => z.string().refine(isColourString, { error: MSG.colour }).default(def);

/** The 3D coordinate field group (x, y, z titled X axis, Y axis, Z axis). */
export function vec3(x = 0, y = 0, z0 = 0, range?: { min?: number; max?: number }) {
  const n = (d: number) => num(d, range?.min, range?.max);
  return z.object({ x: n(x), y: n(y), z: n(z0) }).prefault({});
}
export const Vec3Schema = vec3();
export type Vec3 = z.infer<typeof Vec3Schema>;

/** A {u, v} pair (material repeat, offset, center). */
export function uv(u: number, v: number) {
  return z.object({ u: num(u), v: num(v) }).prefault({});
}

/** One issue as it crosses threads and reaches the designer: dotted path and message key (or zod's text). */
export interface SchemaIssue {
  path: string;
  message: string;
  /** Values for the message's `{name}` placeholders (e.g. the duplicated widget id). */
  params?: Record<string, string | number>;
}

export function toIssues(error: z.ZodError): SchemaIssue[] {
  return error.issues.map((i) => ({
    path: i.path.map(String).join('.') || '(root)',
    message: i.message,
  }));
}
