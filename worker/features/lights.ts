import { PCFShadowMap, type Light, type Object3D } from 'three';
import type { LightConfig } from '../../shared/schema/lights';
import type { EngineContext, Feature } from '../engine/context';
import {
  ambientKind,
  directionalKind,
  freeShadowMap,
  hemisphereKind,
  pointKind,
  spotKind,
  type Kind,
  type LightHelper,
} from './lights/kinds';

interface Entry {
  enable: boolean;
  helper?: boolean;
}

interface Slot<L extends Light> {
  light: L;
  helper: LightHelper | null;
  /** In the scene: disabled entries stay allocated but add nothing to what is drawn. */
  on: boolean;
}

/** Directional and spot lights aim at a target object; it must be in the scene to get its matrix. */
const targetOf = (light: Light): Object3D | null => ('target' in light ? (light.target as Object3D) : null);

/**
 * One array of lightConfig: a three light per array index, updated in place. Entries that did not
 * change since the last apply are not touched.
 */
function createGroup<E extends Entry, L extends Light>(ctx: EngineContext, kind: Kind<E, L>) {
  const slots: Slot<L>[] = [];

  function show(s: Slot<L>, on: boolean) {
    if (s.on === on) return;
    s.on = on;
    const target = targetOf(s.light);
    if (on) {
      ctx.scene.add(s.light);
      if (target) ctx.scene.add(target);
    } else {
      ctx.scene.remove(s.light);
      if (target) ctx.scene.remove(target);
      freeShadowMap(s.light);
    }
  }

  function setHelper(s: Slot<L>, wanted: boolean) {
    if (wanted && !s.helper && kind.helper) {
      s.helper = kind.helper(s.light);
      s.helper.name = `dash3d:${kind.label}-helper`;
      ctx.scene.add(s.helper);
    } else if (!wanted && s.helper) {
      ctx.scene.remove(s.helper);
      s.helper.dispose();
      s.helper = null;
    }
    // Helpers copy the light's transform and colour only when asked.
    s.helper?.update();
  }

  function destroy(s: Slot<L>) {
    setHelper(s, false);
    show(s, false);
    s.light.dispose();
  }

  return {
    apply(next: E[], prev: E[] | undefined) {
      while (slots.length > next.length) destroy(slots.pop()!);
      next.forEach((entry, i) => {
        let s = slots[i];
        if (s && prev && i < prev.length && JSON.stringify(prev[i]) === JSON.stringify(entry)) return;
        if (!s) {
          const light = kind.create();
          light.name = `dash3d:${kind.label}[${i}]`;
          s = slots[i] = { light, helper: null, on: false };
        }
        kind.set(s.light, entry);
        show(s, entry.enable);
        setHelper(s, entry.enable && entry.helper === true);
      });
    },
    /** True when a light of this group is drawn and casts shadows. */
    casting: () => slots.some((s) => s.on && s.light.castShadow),
    dispose() {
      slots.splice(0).forEach(destroy);
    },
  };
}

/**
 * lightConfig: ambient, directional, hemisphere, point and spot lights, each array applied
 * incrementally.
 */
export function createLights(ctx: EngineContext): Feature<LightConfig> {
  const groups = {
    ambientLight: createGroup(ctx, ambientKind),
    directionalLight: createGroup(ctx, directionalKind),
    hemisphereLight: createGroup(ctx, hemisphereKind),
    pointLight: createGroup(ctx, pointKind),
    spotLight: createGroup(ctx, spotKind),
  };
  const all = Object.values(groups);
  // PCFSoftShadowMap is deprecated in three 0.187 (it falls back to PCF with a warning).
  ctx.renderer.shadowMap.type = PCFShadowMap;

  return {
    apply(next, prev) {
      groups.ambientLight.apply(next.ambientLight, prev?.ambientLight);
      groups.directionalLight.apply(next.directionalLight, prev?.directionalLight);
      groups.hemisphereLight.apply(next.hemisphereLight, prev?.hemisphereLight);
      groups.pointLight.apply(next.pointLight, prev?.pointLight);
      groups.spotLight.apply(next.spotLight, prev?.spotLight);
      /*
       * The shadow pass runs only while some drawn light casts. No material needs `needsUpdate`
       * when this flips: it flips only when the count of casting lights goes to or from zero,
       * which changes three's light-state hash, and that alone rebuilds every lit program (the
       * browser test switches castShadow off and on and reads the ground back).
       */
      ctx.renderer.shadowMap.enabled = all.some((g) => g.casting());
      ctx.invalidate();
    },
    dispose() {
      all.forEach((g) => g.dispose());
      ctx.renderer.shadowMap.enabled = false;
    },
  };
}
