import { Euler, MathUtils, Vector3, type Object3D } from 'three';
import type { ModelConfig } from '../../../shared/schema/model';
import type { MeshConfig } from '../../../shared/schema/mesh';
import type { Feature } from '../../engine/context';
import { indexParts } from './parts-index';
import { hasMaterial, PartMaterial } from './parts-material';
import { createTween } from './tween';
import { isHelperObject, type ModelScope } from '../types';

type Slice = { tree: ModelConfig['treeConfig']; tween: ModelConfig['tweenConfig'] };

/**
 * A part's position, rotation and scale settings are an OFFSET on top of the transform the file
 * gave it, so a part without settings (or with the defaults) stays exactly as the file has it:
 * position is added (in the part's parent's units, the space its own position lives in), rotation
 * is added per axis in degrees (to the file's Euler angles, in their order), scale multiplies.
 * The pivot is the part's own origin, as the file defines it.
 * Laid out flat as [px, py, pz, rx, ry, rz, sx, sy, sz] so tweens interpolate one array.
 */
type Offset = [px: number, py: number, pz: number, rx: number, ry: number, rz: number, sx: number, sy: number, sz: number];
const IDENTITY: Offset = [0, 0, 0, 0, 0, 0, 1, 1, 1];
const same = (a: Offset, b: Offset) => a.every((v, i) => v === b[i]);
/** From a towards b by k (0..1); the cast: `map` keeps the length, which its type forgets. */
const lerp = (a: Offset, b: Offset, k: number) => a.map((v, i) => v + ((b[i] ?? v) - v) * k) as Offset;

interface Part {
  readonly obj: Object3D;
  readonly position: Vector3;
  readonly rotation: Euler;
  readonly scale: Vector3;
  readonly visible: boolean;
  shown: Offset;
  from: Offset;
  to: Offset;
  written: boolean;
}

/** What the entries naming one object ask of it (several can: its key and its name). */
interface Wanted {
  offset: Offset;
  visible: boolean;
  colour: string;
  opacity: number;
}

/** Several entries on one object compose like nested offsets; the last colour given wins. */
function merge(into: Wanted | undefined, c: MeshConfig): Wanted {
  const w = into ?? { offset: IDENTITY, visible: true, colour: '', opacity: 1 };
  const [px, py, pz, rx, ry, rz, sx, sy, sz] = w.offset;
  w.offset = [
    px + c.position.x,
    py + c.position.y,
    pz + c.position.z,
    rx + c.rotation.x,
    ry + c.rotation.y,
    rz + c.rotation.z,
    sx * c.scale.x,
    sy * c.scale.y,
    sz * c.scale.z,
  ];
  w.visible &&= c.visible;
  if (c.color) w.colour = c.color;
  w.opacity *= c.opacity;
  return w;
}

function write(p: Part) {
  const s = p.shown;
  const d = MathUtils.DEG2RAD;
  p.obj.position.set(p.position.x + s[0], p.position.y + s[1], p.position.z + s[2]);
  p.obj.rotation.set(p.rotation.x + s[3] * d, p.rotation.y + s[4] * d, p.rotation.z + s[5] * d, p.rotation.order);
  p.obj.scale.set(p.scale.x * s[6], p.scale.y * s[7], p.scale.z * s[8]);
  if (!p.obj.matrixAutoUpdate) p.obj.updateMatrix();
  p.written = true;
}

/**
 * treeConfig (spec §3 Mesh config per part) and tweenConfig. Entries are keyed by tree key or
 * object name, found again on every model (re)load, so settings survive a reload. Visibility,
 * offsets and colour apply to the object named; opacity and colour also reach every mesh below
 * it (a Group entry colours the whole group; the nearest entry's colour wins, opacities multiply).
 * With tweens on, offsets and opacity move from where they are shown to the new values over
 * `time` ms; visibility and colour change at once.
 */
export function createParts(scope: ModelScope): Feature<Slice> {
  const { ctx, model } = scope;
  const index = indexParts(model.object);
  const parts = new Map<Object3D, Part>();
  const materials = new Map<Object3D, PartMaterial>();
  for (const obj of index.objects) {
    const { position, rotation, scale, visible } = obj;
    parts.set(obj, {
      obj,
      position: position.clone(),
      rotation: rotation.clone(),
      scale: scale.clone(),
      visible,
      shown: IDENTITY,
      from: IDENTITY,
      to: IDENTITY,
      written: false,
    });
    if (hasMaterial(obj)) materials.set(obj, new PartMaterial(obj));
  }
  const tween = createTween(ctx);

  return {
    apply(next, prev) {
      const wanted = new Map<Object3D, Wanted>();
      for (const [key, config] of Object.entries(next.tree)) {
        for (const obj of index.find(key)) wanted.set(obj, merge(wanted.get(obj), config));
      }

      const moving: Part[] = [];
      for (const p of parts.values()) {
        const w = wanted.get(p.obj);
        const visible = p.visible && (w?.visible ?? true);
        if (p.obj.visible !== visible) {
          p.obj.visible = visible;
          p.written = true;
        }
        p.from = p.shown;
        p.to = w?.offset ?? IDENTITY;
        if (!same(p.from, p.to)) moving.push(p);
      }

      const fading: { m: PartMaterial; colour: string; from: number; to: number }[] = [];
      const inherit = (obj: Object3D, colour: string, opacity: number) => {
        const w = wanted.get(obj);
        const c = w?.colour || colour;
        const o = opacity * (w?.opacity ?? 1);
        const m = materials.get(obj);
        if (m) {
          m.set(c, m.shownOpacity); // colour at once, opacity through the tween below
          if (m.shownOpacity !== o) fading.push({ m, colour: c, from: m.shownOpacity, to: o });
        }
        for (const child of obj.children) if (!isHelperObject(child)) inherit(child, c, o);
      };
      inherit(model.object, '', 1);

      // The first apply on a (re)loaded model jumps: the designer's settings are the model's look,
      // not a change to show.
      const animate = prev !== undefined && next.tween.enable;
      tween.start(animate ? next.tween.time : 0, (k) => {
        for (const p of moving) {
          p.shown = k >= 1 ? p.to : lerp(p.from, p.to, k);
          write(p);
        }
        for (const f of fading) f.m.set(f.colour, k >= 1 ? f.to : f.from + (f.to - f.from) * k);
      });
      ctx.invalidate();
    },

    dispose() {
      tween.stop();
      for (const p of parts.values()) {
        if (!p.written) continue;
        p.obj.position.copy(p.position);
        p.obj.rotation.copy(p.rotation);
        p.obj.scale.copy(p.scale);
        p.obj.visible = p.visible;
        if (!p.obj.matrixAutoUpdate) p.obj.updateMatrix();
      }
      for (const m of materials.values()) m.dispose();
      ctx.invalidate();
    },
  };
}
