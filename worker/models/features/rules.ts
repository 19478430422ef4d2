import { MathUtils, type BufferGeometry, type Object3D } from 'three';
import type { ModelConfig } from '../../../shared/schema/model';
import { RuleSchema } from '../../../shared/schema/rules';
import type { Feature } from '../../engine/context';
import type { VariableReader } from '../../engine/variables';
import { indexParts } from './parts-index';
import { ConditionState, numberOf } from './rule-condition';
import { drawable, NEUTRAL_LOOK, RuleMaterial, type Drawable } from './rule-material';
import { FlowOverlay, flowable } from './rule-flow';
import { PathFlow } from './rule-flow-path';
import { OutlineLines, RuleClips } from './rule-extras';
import { edgeable } from './edges';
import { composeRules, MATERIAL_EFFECTS, pathKey, writePlaced, type Live, type Placed } from './rule-effects';
import { isHelperObject, type ModelScope } from '../types';
import { onMotionChange, reducedMotion } from '../../engine/motion';

type Slice = { rules: ModelConfig['rules']; tree: ModelConfig['treeConfig'] };

/**
 * rules (issue 40): each rule reads one host variable from `scope.variables`; while its condition
 * holds, its effects change its parts (the whole model when it names none). Rules are ordered: for
 * the same property of the same object the later active rule wins. Applied on top of everything
 * before this feature (library materials, treeConfig colours and offsets), which it copies or
 * records when applied and puts back exactly when a rule ends or is removed.
 *
 * Render on demand: a value change draws one frame; a blink draws two frames per period, a spin or
 * a flow draws every frame while its rule is active and its speed is not 0; nothing else draws.
 * A model's clips (animationConfig) that move a part a rule moves win over the rule each frame.
 */
export function createRules(scope: ModelScope): Feature<Slice> {
  const { ctx, model } = scope;
  const variables: VariableReader | undefined = scope.variables;
  let lives: Live[] = [];
  /** The rules' material copies, one per group of meshes alike (same material, same rules). */
  let looks: RuleMaterial[] = [];
  const flows = new Map<Drawable, FlowOverlay>();
  /** Flows along a path of points, by pathKey (rule and effect index). */
  const paths = new Map<string, PathFlow>();
  const outlines = new Map<Drawable, OutlineLines>();
  /** Edge geometries of the outlined meshes, one per source geometry. */
  const edges = new Map<BufferGeometry, BufferGeometry>();
  const clips = new RuleClips(model.object, model.animations);
  const placed = new Map<Object3D, Placed>();
  const warned = new Set<string>();
  let offVariables: (() => void) | null = null;
  let offFrame: (() => void) | null = null;

  const warnOnce = (key: string, text: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    scope.warn(text);
  };
  const label = (l: Live) => (l.rule.name ? `rule ${l.index + 1} (${l.rule.name})` : `rule ${l.index + 1}`);

  /** Re-test one rule's condition now; true when its state changed. */
  const test = (l: Live, now: number): boolean => {
    if (l.recheck) clearTimeout(l.recheck);
    l.recheck = null;
    const value = variables?.get(l.rule.variable);
    const r = l.state.evaluate(value, variables?.changedAt(l.rule.variable) ?? 0, now);
    if (r.problem === 'not-a-number')
      warnOnce(
        `nan:${l.index}`,
        `${label(l)}: the variable "${l.rule.variable}" is ${JSON.stringify(value)}, which this condition cannot test`,
      );
    if (r.recheckAt !== null) {
      l.recheck = setTimeout(() => update(new Set([l.rule.variable]), performance.now()), Math.max(0, r.recheckAt - now) + 1);
    }
    const changed = r.active !== l.active;
    l.active = r.active;
    if (changed) blinkFor(l);
    return changed;
  };

  const blinkFor = (l: Live) => {
    const blink = l.rule.effects.find((e) => e.type === 'blink' && e.enable);
    if (l.blinkTimer) clearInterval(l.blinkTimer);
    l.blinkTimer = null;
    l.blinkOn = true;
    // While motion is reduced (engine/motion.ts) a blinking rule's parts stay shown, steady.
    if (!l.active || !blink || blink.type !== 'blink' || reducedMotion()) return;
    l.blinkTimer = setInterval(() => {
      l.blinkOn = !l.blinkOn;
      draw();
    }, blink.periodMs / 2);
  };

  /** The number a value-driven effect reads, or null (with one warning) when the value is none. */
  const valueOf = (l: Live): number | null => {
    const v = variables?.get(l.rule.variable);
    const n = numberOf(v);
    if (n === null && v !== undefined && v !== null)
      warnOnce(`nan:${l.index}`, `${label(l)}: the variable "${l.rule.variable}" is ${JSON.stringify(v)}, not a number`);
    return n;
  };

  /** Every object's and mesh's wanted state from the active rules, written where it changed. */
  const draw = () => {
    const { meshLooks, meshFlows, pathFlows, meshOutlines, clips: playing, wanted, moving } = composeRules(lives, valueOf);
    let changed = false;
    for (const rm of looks) changed = rm.set(meshLooks.get(rm.meshes[0]!) ?? NEUTRAL_LOOK) || changed;
    for (const [mesh, overlay] of flows) changed = overlay.set(meshFlows.get(mesh) ?? null) || changed;
    for (const [key, band] of paths) changed = band.set(pathFlows.get(key) ?? null) || changed;
    for (const [mesh, lines] of outlines) changed = lines.set(meshOutlines.get(mesh) ?? null) || changed;
    changed = clips.set(playing) || changed;
    changed = writePlaced(placed, wanted) || changed;
    if (changed) ctx.invalidate();
    setMoving(moving || clips.running());
  };

  const setMoving = (on: boolean) => {
    if (on && !offFrame) {
      offFrame = ctx.onFrame((dt) => {
        clips.tick(dt);
        for (const l of lives) {
          if (!l.active) continue;
          const n = numberOf(variables?.get(l.rule.variable));
          if (n === null) continue;
          for (const [i, e] of l.rule.effects.entries()) {
            if (!e.enable) continue;
            // A spin's angle wraps at a turn, a flow's offset at its spacing: the same picture either way.
            if (e.type === 'spin') l.progress.set(i, ((l.progress.get(i) ?? 0) + MathUtils.degToRad(n * e.factor) * dt) % (Math.PI * 2));
            else if (e.type === 'flow') l.progress.set(i, ((l.progress.get(i) ?? 0) + n * e.factor * dt) % e.spacing);
          }
        }
        draw();
        // A spin, a flow or a clip keeps frames coming; draw() turns this off when nothing moves any more.
        if (offFrame) ctx.invalidate();
      });
      ctx.invalidate();
    } else if (!on && offFrame) {
      offFrame();
      offFrame = null;
    }
  };

  const update = (names: ReadonlySet<string>, now: number) => {
    let any = false;
    for (const l of lives) {
      if (!names.has(l.rule.variable)) continue;
      test(l, now);
      // Drawn even when the state stayed: a ramp, spin or mapped transform follows the value itself.
      any = true;
    }
    if (any) draw();
  };

  // Motion reduced or back: each active blinking rule is lit steadily, or blinks again.
  const offMotion = onMotionChange(() => {
    for (const l of lives) blinkFor(l);
    if (lives.length) draw();
  });

  const clear = () => {
    offVariables?.();
    offVariables = null;
    setMoving(false);
    for (const l of lives) {
      if (l.recheck) clearTimeout(l.recheck);
      if (l.blinkTimer) clearInterval(l.blinkTimer);
    }
    lives = [];
    // Last in, first out: what the rules found is what they leave.
    for (const rm of [...looks].reverse()) rm.dispose();
    looks = [];
    for (const overlay of flows.values()) overlay.dispose();
    flows.clear();
    for (const band of paths.values()) band.dispose();
    paths.clear();
    for (const lines of outlines.values()) lines.dispose();
    outlines.clear();
    for (const g of edges.values()) g.dispose();
    edges.clear();
    clips.set(new Map());
    for (const [o, base] of placed) {
      // Only what the rules hold now goes back: the rest belongs to whatever else moves the part.
      if (base.shown) o.visible = base.visible;
      if (!base.moved) continue;
      o.position.copy(base.position);
      o.quaternion.copy(base.quaternion);
      o.scale.copy(base.scale);
      if (!o.matrixAutoUpdate) o.updateMatrix();
    }
    placed.clear();
  };

  return {
    apply(next) {
      clear();
      warned.clear();
      const index = indexParts(model.object);
      const now = performance.now();
      /** Per mesh, the rules that change its material: meshes with the same material and rules share copies. */
      const meshRules = new Map<Drawable, number[]>();
      for (const [i, input] of next.rules.entries()) {
        // Checked here, rule by rule (the page checks only the list): a broken rule is named and
        // skipped, the others still apply.
        const parsed = RuleSchema.safeParse(input);
        if (!parsed.success) {
          const fields = [...new Set(parsed.error.issues.map((x) => x.path.join('.') || 'its shape'))].join(', ');
          warnOnce(`invalid:${i}`, `rule ${i + 1} is skipped: ${fields} not valid`);
          continue;
        }
        const rule = parsed.data;
        if (!rule.enable || !rule.variable || rule.effects.every((e) => !e.enable)) continue;
        const targets: Object3D[] = [];
        for (const key of rule.parts) {
          const found = index.find(key);
          if (found.length === 0)
            warnOnce(`part:${i}:${key}`, `rule ${i + 1}${rule.name ? ` (${rule.name})` : ''}: the model has no part "${key}"`);
          targets.push(...found);
        }
        if (rule.parts.length === 0) targets.push(model.object);
        if (targets.length === 0) continue;
        const meshes = new Set<Drawable>();
        const usesMaterial = rule.effects.some((e) => e.enable && MATERIAL_EFFECTS.has(e.type));
        const usesFlow = rule.effects.some((e) => e.enable && e.type === 'flow' && e.path.length < 2);
        for (const [k, e] of rule.effects.entries())
          if (e.enable && e.type === 'flow' && e.path.length >= 2)
            paths.set(pathKey(i, k), new PathFlow(model.object, e.path, e.pathWidth));
        const usesOutline = rule.effects.some((e) => e.enable && e.type === 'outline');
        const flowMeshes = new Set<Drawable>();
        const outlineMeshes = new Set<Drawable>();
        for (const e of rule.effects)
          if (e.enable && e.type === 'clip' && !clips.has(e.clip))
            warnOnce(
              `clip:${i}:${e.clip}`,
              `rule ${i + 1}${rule.name ? ` (${rule.name})` : ''}: the model has no animation clip "${e.clip}"`,
            );
        for (const t of targets) {
          if (!placed.has(t))
            placed.set(t, {
              position: t.position.clone(),
              quaternion: t.quaternion.clone(),
              scale: t.scale.clone(),
              visible: t.visible,
              moved: false,
              shown: false,
            });
          t.traverse((o) => {
            if (isHelperObject(o) || !drawable(o)) return;
            if (usesMaterial) meshes.add(o);
            if (usesFlow && flowable(o)) flowMeshes.add(o);
            if (usesOutline && edgeable(o)) outlineMeshes.add(o);
          });
        }
        for (const mesh of meshes) {
          const list = meshRules.get(mesh);
          if (list) list.push(i);
          else meshRules.set(mesh, [i]);
        }
        for (const mesh of flowMeshes) if (!flows.has(mesh) && flowable(mesh)) flows.set(mesh, new FlowOverlay(mesh));
        for (const mesh of outlineMeshes) if (!outlines.has(mesh) && edgeable(mesh)) outlines.set(mesh, new OutlineLines(mesh, edges));
        lives.push({
          rule,
          index: i,
          targets,
          meshes: [...meshes],
          flowMeshes: [...flowMeshes],
          outlineMeshes: [...outlineMeshes],
          state: new ConditionState(rule.condition),
          active: false,
          blinkOn: true,
          blinkTimer: null,
          progress: new Map(),
          recheck: null,
        });
      }
      const groups = new Map<string, Drawable[]>();
      const ids = new Map<unknown, number>();
      const idOf = (m: unknown) => ids.get(m) ?? (ids.set(m, ids.size), ids.size - 1);
      for (const [mesh, rules] of meshRules) {
        const slot = mesh.material;
        const key = `${(Array.isArray(slot) ? slot : [slot]).map(idOf).join(',')}|${rules.join(',')}`;
        const group = groups.get(key);
        if (group) group.push(mesh);
        else groups.set(key, [mesh]);
      }
      looks = [...groups.values()].map((meshes) => new RuleMaterial(meshes));
      if (lives.length === 0) return;
      for (const l of lives) test(l, now);
      offVariables = variables?.subscribe((names) => update(names, performance.now())) ?? null;
      draw();
    },
    dispose() {
      offMotion();
      clear();
      clips.dispose();
      ctx.invalidate();
    },
  };
}
