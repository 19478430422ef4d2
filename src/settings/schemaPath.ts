/**
 * Reading a zod schema by field path, so settings rows take their ranges from shared/schema (the
 * only place ranges live) instead of repeating them. Also the small path helpers the form uses.
 */

/** A field's path in the config, antd style: ['controlConfig', 'orbitConfig', 'dampingFactor']. */
export type FieldPath = (string | number)[];

/** Enough of zod 4's internal shape (`schema._zod.def`) to walk it without importing zod's classes. */
interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
  minValue?: number | null;
  maxValue?: number | null;
  isInt?: boolean;
}

const WRAPPERS = new Set(['default', 'prefault', 'optional', 'nullable', 'catch', 'readonly', 'nonoptional']);

const isZod = (s: unknown): s is ZodLike =>
  !!s && typeof s === 'object' && '_zod' in s && typeof (s as ZodLike)._zod?.def?.type === 'string';

/** Strips defaults, optionals and pipes (a preprocess keeps its target in `out`, a transform its source in `in`). */
export function unwrapSchema(schema: unknown): ZodLike | undefined {
  let s = isZod(schema) ? schema : undefined;
  for (let guard = 0; s && guard < 16; guard++) {
    const def = s._zod.def;
    if (WRAPPERS.has(def.type)) s = isZod(def.innerType) ? def.innerType : undefined;
    else if (def.type === 'pipe') {
      const out = def.out;
      s = isZod(out) && out._zod.def.type !== 'transform' ? out : isZod(def.in) ? def.in : undefined;
    } else return s;
  }
  return s;
}

/** The schema of the value at `path` (numbers index arrays), or undefined where the path leaves the schema. */
export function schemaAt(schema: unknown, path: FieldPath): ZodLike | undefined {
  let s = unwrapSchema(schema);
  for (const seg of path) {
    if (!s) return undefined;
    const def = s._zod.def;
    if (def.type === 'object' && typeof seg === 'string') {
      const shape = def.shape as Record<string, unknown>;
      s = unwrapSchema(shape[seg]);
    } else if (def.type === 'array' && typeof seg === 'number') s = unwrapSchema(def.element);
    else return undefined;
  }
  return s;
}

export interface NumberRange {
  min?: number;
  max?: number;
  step?: number;
  /** Integers only (the schema says `.int()`). */
  int?: boolean;
}

/** The range a number schema allows; unbounded sides are left out. Exclusive bounds (gt 0) read as their limit. */
export function numberRange(schema: unknown): NumberRange {
  const s = unwrapSchema(schema);
  if (!s || s._zod.def.type !== 'number') return {};
  const finite = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return { min: finite(s.minValue), max: finite(s.maxValue), int: s.isInt === true };
}

/** A step of about a hundredth of the range, rounded to a power of ten (0..1: 0.01, 1..179: 1); 1 when unbounded. */
export function defaultStep({ min, max, int }: NumberRange): number {
  if (int) return 1;
  if (min === undefined || max === undefined || max <= min) return 1;
  return Math.pow(10, Math.floor(Math.log10((max - min) / 100)));
}

/** Bounded on both sides and small enough that dragging makes sense: damping, opacity, angles, fov. */
export const sliderFits = ({ min, max }: NumberRange) => min !== undefined && max !== undefined && max - min <= 720;

export const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

export function getIn(obj: unknown, path: readonly PropertyKey[]): unknown {
  let v = obj;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

/** Sets a value in place; the parents must exist (returns false where they don't). */
export function setIn(obj: unknown, path: readonly PropertyKey[], value: unknown): boolean {
  const key = path.at(-1);
  if (key === undefined) return false;
  const parent = getIn(obj, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object') return false;
  (parent as Record<PropertyKey, unknown>)[key] = value;
  return true;
}
