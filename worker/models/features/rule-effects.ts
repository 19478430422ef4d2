import { Color, MathUtils, Quaternion, SRGBColorSpace, Vector3, type Object3D } from 'three';
import type { Rule, RuleEffect } from '../../../shared/schema/rules';
import type { ConditionState } from './rule-condition';
import { mapRange } from './rule-condition';
import { NEUTRAL_LOOK, type Drawable, type RuleLook } from './rule-material';
import { setColour } from '../../util/colour';
import type { FlowLook } from './rule-flow';

/*
 * What the active rules ask of a model now (worker/models/features/rules.ts applies it): per mesh
 * its look, per target object its visibility and transform, composed in rule order so that the
 * later rule wins for the same property of the same object.
 */

const AXIS = { x: new Vector3(1, 0, 0), y: new Vector3(0, 1, 0), z: new Vector3(0, 0, 1) } as const;
export const MATERIAL_EFFECTS = new Set<RuleEffect['type']>(['tint', 'glow', 'opacity', 'ramp']);
/** Effects that follow the value itself, not only whether the condition holds. */
const VALUE_EFFECTS = new Set<RuleEffect['type']>(['ramp', 'spin', 'transform', 'flow']);
const followsValue = (e: RuleEffect) => VALUE_EFFECTS.has(e.type) || (e.type === 'clip' && e.followValue);

/** One rule as applied: its targets, its condition's state over time, its blink phase and spins. */
export interface Live {
  rule: Rule;
  index: number;
  targets: Object3D[];
  /** Meshes at or below the targets (what material effects change). */
  meshes: Drawable[];
  /** Meshes at or below the targets that carry a motion indicator (flow effects). */
  flowMeshes: Drawable[];
  /** Meshes at or below the targets whose edges an outline effect draws. */
  outlineMeshes: Drawable[];
  state: ConditionState;
  active: boolean;
  /** Blinking: the effects show in the first half of each period. */
  blinkOn: boolean;
  blinkTimer: ReturnType<typeof setInterval> | null;
  /** Per effect index: a spin's angle (radians) or a flow's offset (model units), accumulated while the rule is active. */
  progress: Map<number, number>;
  recheck: ReturnType<typeof setTimeout> | null;
}

/** A target's own place as the rules found it, and what they do to it now. */
export interface Placed {
  position: Vector3;
  quaternion: Quaternion;
  scale: Vector3;
  visible: boolean;
  /**
   * Whether the rules hold its transform or visibility now. Only then are they written: a part no
   * rule moves is left to whatever else moves it (its clips, treeConfig's tween).
   */
  moved: boolean;
  shown: boolean;
}

export interface Wanted {
  visible: boolean | null;
  position: Vector3 | null;
  rotation: Quaternion | null;
  scale: Vector3 | null;
}

/** The colour at `n` on a gradient of stops (sorted here), mixed in sRGB as a designer's gradient is. */
export function rampColour(stops: readonly { value: number; color: string }[], n: number, out = new Color()): string {
  const sorted = [...stops].sort((a, b) => a.value - b.value);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (n <= first.value) return first.color;
  if (n >= last.value) return last.color;
  const i = sorted.findIndex((s) => s.value >= n);
  const a = sorted[i - 1]!;
  const b = sorted[i]!;
  const k = (n - a.value) / (b.value - a.value);
  const ca = setColour(new Color(), a.color).getRGB({ r: 0, g: 0, b: 0 }, SRGBColorSpace);
  const cb = setColour(new Color(), b.color).getRGB({ r: 0, g: 0, b: 0 }, SRGBColorSpace);
  // Mixed in sRGB, as the panel's gradient shows it, and handed on as sRGB hex.
  out.setRGB(ca.r + (cb.r - ca.r) * k, ca.g + (cb.g - ca.g) * k, ca.b + (cb.b - ca.b) * k, SRGBColorSpace);
  return '#' + out.getHexString(SRGBColorSpace);
}

/** A flow effect along a path: its rule's and its own index. */
export const pathKey = (rule: number, effect: number) => `${rule}:${effect}`;

/**
 * The wanted state of every mesh and target from the active rules, in order. `valueOf` reads a
 * rule's value as a number (null: none, and the value-driven effects skip). `moving`: some
 * active spin or flow moves now, so frames must keep coming.
 */
export function composeRules(lives: readonly Live[], valueOf: (l: Live) => number | null) {
  const meshLooks = new Map<Drawable, RuleLook>();
  const meshFlows = new Map<Drawable, FlowLook>();
  /** Flows along a path (rule-flow-path.ts), by pathKey. */
  const pathFlows = new Map<string, FlowLook>();
  const meshOutlines = new Map<Drawable, string>();
  /** Clip name -> time scale, for the clips the active rules play. */
  const clips = new Map<string, number>();
  const wanted = new Map<Object3D, Wanted>();
  const want = (o: Object3D) => {
    let w = wanted.get(o);
    if (!w) wanted.set(o, (w = { visible: null, position: null, rotation: null, scale: null }));
    return w;
  };
  let moving = false;
  for (const l of lives) {
    if (!l.active) continue;
    const effects = l.rule.effects.filter((e) => e.enable && e.type !== 'blink');
    const blinking = l.rule.effects.some((e) => e.type === 'blink' && e.enable);
    if (blinking && effects.length === 0) {
      for (const o of l.targets) want(o).visible = l.blinkOn;
      continue;
    }
    if (blinking && !l.blinkOn) continue;
    const n = effects.some(followsValue) ? valueOf(l) : null;
    for (const [i, e] of l.rule.effects.entries()) {
      if (!e.enable) continue;
      if (MATERIAL_EFFECTS.has(e.type)) {
        for (const mesh of l.meshes) {
          const look = { ...(meshLooks.get(mesh) ?? NEUTRAL_LOOK) };
          if (e.type === 'tint') look.colour = e.color;
          else if (e.type === 'glow') look.glow = { colour: e.color, intensity: e.intensity };
          else if (e.type === 'opacity') look.opacity = e.value;
          else if (e.type === 'ramp' && n !== null) look.colour = rampColour(e.stops, n);
          meshLooks.set(mesh, look);
        }
      } else if (e.type === 'visible') {
        for (const o of l.targets) want(o).visible = e.value;
      } else if (e.type === 'spin') {
        const angle = l.progress.get(i) ?? 0;
        if (n !== null && n !== 0 && e.factor !== 0) moving = true;
        for (const o of l.targets) want(o).rotation = new Quaternion().setFromAxisAngle(AXIS[e.axis], angle);
      } else if (e.type === 'outline') {
        for (const mesh of l.outlineMeshes) meshOutlines.set(mesh, e.color);
      } else if (e.type === 'clip') {
        if (!e.followValue) clips.set(e.clip, e.speed);
        else if (n !== null) clips.set(e.clip, e.speed * n);
      } else if (e.type === 'flow') {
        if (n !== null && n !== 0 && e.factor !== 0) moving = true;
        const look = { effect: e, offset: l.progress.get(i) ?? 0 };
        if (e.path.length >= 2) pathFlows.set(pathKey(l.index, i), look);
        else for (const mesh of l.flowMeshes) meshFlows.set(mesh, look);
      } else if (e.type === 'transform' && n !== null) {
        const out = mapRange(n, e.inLow, e.inHigh, e.outLow, e.outHigh);
        for (const o of l.targets) {
          const w = want(o);
          if (e.property === 'rotation') w.rotation = new Quaternion().setFromAxisAngle(AXIS[e.axis], MathUtils.degToRad(out));
          else if (e.property === 'position') w.position = new Vector3().setComponent('xyz'.indexOf(e.axis), out);
          else w.scale = new Vector3(1, 1, 1).setComponent('xyz'.indexOf(e.axis), out);
        }
      }
    }
  }
  return { meshLooks, meshFlows, pathFlows, meshOutlines, clips, wanted, moving };
}

const scratchQ = new Quaternion();

/**
 * Write each recorded part's visibility and transform the active rules want (`wanted`), on top of
 * what it had when recorded; a part no rule holds any more gets what it had back once, and is
 * then left to whatever else moves it. True when anything changed.
 */
export function writePlaced(placed: ReadonlyMap<Object3D, Placed>, wanted: ReadonlyMap<Object3D, Wanted>): boolean {
  let changed = false;
  for (const [o, base] of placed) {
    const w = wanted.get(o);
    const shows = w?.visible != null;
    if (shows || base.shown) {
      const visible = w?.visible ?? base.visible;
      base.shown = shows;
      if (o.visible !== visible) {
        o.visible = visible;
        changed = true;
      }
    }
    const moves = !!(w?.position || w?.rotation || w?.scale);
    if (!moves && !base.moved) continue;
    base.moved = moves;
    const p = w?.position ? w.position.add(base.position) : base.position;
    const q = w?.rotation ? scratchQ.copy(base.quaternion).multiply(w.rotation) : base.quaternion;
    const s = w?.scale ? w.scale.multiply(base.scale) : base.scale;
    if (!o.position.equals(p) || !o.quaternion.equals(q) || !o.scale.equals(s)) {
      o.position.copy(p);
      o.quaternion.copy(q);
      o.scale.copy(s);
      if (!o.matrixAutoUpdate) o.updateMatrix();
      changed = true;
    }
  }
  return changed;
}
