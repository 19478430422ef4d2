import { BufferAttribute, Color, type BufferGeometry, type Material, type Object3D, type Points } from 'three';
import type { ModelConfig } from '../../../shared/schema/model';
import type { Feature } from '../../engine/context';
import { setColour } from '../../util/colour';
import { scalePointSize } from './points-size';
import { isHelperObject, type ColourSource, type ModelScope } from '../types';
import { materialsOf } from '../../util/materials';

/** The darkest end of the intensity ramp, as a share of hotColor: faint returns stay visible. */
export const RAMP_FLOOR = 0.15;

export function colourSourceOf(geometry: BufferGeometry): ColourSource {
  const recorded = geometry.userData.colourSource as ColourSource | undefined;
  if (recorded === 'rgb' || recorded === 'intensity' || recorded === 'none') return recorded;
  if (geometry.getAttribute('color')) return 'rgb';
  return geometry.getAttribute('intensity') ? 'intensity' : 'none';
}

/** Fill `out` (rgb triples) with hotColor scaled by the ramp at each point's intensity (0..1). */
export function rampColours(out: Float32Array, hot: Color, intensity: { getX(i: number): number } | null): void {
  const n = out.length / 3;
  for (let i = 0; i < n; i++) {
    const v = intensity ? Math.min(1, Math.max(0, intensity.getX(i) || 0)) : 1;
    const k = RAMP_FLOOR + (1 - RAMP_FLOOR) * v;
    out[i * 3] = hot.r * k;
    out[i * 3 + 1] = hot.g * k;
    out[i * 3 + 2] = hot.b * k;
  }
}

type Tinted = Material & { color?: Color; vertexColors: boolean };

/**
 * pointConfig.hotColor, for .pcd point clouds only (docs/point-clouds.md): a cloud with its own
 * rgb/rgba colours keeps them; a cloud with intensity is coloured by a ramp from a dark shade of
 * hotColor (faint returns) to hotColor (strong ones); a cloud with neither is drawn in hotColor.
 * The colours go into a per-point `color` attribute this feature adds (a colour change rewrites
 * it, no rebuild) with the material's vertex colours on and its own colour white, so a part colour
 * from treeConfig still tints the cloud as it does any part.
 * Every cloud's point size also follows its world scale (points-size.ts), so `adaptive` and part
 * scales change how big the cloud looks, not how sparse.
 */
export function createPointColour(scope: ModelScope): Feature<ModelConfig['pointConfig']> {
  const { ctx, model } = scope;
  // The source is read once, before this feature adds a `color` attribute of its own.
  const clouds: { p: Points; source: ColourSource }[] = [];
  const all: Points[] = [];
  if (model.kind === 'points') {
    const visit = (o: Object3D) => {
      if (isHelperObject(o)) return;
      const p = o as Points;
      if (p.isPoints && p.geometry.getAttribute('position')) {
        all.push(p);
        const source = colourSourceOf(p.geometry);
        if (source !== 'rgb') clouds.push({ p, source });
      }
      o.children.forEach(visit);
    };
    visit(model.object);
  }
  const unscale = scalePointSize(all);
  const added = new Map<Points, BufferAttribute>();
  const replaced = new Map<Points, BufferGeometry['attributes'][string]>();
  const changed = new Map<Tinted, { vertexColors: boolean; color: Color | null }>();
  const hot = new Color();

  const prepare = (p: Points) => {
    for (const m of materialsOf(p) as Tinted[]) {
      if (changed.has(m)) continue;
      changed.set(m, { vertexColors: m.vertexColors, color: m.color?.isColor ? m.color.clone() : null });
      m.color?.setRGB(1, 1, 1);
      if (!m.vertexColors) {
        m.vertexColors = true;
        m.needsUpdate = true;
      }
    }
    const attr = new BufferAttribute(new Float32Array(p.geometry.getAttribute('position').count * 3), 3);
    const before = p.geometry.getAttribute('color');
    if (before) replaced.set(p, before);
    p.geometry.setAttribute('color', attr);
    added.set(p, attr);
    return attr;
  };

  return {
    apply(next) {
      setColour(hot, next.hotColor);
      for (const { p, source } of clouds) {
        const attr = added.get(p) ?? prepare(p);
        const intensity = source === 'intensity' ? (p.geometry.getAttribute('intensity') ?? null) : null;
        rampColours(attr.array as Float32Array, hot, intensity);
        attr.needsUpdate = true;
      }
      ctx.invalidate();
    },
    dispose() {
      unscale();
      for (const p of added.keys()) {
        // Free the added attribute's GPU buffer now: once it is off the geometry, the model's
        // geometry.dispose() never sees it. The geometry uploads again on its next draw.
        p.geometry.dispose();
        const before = replaced.get(p);
        if (before) p.geometry.setAttribute('color', before);
        else p.geometry.deleteAttribute('color');
      }
      added.clear();
      replaced.clear();
      for (const [m, was] of changed) {
        if (was.color) m.color?.copy(was.color);
        if (m.vertexColors !== was.vertexColors) {
          m.vertexColors = was.vertexColors;
          m.needsUpdate = true;
        }
      }
      changed.clear();
      ctx.invalidate();
    },
  };
}
